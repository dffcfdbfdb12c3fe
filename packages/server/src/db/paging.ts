import crypto from 'node:crypto';
import type { Page } from '@fieldpay/domain';
import { type Column, getTableName, is, SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';
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
}

/** An unexecuted select (drizzle's query builder): the helper names it, then runs it. */
export interface PageStatement<R> {
  prepare(name: string): PreparedPage<R>;
}

interface PreparedPage<R> {
  execute(): Promise<R[]>;
  getQuery(): { sql: string };
}

/**
 * The statement, built once and named after its text (the same text gets the same name, which
 * pg prepares once per connection). drizzle writes the name it is given into the query
 * configuration it hands pg on each execute, so the name is set there once the text is known.
 */
function prepareNamed<R>(statement: PageStatement<R>): PreparedPage<R> {
  const prepared = statement.prepare('');
  const name = `page_${crypto.createHash('sha1').update(prepared.getQuery().sql).digest('hex').slice(0, 24)}`;
  const configs = prepared as unknown as { queryConfig?: { name?: string }; rawQueryConfig?: { name?: string } };
  for (const config of [configs.queryConfig, configs.rawQueryConfig]) if (config) config.name = name;
  return prepared;
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
/** A query's text and values, as a cache key; never sent anywhere. */
const keyOf = (query: SQL): string => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return `${text}\u0000${JSON.stringify(params)}`;
};

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
async function runPlannedOnce<R>(db: DbOrTx, statement: PageStatement<R>): Promise<R[]> {
  const prepared = prepareNamed(statement);
  const generic = db.execute(sql.raw('set local plan_cache_mode = force_generic_plan')).then(() => undefined);
  const rows = prepared.execute();
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

  // the wall shows each scope other rows: what is remembered is remembered per scope
  const listKey = `${activeScopeKey()}\u0000${cap}\u0000${keyOf(sql`${selectKey} from ${inScope} order by ${order}`)}`;
  const pageKey = (page: number) => `${listKey}\u0000${pageSize}\u0000${page}`;
  const keyset = pageStartsOn && list.orderBy.length === 1 && firstOrder[0] === list.key ? firstOrder[1] : null;

  const estimated = estimates.get(listKey);
  const follows = list.totalFollows?.map((table) => getTableName(table));
  if (follows) await assertFollowed(db, follows);
  // the changes the viewer can see: the wall scopes list_changes like the rows it counts
  const changes = follows ? changesOf(follows) : sql<null>`null::float8`;
  const counted = sql<number>`(select count(*)::int from (${selectKey} from ${inScope} limit ${literal(cap + 1)}) as capped)`;
  const remembered = follows ? totals.get(listKey) : undefined;
  // PostgreSQL runs a scalar subquery when its value is first needed: a total given again counts nothing
  const total =
    estimated !== undefined
      ? sql<null>`null::int`
      : follows
        ? sql<number>`case when ${changes} = ${remembered?.changes ?? -1}::float8 then ${remembered?.total ?? 0}::int
            else ${counted} end`
        : counted;
  // the first page is read from the top every time (offset 0 costs nothing): a row added since the
  // last read must head a newest-first list at once, not after the remembered start expires
  const boundary = keyset && pageNo > 1 ? boundaries.get(pageKey(pageNo)) : undefined;
  const keys = boundary
    ? sql`(${selectKey} from ${from} where (${where}) and ${list.key} ${sql.raw(boundary.op)} ${boundary.value}
        order by ${order} limit ${literal(pageSize)})`
    : sql`(${selectKey} from ${inScope} order by ${order} limit ${literal(pageSize)} offset ${offset})`;

  const rows = await runPlannedOnce(
    db,
    list.rows({ columns: { pageKey: list.key, pageTotal: total, pageChanges: changes }, keys, orderBy }),
  );
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
  return {
    records: rows.map(({ pageKey: _key, pageTotal: _total, pageChanges: _changes, ...row }) =>
      list.toRecord(row as Omit<R, keyof PageColumns>),
    ),
    ...answer,
  };
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
  options: { from: PgTable | SQL; where: SQL | undefined; column: Column; follows: readonly PgTable[] },
): Promise<number> {
  const from = is(options.from, SQL) ? options.from : sql`${options.from}`;
  const summed = sql`select coalesce(sum(${options.column}), 0) from ${from} where ${options.where ?? sql`true`}`;
  const key = `${activeScopeKey()}\u0000${keyOf(summed)}`;
  const follows = options.follows.map((table) => getTableName(table));
  await assertFollowed(db, follows);
  const changes = changesOf(follows);
  const remembered = sums.get(key);
  const { rows } = await db.execute<{ total: string; changes: number }>(
    sql`select (case when ${changes} = ${remembered?.changes ?? -1}::float8 then ${remembered?.sum ?? 0}::numeric
          else (${summed}) end)::text as total, ${changes} as changes`,
  );
  const sum = Number(rows[0].total);
  sums.set(key, { changes: Number(rows[0].changes), sum });
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
