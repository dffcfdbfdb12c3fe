/** The APP version pages' calls: the public landing page's latest version, the operators' list and publish. */
import {
  type AppVersion,
  appVersionEditOperation,
  appVersionListOperation,
  appVersionSaveOperation,
  appVersionWithdrawOperation,
  type EditAppVersionBody,
  type LatestAppVersion,
  latestAppVersionOperation,
  type Page,
  type SaveAppVersionBody,
} from '@fieldpay/domain';
import { call, callWithMessage } from '../../app/api-client';

/** The newest app version for the public landing page; null before the first release. */
export async function latestAppVersion(): Promise<LatestAppVersion | null> {
  return call(latestAppVersionOperation, undefined, { silent: true });
}

export async function appVersionList(pageNo: number, pageSize: number): Promise<Page<AppVersion>> {
  return call(appVersionListOperation, { pageNo, pageSize });
}

/** Publishes a version; answers the server's message (发布成功). */
export async function publishAppVersion(body: SaveAppVersionBody): Promise<string> {
  return (await callWithMessage(appVersionSaveOperation, body)).message;
}

/** Edits a published version's package, App Store link and notes; answers the server's message. */
export async function editAppVersion(body: EditAppVersionBody): Promise<string> {
  return (await callWithMessage(appVersionEditOperation, body)).message;
}

/** Withdraws a version from the download page; answers the server's message (已撤回). */
export async function withdrawAppVersion(id: number): Promise<string> {
  return (await callWithMessage(appVersionWithdrawOperation, { id })).message;
}
