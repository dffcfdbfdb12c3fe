import { type Column, ilike, type SQL } from 'drizzle-orm';

/**
 * Pieces every lookup is built from: the session's scope as SQL and the search text as an escaped
 * ILIKE (the page itself: db/paging.ts). Column names are fixed in code; the client only supplies values.
 */

/** LIKE patterns come from users: their wildcards are literal. */
export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `column` contains `text` literally (its % and _ are not wildcards); no condition for empty text. */
export const contains = (column: Column, text: string | undefined): SQL | undefined =>
  text ? ilike(column, `%${escapeLike(text)}%`) : undefined;

/** "a · b" of the parts that are present. */
export const joinParts = (...parts: Array<string | null | undefined>): string =>
  parts.filter((part) => part !== undefined && part !== null && part !== '').join(' · ');
