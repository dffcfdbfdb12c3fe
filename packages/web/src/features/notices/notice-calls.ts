/** The notice list's calls and query key (spec 1 §2, §7); the unread count is the shell's (app/shell-calls.ts). */
import type { NoticeReadFlag, NoticeRecord, Page } from '@fieldpay/domain';
import { http } from '../../app/api-client';

export const NOTICE_LIST_KEY = ['notice', 'list'] as const;

export async function fetchNotices(query: {
  pageNo: number;
  pageSize: number;
  readFlag?: NoticeReadFlag;
}): Promise<Page<NoticeRecord>> {
  const answer = await http.get<Page<NoticeRecord>>('/api/sys/notice/list', query);
  return answer.result;
}

export async function markNoticesRead(ids: number[]): Promise<{ updated: number; message: string }> {
  const answer = await http.post<{ updated: number }>('/api/sys/notice/read', { ids });
  return { updated: answer.result.updated, message: answer.message };
}

export async function markAllNoticesRead(): Promise<{ updated: number; message: string }> {
  const answer = await http.post<{ updated: number }>('/api/sys/notice/readAll');
  return { updated: answer.result.updated, message: answer.message };
}
