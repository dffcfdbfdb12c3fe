import crypto from 'node:crypto';
import type { Page } from '@fieldpay/domain';
import { type Column, getTableName, is, Placeholder, SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';
import { type RowMapper, rowMapperOf, type SelectedField } from './row-mapper';
import { listChanges } from './schema/list-changes';
import { activeScopeKey } from './scope';

/**
 * Every paged list with a total (decision 0011). One statement brings the page and its total: the
 * page's keys are chosen first, from an index that matches the list's scope and order, and only
 * those rows are joined and given their per-row columns, so a deep page costs what a first page
 * does plus walking the index; the total is counted in the same statement, but at most
 * EXACT_TOTAL_UP_TO rows of it. Past that the answer carries the planner's estimate and says so
 * (`totalExact: false`, the pager shows 约 N 条), and the estimate is kept for a minute, so an
 * all-tenant list never counts a million rows. A page asked again, or the page after one just
 * served, starts after a remembered key instead of skipping rows (keyset under the page number).
 */

/** Totals up to this are exact (2,500 pages of 20); past it they are estimated. */
export const EXACT_TOTAL_UP_TO = 50_000;
/** How long an estimated total and a remembered page start are used before being looked up anew. */
export const PAGING_MEMORY_MS = 60_000;
const MEMORY_ENTRIES = 5_000;

export interface PageWindow {
  pageNo: number;
  pageSize: number;
}

export type Direction = 'asc' | 'desc';

/** What the rows query selects besides the list's own columns (spread `page.columns` into it). */
export interface PageColumns {
  pageKey: unknown;
  pageTotal: number | null;
  pageChanges: number | null;
}

export interface PageFrame<K extends Column> {
  /** `db.select({ ...fields, ...page.columns })`: the page key, the total and the followed tables' changes ride along each row */
  columns: { pageKey: K; pageTotal: SQL<number | null>; pageChanges: SQL<number | null> };
  /** `(select key …)`: this page's keys, for `inArray(key, page.keys)` */
  keys: SQL;
  /** the list's order, for the rows query's `.orderBy(...page.orderBy)` */
  orderBy: SQL[];
}

export interface PagedList<K extends Column, R extends PageColumns, Out> {
  /** the table the rows are counted and paged in, or that table with the joins its filters need */
  from: PgTable | SQL;
  /** the viewer's scope and the list's filters, over `from` only */
  where: SQL | undefined;
  /** a unique column of `from` that names a row (its id) */
  key: K;
  /** the order; it ends with the key, so no two rows tie; by the key alone it can be keyset-paged */
  orderBy: Array<[Column, Direction]>;
  /** `from` is a join that repeats a key (a user with several memberships): count and page distinct keys */
  distinct?: boolean;
  /** the page's rows with everything the records show, `where inArray(key, page.keys)`, not run */
  rows: (page: PageFrame<K>) => PageStatement<R>;
  toRecord: (row: Omit<R, keyof PageColumns>) => Out;
  /**
   * The tables whose rows decide the total: every table `from` and `where` read (subqueries
   * included), each followed by a migration's `app_follow_list_changes` (checked on first use). An
   * exact total is then remembered and given again, without counting, while no write to them has
   * been committed since it was counted (table list_changes). Leave it out and every page counts.
   */
  totalFollows?: readonly PgTable[];
  /** a lower limit for exact totals (tests); never above EXACT_TOTAL_UP_TO in the product */
  exactUpTo?: number;
  /**
   * The list's name for its statements, built once per shape instead of once per request (the
   * filters present, the order, the page size, how the total and the page start are found): the
   * scope's and filters' values travel as parameters of the statement built the first time. Give
   * it only where `rows` reads nothing of the request but the frame it is handed; under the tests
   * every statement given again is also built anew and compared, so a list that breaks that fails.
   */
  cacheAs?: string;
}

/** An unexecuted select (drizzle's query builder): the helper names it, then runs it. */
export interface PageStatement<R> {
  prepare(name: string): PreparedPage<R>;
}

interface PreparedPage<R> {
  execute(): Promise<R[]>;
  getQuery(): { sql: string };
}

/** A statement's name from its text: the same text gets the same name, which pg prepares once per connection. */
const statementName = (text: string) => `page_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

/** What runs a statement (a transaction's drizzle session), as drizzle's query builder calls it. */
interface SessionParts {
  dialect: PgDialect;
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: unknown,
      name: string,
      arrayMode: boolean,
      customResultMapper?: RowMapper,
    ): { execute(values?: Record<string, unknown>): Promise<unknown> };
  };
}

/** A page statement as drizzle prepared it: its text, parameters (values or placeholders) and how rows map. */
interface StatementTemplate {
  name: string;
  text: string;
  params: unknown[];
  /** the selected fields, for drizzle's mapping (raw statements have none) */
  fields: SelectedField[] | undefined;
  /** the same mapping, written out once for this statement (row-mapper.ts) */
  mapRows: RowMapper | undefined;
}

function templateOf<R>(statement: PageStatement<R>): StatementTemplate {
  const prepared = statement.prepare('') as unknown as {
    getQuery(): { sql: string; params: unknown[] };
    fields: SelectedField[];
    joinsNotNullableMap: Record<string, boolean> | undefined;
  };
  const { sql: text, params } = prepared.getQuery();
  return {
    name: statementName(text),
    text,
    params,
    fields: prepared.fields,
    mapRows: rowMapperOf(prepared.fields, prepared.joinsNotNullableMap),
  };
}

/** A raw statement as a template (its rows are read as they come, not mapped to fields). */
function templateOfSql(statement: SQL): StatementTemplate {
  const { text, values } = partOf(statement);
  return { name: statementName(text), text, params: values, fields: undefined, mapRows: undefined };
}

/** Runs a raw statement's template as a named prepared statement, with its placeholders' values. */
async function executeTemplate<R>(
  db: DbOrTx,
  template: StatementTemplate,
  values: Record<string, unknown>,
): Promise<R[]> {
  const { session } = db as unknown as SessionParts;
  const prepared = session.prepareQuery(
    { sql: template.text, params: template.params },
    undefined,
    template.name,
    false,
  );
  const { rows } = (await prepared.execute(values)) as { rows: R[] };
  return rows;
}

/** The template as a statement of this transaction, named after its text (pg prepares a name once per connection). */
function preparedOf<R>(
  db: DbOrTx,
  template: StatementTemplate,
): { execute(values: Record<string, unknown>): Promise<R[]> } {
  const { session } = db as unknown as SessionParts;
  const prepared = session.prepareQuery(
    { sql: template.text, params: template.params },
    template.fields,
    template.name,
    true,
    template.mapRows,
  );
  return prepared as unknown as { execute(values: Record<string, unknown>): Promise<R[]> };
}

/**
 * A raw statement (one whose shape the query builder cannot write: CTEs joined laterally) run as
 * a named prepared statement, as the paged lists' statements are: planned once per connection and
 * shape rather than on every request. Its values travel as parameters.
 */
export async function executeNamed<R>(db: DbOrTx, statement: SQL): Promise<R[]> {
  const { dialect, session } = db as unknown as SessionParts;
  const query = dialect.sqlToQuery(statement);
  const { rows } = (await session.prepareQuery(query, undefined, statementName(query.sql), false).execute()) as {
    rows: R[];
  };
  return rows;
}

/** A small map whose entries expire; the oldest entry goes when it is full. */
class Memory<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > Date.now()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, until: Date.now() + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

interface Boundary {
  /** `<=` / `>=` the first key of the page asked again; `<` / `>` the last key of the page before */
  op: '<' | '<=' | '>' | '>=';
  value: unknown;
}

/** Estimated totals per scope and list: the estimate stands for a minute. */
const estimates = new Memory<number>(PAGING_MEMORY_MS, MEMORY_ENTRIES);
/** Exact totals per scope and list, with the sum of the followed tables' changes they were counted at. */
const totals = new Memory<{ changes: number; total: number }>(PAGING_MEMORY_MS, MEMORY_ENTRIES);
/** Where a page of a list starts, per scope, list, page size and page number. */
const boundaries = new Memory<Boundary>(PAGING_MEMORY_MS, MEMORY_ENTRIES);
/** Sums beside a list (its amount total) per scope and query, with the followed tables' changes they were summed at. */
const sums = new Memory<{ changes: number; sum: number }>(PAGING_MEMORY_MS, MEMORY_ENTRIES);

/** Forgets estimated totals and page starts (tests; a bulk import may call it too). */
export function forgetPaging(): void {
  estimates.clear();
  totals.clear();
  boundaries.clear();
  sums.clear();
}

let pageStartsOn = true;
/** Stops (or resumes) starting pages at remembered keys: every page is found by counting (benches, tests). */
export function rememberPageStarts(on: boolean): void {
  pageStartsOn = on;
  if (!on) boundaries.clear();
}

const dialect = new PgDialect();

/** A part of a statement as its text and values: the text is its shape, the values fill it. */
interface Part {
  text: string;
  values: unknown[];
}

const partOf = (query: SQL): Part => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, values: params };
};

/**
 * The part again with its values as placeholders `${prefix}0`, `${prefix}1`, …, for a statement
 * built once per shape. Undefined when the text's markers are not exactly $1…$n in order (a
 * literal that looks like one): that list is then built per request.
 */
function placeholdersOf(part: Part, prefix: string): SQL | undefined {
  // split around a capture group: text, number, text, number, …, text
  const pieces = part.text.split(/\$(\d+)/);
  if ((pieces.length - 1) / 2 !== part.values.length) return undefined;
  const chunks: SQL[] = [];
  for (let i = 0; i < pieces.length; i += 2) {
    chunks.push(sql.raw(pieces[i]));
    if (i + 1 === pieces.length) break;
    const marker = Number(pieces[i + 1]);
    if (marker !== i / 2 + 1) return undefined;
    chunks.push(sql`${sql.placeholder(`${prefix}${marker - 1}`)}`);
  }
  return sql.join(chunks);
}

const valuesOf = (part: Part, prefix: string) =>
  Object.fromEntries(part.values.map((value, index) => [`${prefix}${index}`, value]));

/** Page statements built once per list and shape (`cacheAs`). */
const templates = new Memory<StatementTemplate>(Number.POSITIVE_INFINITY, MEMORY_ENTRIES);
/** Under the tests a template given again is checked against the statement built anew (`cacheAs`'s promise). */
const checkTemplates = process.env.VITEST !== undefined;

/** A statement's scope and filters, as built (`sql`) and as text and values (`part`). */
interface Scoped {
  sql: SQL;
  part: Part;
}

/** What a statement is built from: the scope, the filters and the helper's own values (or placeholders for them). */
interface StatementInputs {
  from: SQL;
  where: SQL;
  own: Record<string, unknown>;
}

/**
 * The statement for this request and the values that fill it. Given a name, it is built once per
 * name and `shape` from placeholders (for the values of `from` and `where`, and for each of `own`)
 * and given again with this request's values; under the tests, each time it is given again it is
 * compared with the statement built anew. Without a name, or when a part's text cannot be turned
 * into placeholders, it is built from this request's values.
 */
function statementFor(
  name: string | undefined,
  shape: string,
  scope: { from: Scoped; where: Scoped },
  own: Record<string, unknown>,
  build: (inputs: StatementInputs) => StatementTemplate,
): { template: StatementTemplate; values: Record<string, unknown> } {
  const actual = { from: scope.from.sql, where: scope.where.sql, own };
  const from = name ? placeholdersOf(scope.from.part, 'f') : undefined;
  const where = name ? placeholdersOf(scope.where.part, 'w') : undefined;
  if (!name || !from || !where) return { template: build(actual), values: {} };
  const values = { ...valuesOf(scope.from.part, 'f'), ...valuesOf(scope.where.part, 'w'), ...own };
  const key = `${name}\u0000${shape}`;
  const known = templates.get(key);
  if (known) {
    if (checkTemplates) assertSameStatement(name, known, values, build(actual));
    return { template: known, values };
  }
  const placeholders = Object.fromEntries(Object.keys(own).map((key) => [key, sql.placeholder(key)]));
  const template = build({ from, where, own: placeholders });
  templates.set(key, template);
  return { template, values };
}

/**
 * Runs the page statement as a named prepared statement planned once per connection: its plan
 * would otherwise be made anew on every request (about 1 ms with the wall's policies, more than
 * running it). The plan is generic, made without the parameters' values, which suits these
 * statements: the page size and the count limit are literals in the text (so the plan knows it
 * joins 20 rows), and the rest (the scope, the filters, the offset) picks an index, not a plan
 * shape. PostgreSQL would keep making custom plans here (their estimated cost is lower), so
 * plan_cache_mode is forced around this one statement; the three are written at once (the
 * pool's pipeline mode), in the order they are called.
 */
async function runPlannedOnce<R>(
  db: DbOrTx,
  template: StatementTemplate,
  values: Record<string, unknown>,
): Promise<R[]> {
  const generic = db.execute(sql.raw('set local plan_cache_mode = force_generic_plan')).then(() => undefined);
  const rows = preparedOf<R>(db, template).execute(values);
  const restored = db.execute(sql.raw('set local plan_cache_mode to default')).then(() => undefined);
  const [, result] = await Promise.all([generic, rows, restored]);
  return result;
}

/** A whole number written into the statement's text (a page size, a limit): never client text. */
const literal = (value: number): SQL => {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a row count: ${value}`);
  return sql.raw(String(value));
};

