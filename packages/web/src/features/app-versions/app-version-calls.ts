/** The APP version pages' calls: the public landing page's latest version, the operators' list and publish. */
import type { AppVersion, LatestAppVersion, Page, SaveAppVersionBody } from '@fieldpay/domain';
import { http } from '../../app/api-client';

/** The newest app version for the public landing page; null before the first release. */
export async function latestAppVersion(): Promise<LatestAppVersion | null> {
  const answer = await http.get<LatestAppVersion | null>('/api/sys2/app/version/latest', undefined, { silent: true });
  return answer.result;
}

export async function appVersionList(pageNo: number, pageSize: number): Promise<Page<AppVersion>> {
  const answer = await http.get<Page<AppVersion>>('/api/sys2/app/version/list', { pageNo, pageSize });
  return answer.result;
}

/** Publishes a version; answers the server's message (发布成功). */
export async function publishAppVersion(body: SaveAppVersionBody): Promise<string> {
  const answer = await http.post<AppVersion>('/api/sys2/app/version/save', body);
  return answer.message;
}
