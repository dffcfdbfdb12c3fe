/** Look-ups of the console shell that screens share too: config values and the unread notice count. */
import { type ConfigValue, configValueOperation, noticeUnreadCountOperation } from '@fieldpay/domain';
import { call } from './api-client';

export type { ConfigValue };

/** The query key of one configuration value, shared by every widget that reads it. */
export const configValueKey = (configKey: string) => ['config', configKey] as const;

/** A system config value (the upload size limit, the APP download address); silent: callers fall back. */
export async function configValue(configKey: string): Promise<ConfigValue | null> {
  return call(configValueOperation, { configKey }, { silent: true });
}

/** Query key of the top bar's unread count: invalidate it after marking notices read. */
export const UNREAD_NOTICE_COUNT_KEY = ['notice', 'unreadCount'] as const;

export async function unreadNoticeCount(): Promise<number> {
  return call(noticeUnreadCountOperation, undefined, { silent: true });
}