const ordered = (orderBy: Array<[Column, Direction]>) =>
  orderBy.map(([column, direction]) => (direction === 'desc' ? sql`${column} desc` : sql`${column} asc`));

/** Runs a paged list: the page's rows and the total in one statement (see the top of this file). */
export async function paged<K extends Column, R extends PageColumns, Out>(
  db: DbOrTx,
  window: PageWindow,
  list: PagedList<K, R, Out>,
): Promise<Page<Out>> {
  const { pageNo, pageSize } = window;
  const offset = (pageNo - 1) * pageSize;
  const from = is(list.from, SQL) ? list.from : sql`${list.from}`;
  const where = list.where ?? sql`true`;
  const inScope = sql`${from} where ${where}`;
  const cap = Math.min(list.exactUpTo ?? EXACT_TOTAL_UP_TO, EXACT_TOTAL_UP_TO);
  const orderBy = ordered(list.orderBy);
  const order = sql.join(orderBy, sql`, `);
  const [firstOrder] = list.orderBy;
  if (list.distinct && (list.orderBy.length !== 1 || firstOrder[0] !== list.key)) {
    throw new Error('a distinct paged list is ordered by its key alone');
  }
  // what the page counts and pages: each row of `from`, or each key once
  const selectKey = list.distinct ? sql`select distinct ${list.key}` : sql`select ${list.key}`;

  // the list's shape (what is counted and paged, in which order) and the values that fill it
  const fromPart = partOf(from);
  const wherePart = partOf(where);
  const shape = `${partOf(sql`${selectKey} order by ${order}`).text}\u0000${fromPart.text}\u0000${wherePart.text}`;
  // the wall shows each scope other rows: what is remembered is remembered per scope
  const listKey = `${activeScopeKey()}\u0000${cap}\u0000${shape}\u0000${JSON.stringify([fromPart.values, wherePart.values])}`;
  const pageKey = (page: number) => `${listKey}\u0000${pageSize}\u0000${page}`;
  const keyset = pageStartsOn && list.orderBy.length === 1 && firstOrder[0] === list.key ? firstOrder[1] : null;

  const estimated = estimates.get(listKey);
  const follows = list.totalFollows?.map((table) => getTableName(table));
  if (follows) await assertFollowed(db, follows);
  const remembered = follows ? totals.get(listKey) : undefined;
  // the first page is read from the top every time (offset 0 costs nothing): a row added since the
  // last read must head a newest-first list at once, not after the remembered start expires
  const boundary = keyset && pageNo > 1 ? boundaries.get(pageKey(pageNo)) : undefined;

  const { template, values } = statementFor(
    list.cacheAs,
    // what else decides the statement's text: the page size, the count limit, how the total and the start are found
    [
      shape,
      pageSize,
      cap,
      estimated !== undefined ? 'estimated' : follows ? `follows ${follows.join(',')}` : 'counted',
      boundary ? boundary.op : 'offset',
    ].join('\u0000'),
    { from: { sql: from, part: fromPart }, where: { sql: where, part: wherePart } },
    {
      offset,
      boundary: boundary?.value ?? null,
      rememberedChanges: remembered?.changes ?? -1,
      rememberedTotal: remembered?.total ?? 0,
    },
    ({ from, where, own }) => {
      const scoped = sql`${from} where ${where}`;
      // the changes the viewer can see: the wall scopes list_changes like the rows it counts
      const changes = follows ? changesOf(follows) : sql<null>`null::float8`;
      const counted = sql<number>`(select count(*)::int from (${selectKey} from ${scoped} limit ${literal(cap + 1)}) as capped)`;
      // PostgreSQL runs a scalar subquery when its value is first needed: a total given again counts nothing
      const total =
        estimated !== undefined
          ? sql<null>`null::int`
          : follows
            ? sql<number>`case when ${changes} = ${own.rememberedChanges}::float8 then ${own.rememberedTotal}::int
              else ${counted} end`
            : counted;
      const keys = boundary
        ? sql`(${selectKey} from ${from} where (${where}) and ${list.key} ${sql.raw(boundary.op)} ${own.boundary}
          order by ${order} limit ${literal(pageSize)})`
        : sql`(${selectKey} from ${scoped} order by ${order} limit ${literal(pageSize)} offset ${own.offset})`;
      return templateOf(
        list.rows({ columns: { pageKey: list.key, pageTotal: total, pageChanges: changes }, keys, orderBy }),
      );
    },
  );

  const rows = await runPlannedOnce<R>(db, template, values);
  if (rows.length === 0) {
    if (boundary) {
      // the rows after the remembered key are gone: find the page by counting instead
      boundaries.delete(pageKey(pageNo));
      return paged(db, window, list);
    }
    estimates.delete(listKey);
    if (offset === 0) return { records: [], total: 0 };
    // past the last page: the empty page and the real total
    return { records: [], ...(await totalOf(db, selectKey, inScope, list.key, cap, listKey)) };
  }

  if (keyset) {
    const descending = keyset === 'desc';
    if (pageNo > 1) boundaries.set(pageKey(pageNo), { op: descending ? '<=' : '>=', value: rows[0].pageKey });
    if (rows.length === pageSize) {
      boundaries.set(pageKey(pageNo + 1), { op: descending ? '<' : '>', value: rows[rows.length - 1].pageKey });
    }
  }

  const seen = offset + rows.length;
  const { pageTotal, pageChanges } = rows[0];
  if (pageTotal !== null && pageTotal <= cap && pageChanges !== null) {
    totals.set(listKey, { changes: Number(pageChanges), total: pageTotal });
  }
  const answer =
    pageTotal === null
      ? { total: Math.max(estimated ?? 0, seen), totalExact: false as const }
      : pageTotal > cap
        ? await beyondCap(db, selectKey, inScope, list.key, cap, listKey, seen)
        : { total: pageTotal };
  const withoutPageColumns = copierOf<R>(template.name, rows[0]);
  return { records: rows.map((row) => list.toRecord(withoutPageColumns(row))), ...answer };
}

