/**
 * Calls of the shared list pieces (decision 0004): column layouts, notices, the sensitive-word check
 * and the operator's word list, and the tax-source lookup of the tax-source picker.
 */
import type {
  ColumnLayoutItem,
  ColumnLayoutResult,
  NoticeReadFlag,
  NoticeRecord,
  Page,
  SensitiveWordRecord,
} from '@fieldpay/domain';
import { COLUMN_LAYOUT_TYPE } from '@fieldpay/domain';
import { http } from '../app/api-client';
import { ApiError } from './http';

// ---- column layouts (spec 2 §7)

/** The user's layout of a list; silent: a failure leaves the defaults in place. */
export async function fetchColumnLayout(serviceName: string): Promise<ColumnLayoutResult> {
  const answer = await http.get<ColumnLayoutResult>('/api/sys2/column/get', { serviceName }, { silent: true });
  return answer.result;
}

export async function saveColumnLayout(serviceName: string, columns: ColumnLayoutItem[]): Promise<ColumnLayoutResult> {
  const answer = await http.post<ColumnLayoutResult>('/api/sys2/column/save', {
    serviceName,
    contentJson: JSON.stringify(columns),
    type: COLUMN_LAYOUT_TYPE,
  });
  return answer.result;
}

// ---- notices (spec 1 §2, §7)

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

// ---- sensitive words (spec 1 §5, §7; spec 3 §7)

export interface SensitiveCheckOutcome {
  /** listed words found; empty when the text is clean */
  words: string[];
  message: string;
}

/**
 * The sensitive-word check, answering the words found (empty when clean) rather than showing a toast,
 * so a form can name them where the text is; other failures reject (silent: the caller shows them).
 */
export async function findSensitiveWords(text: string): Promise<SensitiveCheckOutcome> {
  try {
    const answer = await http.post<{ words: string[] }>(
      '/api/sys2/sensitive/check',
      { senWords: text },
      { silent: true },
    );
    return { words: answer.result.words, message: answer.message };
  } catch (error) {
    const words = error instanceof ApiError ? (error.result as { words?: unknown } | null)?.words : undefined;
    if (Array.isArray(words)) return { words: words.map(String), message: error instanceof Error ? error.message : '' };
    throw error;
  }
}

export async function fetchSensitiveWords(query: {
  pageNo: number;
  pageSize: number;
  word?: string;
}): Promise<Page<SensitiveWordRecord>> {
  const answer = await http.get<Page<SensitiveWordRecord>>('/api/sys2/sensitive/list', query);
  return answer.result;
}

export async function addSensitiveWords(
  words: string[],
): Promise<{ added: string[]; existing: string[]; message: string }> {
  const answer = await http.post<{ added: string[]; existing: string[] }>('/api/sys2/sensitive/add', { words });
  return { ...answer.result, message: answer.message };
}

export async function deleteSensitiveWords(ids: number[]): Promise<string> {
  const answer = await http.post<{ deleted: number }>('/api/sys2/sensitive/delete', { ids });
  return answer.message;
}

// ---- tax sources (spec 1 §7 remote-select catalogue: tax, by tenantId and taxName)

export interface TaxSource {
  id: number;
  taxName: string;
  tenantId: number;
}

export async function searchTaxSources(query: {
  tenantId?: number;
  taxName?: string;
  pageNo: number;
  pageSize: number;
}): Promise<Page<TaxSource>> {
  const answer = await http.get<Page<TaxSource>>('/api/sys/lookup/tax', query, { silent: true });
  return answer.result;
}
