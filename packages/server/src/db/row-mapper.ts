import { isDeepStrictEqual } from 'node:util';
import * as drizzle from 'drizzle-orm';
import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

/**
 * Drizzle's row mapping, written out once per statement. Drizzle maps each cell of each row by
 * asking what its field is (`is(field, Column)`, a walk up the prototype chain) and walking the
 * field's path; on a list of 20 rows of 17 columns that was 7% of a request's CPU. This builds, from
 * the statement's selected fields, one function that makes a row's object literal directly, with the
 * same decoders and the same nulling of a left-joined table whose row is missing. Under the tests
 * every row it maps is compared with drizzle's own mapping.
 */

/** Drizzle's own mapping (exported, not typed): the reference the written-out one is checked against. */
const mapResultRow = (
  drizzle as unknown as {
    mapResultRow(fields: SelectedField[], row: unknown[], nullable: Record<string, boolean> | undefined): unknown;
  }
).mapResultRow;

/** A selected field as drizzle's prepared select lists it: where it goes in the row object, and what it is. */
export interface SelectedField {
  path: string[];
  field: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

export type RowMapper = (rows: unknown[][]) => Record<string, unknown>[];

const checkRows = process.env.VITEST !== undefined;

/** What decodes a field's cells, as drizzle picks it (a statement's `decoder` is internal to drizzle). */
function decoderOf(field: unknown): Decoder {
  type Decoded = { decoder: Decoder };
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: Decoded } })._.sql.decoder;
  return (field as { sql: Decoded }).sql.decoder;
}

interface Branch {
  /** the fields under this object, by index into the row */
  leaves: Map<string, number>;
  branches: Map<string, Branch>;
  /** keys in the order drizzle first meets them */
  order: string[];
}

const branch = (): Branch => ({ leaves: new Map(), branches: new Map(), order: [] });

/**
 * Where in the row to look to null the object `name` (drizzle nulls an object of columns, all of one
 * table joined as nullable, when its first column is null): that column's index, or null if it never is.
 */
function nulledTable(fields: SelectedField[], name: string, nullable: Record<string, boolean>): number | null {
  let first: number | null = null;
  let table: string | null = null;
  for (const [index, { path, field }] of fields.entries()) {
    if (path.length !== 2 || path[0] !== name || !is(field, Column)) continue;
    const own = getTableName(field.table);
    if (first === null) {
      first = index;
      table = own;
    } else if (own !== table) return null;
  }
  return first !== null && table !== null && !nullable[table] ? first : null;
}

/** One mapping function for the rows of a statement that selects `fields`. */
export function rowMapperOf(
  fields: SelectedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): RowMapper {
  const decoders = fields.map(({ field }) => decoderOf(field));
  const root = branch();
  for (const [index, { path }] of fields.entries()) {
    let node = root;
    for (const [depth, key] of path.entries()) {
      if (depth === path.length - 1) {
        if (!node.leaves.has(key) && !node.branches.has(key)) node.order.push(key);
        node.leaves.set(key, index);
      } else {
        let next = node.branches.get(key);
        if (!next) {
          next = branch();
          node.branches.set(key, next);
          node.order.push(key);
        }
        node = next;
      }
    }
  }
  const cell = (index: number) => `(row[${index}] === null ? null : d[${index}].mapFromDriverValue(row[${index}]))`;
  const literal = (node: Branch): string =>
    `{ ${node.order
      .map((key) => {
        const leaf = node.leaves.get(key);
        return `${JSON.stringify(key)}: ${leaf !== undefined ? cell(leaf) : literal(node.branches.get(key) as Branch)}`;
      })
      .join(', ')} }`;
  const top = root.order.map((key) => {
    const leaf = root.leaves.get(key);
    if (leaf !== undefined) return `${JSON.stringify(key)}: ${cell(leaf)}`;
    const object = literal(root.branches.get(key) as Branch);
    const nulled = joinsNotNullableMap ? nulledTable(fields, key, joinsNotNullableMap) : null;
    return `${JSON.stringify(key)}: ${nulled === null ? object : `row[${nulled}] === null ? null : ${object}`}`;
  });
  const mapOne = new Function('row', 'd', `return { ${top.join(', ')} };`) as (
    row: unknown[],
    decoders: Decoder[],
  ) => Record<string, unknown>;
  return (rows) =>
    rows.map((row) => {
      const mapped = mapOne(row, decoders);
      if (checkRows) assertAsDrizzle(fields, row, joinsNotNullableMap, mapped);
      return mapped;
    });
}

function assertAsDrizzle(
  fields: SelectedField[],
  row: unknown[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
  mapped: Record<string, unknown>,
): void {
  const expected = mapResultRow(fields, row, joinsNotNullableMap);
  if (!isDeepStrictEqual(mapped, expected)) {
    throw new Error(`row mapped unlike drizzle: ${JSON.stringify(mapped)} instead of ${JSON.stringify(expected)}`);
  }
}
