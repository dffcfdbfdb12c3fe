/** The sensitive-word page's calls (spec 1 §5, §7; spec 3 §7): the operator's word list and the check. */
import {
  type Page,
  type SensitiveWordRecord,
  sensitiveCheckOperation,
  sensitiveWordAddOperation,
  sensitiveWordDeleteOperation,
  sensitiveWordListOperation,
} from '@fieldpay/domain';
import { ApiError } from '../../api/http';
import { call, callWithMessage } from '../../app/api-client';

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
    const answer = await callWithMessage(sensitiveCheckOperation, { senWords: text }, { silent: true });
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
  return call(sensitiveWordListOperation, query);
}

export async function addSensitiveWords(
  words: string[],
): Promise<{ added: string[]; existing: string[]; message: string }> {
  const answer = await callWithMessage(sensitiveWordAddOperation, { words });
  return { ...answer.result, message: answer.message };
}

export async function deleteSensitiveWords(ids: number[]): Promise<string> {
  return (await callWithMessage(sensitiveWordDeleteOperation, { ids })).message;
}
