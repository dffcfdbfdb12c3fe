/** How a value without content is shown in cells and descriptions (a muted dash), and read from a search field. */
import type { ReactNode } from 'react';
import './list/list.css';

/** A cell or description with nothing to show. */
export const EMPTY_CELL = <span className="list-empty-cell">-</span>;

/** The value, or the muted dash when it is empty (null, undefined or ''). */
export const orDash = (value: ReactNode): ReactNode =>
  value === null || value === undefined || value === '' ? EMPTY_CELL : value;

/** A search field's text, trimmed; undefined when it holds nothing but blanks (no filter). */
export const searchText = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;