const PAGE_COLUMN_NAMES: ReadonlySet<string> = new Set(['pageKey', 'pageTotal', 'pageChanges'] satisfies Array<
  keyof PageColumns
>);
/** Per statement, a function that copies one of its rows without the page columns. */
const copiers = new Memory<(row: object) => object>(Number.POSITIVE_INFINITY, MEMORY_ENTRIES);

/**
 * The copier of a statement's rows (all of one shape): written out field by field once, because
 * copying by rest destructuring (`{ pageKey, ...row }`) costs about 0.35 µs a row, twenty times the
 * written-out copy. The field names are the statement's own column aliases, quoted as literals.
 */
function copierOf<R>(statement: string, first: R): (row: R) => Omit<R, keyof PageColumns> {
  let copy = copiers.get(statement);
  if (!copy) {
    const fields = Object.keys(first as object)
      .filter((name) => !PAGE_COLUMN_NAMES.has(name))
      .map((name) => `${JSON.stringify(name)}: row[${JSON.stringify(name)}]`);
    copy = new Function('row', `return { ${fields.join(', ')} };`) as (row: object) => object;
    copiers.set(statement, copy);
  }
  return copy as (row: R) => Omit<R, keyof PageColumns>;
}

/** A template given again must be the statement this request would have built (see `cacheAs`). */
function assertSameStatement(
  name: string,
  template: StatementTemplate,
  values: Record<string, unknown>,
  built: StatementTemplate,
): void {
  const filled = template.params.map((param) => (is(param, Placeholder) ? values[param.name] : param));
  if (template.text !== built.text || JSON.stringify(filled) !== JSON.stringify(built.params)) {
    throw new Error(
      `paged list ${name}: its rows read the request outside the frame, so its statement cannot be built once`,
    );
  }
}

