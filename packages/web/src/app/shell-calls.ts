/** Look-ups of the console shell that screens share too: config values and the unread notice count. */
import { http } from './api-client';

export interface ConfigValue {
  configKey: string;
  content: string;
}

/** A system config value (the upload size limit, the APP download address); silent: callers fall back. */
/** The query key of one configuration value, shared by every widget that reads it. */
export const configValueKey = (configKey: string) => ['config', configKey] as const;

export async function configValue(configKey: string): Promise<ConfigValue | null> {
  const answer = await http.get<ConfigValue | null>('/api/sys2/config/queryByKey', { configKey }, { silent: true });
  return answer.result;
}

/** Query key of the top bar's unread count: invalidate it after marking notices read. */
export const UNREAD_NOTICE_COUNT_KEY = ['notice', 'unreadCount'] as const;

export async function unreadNoticeCount(): Promise<number> {
  const answer = await http.get<number>('/api/sys/notice/unreadCount', undefined, { silent: true });
  return Number(answer.result) || 0;
}
