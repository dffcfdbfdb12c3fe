/**
 * PostgreSQL takes at most 65,535 parameters in one statement, so a multi-row insert of rows with
 * 15-20 values each fails past 3,000-4,000 rows (a settlement of 5,000 persons). Such inserts go
 * in slices of at most this many rows.
 */
export const INSERT_SLICE_ROWS = 1_000;

/** `rows` cut into consecutive slices of at most `size`. */
export function slices<T>(rows: readonly T[], size = INSERT_SLICE_ROWS): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < rows.length; at += size) out.push(rows.slice(at, at + size));
  return out;
}