/** The viewer's sum of the changes noted on `tables` (the wall scopes list_changes like the rows). */
const changesOf = (tables: string[]) =>
  sql<number>`(select coalesce(sum(${listChanges.weight}), 0)::float8 from ${listChanges}
    where ${listChanges.tableName} in (${sql.join(
      tables.map((name) => sql`${name}`),
      sql`, `,
    )}))`;

/**
 * The sum of `column` over the rows in scope (a list's amount total, beside its page), exact and
 * in whole units (fen). Like a page's exact total it is remembered per scope and query and given
 * again without summing while no write to the `follows` tables has been committed since (every
 * table `from` and `where` read, each followed by app_follow_list_changes): the check and, when it
 * fails, the sum run in one statement, in one snapshot. An all-tenant list then sums its million
 * rows once per write rather than once per request.
 */
export async function followedSum(
  db: DbOrTx,
  options: {
    from: PgTable | SQL;
    where: SQL | undefined;
    column: Column;
    follows: readonly PgTable[];
    /** the sum's name: its statement is then built once per shape, as a named list's page (`cacheAs`) */
    cacheAs?: string;
  },
): Promise<number> {
  const from = is(options.from, SQL) ? options.from : sql`${options.from}`;
  const where = options.where ?? sql`true`;
  const fromPart = partOf(from);
  const wherePart = partOf(where);
  const shape = `${partOf(sql`${options.column}`).text}\u0000${fromPart.text}\u0000${wherePart.text}`;
  const key = `${activeScopeKey()}\u0000${shape}\u0000${JSON.stringify([fromPart.values, wherePart.values])}`;
  const follows = options.follows.map((table) => getTableName(table));
  await assertFollowed(db, follows);
  const changes = changesOf(follows);
  const remembered = sums.get(key);
  const { template, values } = statementFor(
    options.cacheAs && `${options.cacheAs} (sum)`,
    `${shape}\u0000${follows.join(',')}`,
    { from: { sql: from, part: fromPart }, where: { sql: where, part: wherePart } },
    { rememberedChanges: remembered?.changes ?? -1, rememberedSum: remembered?.sum ?? 0 },
    ({ from, where, own }) =>
      templateOfSql(
        sql`select (case when ${changes} = ${own.rememberedChanges}::float8 then ${own.rememberedSum}::numeric
          else (select coalesce(sum(${options.column}), 0) from ${from} where ${where}) end)::text as total,
          ${changes} as changes`,
      ),
  );
  const [row] = await executeTemplate<{ total: string; changes: number }>(db, template, values);
  const sum = Number(row.total);
  sums.set(key, { changes: Number(row.changes), sum });
  return sum;
}

