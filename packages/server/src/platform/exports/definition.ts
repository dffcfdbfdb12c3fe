import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { ExportRequester } from '../../db/schema';

/** A cell as exceljs takes it. */
export type Cell = string | number | Date | null;

export interface ExportColumn<Row> {
  header: string;
  /** in characters */
  width: number;
  value: (row: Row) => Cell;
  /** personal data: written through this mask unless the export was requested unmasked */
  mask?: (value: string) => string;
}

/** What the cache list shows for a record besides its type and status. */
export interface ExportLabels {
  projectName: string;
  serviceType: string;
}

/**
 * One kind of export, owned by the module whose rows it writes. The export service stores the
 * requester and the validated filters with the cache record; the job later takes the `rows`, a
 * window at a time in id order (usually by `readAhead`), so a large export never sits in memory.
 */
export interface ExportDefinition<Filters, Row extends { id: number }> {
  kind: string;
  /** dict download_type */
  downloadType: number;
  /** sheet name and the start of the file name */
  title: string;
  filters: z.ZodType<Filters>;
  columns: readonly ExportColumn<Row>[];
  labels(db: DbOrTx, requester: ExportRequester, filters: Filters): Promise<ExportLabels>;
  count(db: DbOrTx, requester: ExportRequester, filters: Filters): Promise<number>;
  /** every row, in windows of at most `windowRows` */
  rows(db: DbOrTx, requester: ExportRequester, filters: Filters, windowRows: number): AsyncIterable<Row[]>;
}

/** windows whose ids one `idsAfter` query picks */
const WINDOWS_PER_IDS_QUERY = 4;

/**
 * Windows of rows in id order, read ahead: `idsAfter` picks the ids of the next few windows
 * (keyset: the ids after the last one, at most `limit`; a small query on the primary key) and
 * `rowsOf` reads the rows of one window's ids. The next ids are asked for as soon as the previous
 * are known, and up to `ahead` windows are being read (on as many connections) while the consumer
 * writes the current one. Picking ids first keeps the row query's plan to primary-key lookups: with
 * a few hundred ids the planner never prefers a full scan, statistics or not (PGlite never has them).
 */
export async function* readAhead<Row>(
  idsAfter: (afterId: number, limit: number) => Promise<number[]>,
  rowsOf: (ids: number[]) => Promise<Row[]>,
  windowRows: number,
  ahead = 2,
): AsyncGenerator<Row[]> {
  const idsPerQuery = windowRows * WINDOWS_PER_IDS_QUERY;
  // awaited in order; a failure meanwhile must not count as unhandled
  const handled = <T>(promise: Promise<T>) => {
    promise.catch(() => undefined);
    return promise;
  };
  const windows: Promise<Row[]>[] = [];
  let nextIds = handled(idsAfter(0, idsPerQuery));
  for (;;) {
    const ids = await nextIds;
    if (ids.length === 0) break;
    nextIds = handled(ids.length < idsPerQuery ? Promise.resolve([]) : idsAfter(ids[ids.length - 1], idsPerQuery));
    for (let start = 0; start < ids.length; start += windowRows) {
      windows.push(handled(rowsOf(ids.slice(start, start + windowRows))));
      if (windows.length >= ahead) yield await (windows.shift() as Promise<Row[]>);
    }
  }
  while (windows.length > 0) yield await (windows.shift() as Promise<Row[]>);
}

/**
 * A document the export centre files instead of a sheet (a PDF report): recorded, queued, kept and
 * expired as any export; the job asks `render` for the file's bytes, read as the requester.
 */
export interface DocumentExportDefinition<Filters> {
  kind: string;
  downloadType: number;
  /** the start of the file name */
  title: string;
  /** the file's extension, without the dot */
  extension: string;
  filters: z.ZodType<Filters>;
  labels(db: DbOrTx, requester: ExportRequester, filters: Filters): Promise<ExportLabels>;
  render(db: DbOrTx, requester: ExportRequester, filters: Filters): Promise<Uint8Array>;
}

export const isDocumentExport = (
  // biome-ignore lint/suspicious/noExplicitAny: a registry holds definitions of any filters and rows
  definition: ExportDefinition<any, any> | DocumentExportDefinition<any>,
  // biome-ignore lint/suspicious/noExplicitAny: as above
): definition is DocumentExportDefinition<any> => 'render' in definition;

// biome-ignore lint/suspicious/noExplicitAny: a registry holds definitions of any filters and rows
export type AnyExportDefinition = ExportDefinition<any, any> | DocumentExportDefinition<any>;

/** Cells of one row: masked personal data unless `unmasked`. */
export function cellsOf<Row>(columns: readonly ExportColumn<Row>[], row: Row, unmasked: boolean): Cell[] {
  const cells = new Array<Cell>(columns.length);
  for (let index = 0; index < columns.length; index++) {
    const column = columns[index];
    const value = column.value(row);
    cells[index] = column.mask && !unmasked && typeof value === 'string' ? column.mask(value) : value;
  }
  return cells;
}
