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
 * requester and the validated filters with the cache record and later asks `page` for the rows in
 * id order, a window at a time, so a large export never sits in memory.
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
  /** rows after `afterId` in ascending id order, at most `limit` */
  page(db: DbOrTx, requester: ExportRequester, filters: Filters, afterId: number, limit: number): Promise<Row[]>;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds definitions of any filters and rows
export type AnyExportDefinition = ExportDefinition<any, any>;

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
