import type { LookupPage, Page } from '@fieldpay/domain';
import { type Column, ilike, type SQL } from 'drizzle-orm';
import { escapeLike } from '../tenants/service';

/**
 * Pieces every lookup is built from: the session's scope as SQL, the search text as an escaped
 * ILIKE, and the page window. Column names are fixed in code; the client only supplies values.
 */

/** `column` contains `text` literally (its % and _ are not wildcards); no condition for empty text. */
export const contains = (column: Column, text: string | undefined): SQL | undefined =>
  text ? ilike(column, `%${escapeLike(text)}%`) : undefined;

export const offsetOf = (page: LookupPage): number => (page.pageNo - 1) * page.pageSize;

/**
 * Runs the count and, when the page can hold anything, the page itself. Past the last page the
 * answer is an empty page with the real total.
 */
export async function pageOf<Row, Out>(
  page: LookupPage,
  total: () => Promise<number>,
  rows: (limit: number, offset: number) => Promise<Row[]>,
  toRecord: (row: Row) => Out,
): Promise<Page<Out>> {
  const count = await total();
  const offset = offsetOf(page);
  if (count === 0 || offset >= count) return { records: [], total: count };
  return { records: (await rows(page.pageSize, offset)).map(toRecord), total: count };
}

/** "a · b" of the parts that are present. */
export const joinParts = (...parts: Array<string | null | undefined>): string =>
  parts.filter((part) => part !== undefined && part !== null && part !== '').join(' · ');