/** Tables seen to carry the list_changes triggers, in this process. */
const followed = new Set<string>();
const FOLLOW_TRIGGERS = ['list_changes_insert', 'list_changes_update', 'list_changes_delete', 'list_changes_truncate'];

/** A remembered total over a table whose writes are not noted would go stale: refuse the list instead. */
async function assertFollowed(db: DbOrTx, tables: string[]): Promise<void> {
  for (const table of tables) {
    if (followed.has(table)) continue;
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_trigger
          where tgrelid = to_regclass(${table}) and tgname in (${sql.join(
            FOLLOW_TRIGGERS.map((name) => sql`${name}`),
            sql`, `,
          )})`,
    );
    if (Number(rows[0].n) !== FOLLOW_TRIGGERS.length) {
      throw new Error(
        `list totals follow ${table}, whose writes are not noted: a migration must run app_follow_list_changes('${table}')`,
      );
    }
    followed.add(table);
  }
}

type Total = Pick<Page<unknown>, 'total' | 'totalExact'>;

/** The total alone: exact up to the cap, estimated past it. */
async function totalOf(
  db: DbOrTx,
  selectKey: SQL,
  inScope: SQL,
  key: Column,
  cap: number,
  listKey: string,
): Promise<Total> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (${selectKey} from ${inScope} limit ${literal(cap + 1)}) as capped`,
  );
  const counted = Number(rows[0].n);
  return counted > cap ? beyondCap(db, selectKey, inScope, key, cap, listKey, 0) : { total: counted };
}

