/** The notice list's calls and query key (spec 1 §2, §7); the unread count is the shell's (app/shell-calls.ts). */
import {
  type NoticeReadFlag,
  type NoticeRecord,
  noticeListOperation,
  noticeReadAllOperation,
  noticeReadOperation,
  type Page,
} from '@fieldpay/domain';
import { call, callWithMessage } from '../../app/api-client';

export const NOTICE_LIST_KEY = ['notice', 'list'] as const;

export async function fetchNotices(query: {
  pageNo: number;
  pageSize: number;
  readFlag?: NoticeReadFlag;
}): Promise<Page<NoticeRecord>> {
  // a query string carries the flag as text
  const readFlag = query.readFlag === undefined ? undefined : (String(query.readFlag) as '0' | '1');
  return call(noticeListOperation, { ...query, readFlag });
}

export async function markNoticesRead(ids: number[]): Promise<{ updated: number; message: string }> {
  const { result, message } = await callWithMessage(noticeReadOperation, { ids });
  return { updated: result.updated, message };
}

export async function markAllNoticesRead(): Promise<{ updated: number; message: string }> {
  const { result, message } = await callWithMessage(noticeReadAllOperation, undefined);
  return { updated: result.updated, message };
}
