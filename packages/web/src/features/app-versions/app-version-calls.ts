/** The APP version pages' calls: the public landing page's latest version, the operators' list and publish. */
import {
  type AppVersion,
  appVersionListOperation,
  appVersionSaveOperation,
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