/**
 * More rows than the cap: the planner's estimate, remembered for the list. Without statistics
 * (a table never analyzed: PGlite, or PostgreSQL before autovacuum's first pass) it counts.
 */
async function beyondCap(
  db: DbOrTx,
  selectKey: SQL,
  inScope: SQL,
  key: Column,
  cap: number,
  listKey: string,
  seen: number,
): Promise<Total> {
  const estimate = await estimateRows(db, selectKey, inScope, key.table as PgTable);
  // no statistics, or ones older than the rows just counted past the cap: count them all
  if (estimate === null || estimate <= cap) {
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from (${selectKey} from ${inScope}) as keys`,
    );
    return { total: Number(rows[0].n) };
  }
  const total = Math.max(estimate, seen);
  estimates.set(listKey, total);
  return { total, totalExact: false };
}

/** The "Plan Rows" of a query's plan, parameters bound as the real query would have them. */
async function planRows(db: DbOrTx, query: SQL): Promise<number> {
  const { rows } = await db.execute(sql`explain (format json) ${query}`);
  const cell = Object.values(rows[0])[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan: { 'Plan Rows': number } }>;
  return plan[0].Plan['Plan Rows'];
}

/**
 * Rows in scope as the planner sees them. A policy can scale an estimate by a selectivity the
 * planner guesses (a policy's condition on a parameter it cannot know, as `enterprise_id = $e OR
 * enterprise_id IS NULL`), so the estimate is the share of the table the filters keep (their plan's
 * rows over the plain table's, both under the same policy) times the table's rows from its statistics.
 */
async function estimateRows(db: DbOrTx, selectKey: SQL, inScope: SQL, table: PgTable): Promise<number | null> {
  const { rows } = await db.execute<{ tuples: number; pages: number; current: number }>(
    sql`select reltuples::float8 as tuples, relpages::float8 as pages,
          pg_relation_size(c.oid)::float8 / current_setting('block_size')::float8 as current
        from pg_class c where c.oid = to_regclass(${getTableName(table)})`,
  );
  const size = rows[0];
  if (!size || Number(size.tuples) < 0) return null;
  const pages = Number(size.pages);
  // as the planner does: the density of the last analysis times the table's size now
  const tableRows = pages > 0 ? (Number(size.tuples) / pages) * Number(size.current) : Number(size.tuples);
  const kept = await planRows(db, sql`${selectKey} from ${inScope}`);
  const all = await planRows(db, sql`select 1 from ${table}`);
  if (!(all > 0)) return null;
  return Math.round(Math.min(1, kept / all) * tableRows);
}
