import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { applySettings, openingSql, SETTINGS_SQL, type ScopeSettings, settingsParams } from './scope';
import { applyTenantWall } from './wall';

/**
 * Both drivers expose the same query builder; we type the app against the node-postgres flavour
 * so services need not care which one runs (PGlite embedded, or PostgreSQL with DATABASE_URL).
 * No handle is given the schema: drizzle's relational API (db.query) is not used, and a handle
 * given the schema builds a query builder for every table each time a transaction opens.
 */
export type AppDb = NodePgDatabase;
export type Tx = Parameters<Parameters<AppDb['transaction']>[0]>[0];
/** A database handle or an open transaction: services accept either. */
export type DbOrTx = AppDb | Tx;

/** Raw SQL with positional parameters; several statements at once when there are no parameters. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface Database {
  db: AppDb;
  kind: 'pglite' | 'postgres';
  /** for the job queue (pg-boss), which speaks plain SQL over the same connection(s) */
  executeSql: ExecuteSql;
  /** migrates, then walls every tenant table (db/wall.ts) */
  migrate(): Promise<void>;
  /**
   * Runs `work` in a transaction that first takes the request role and these settings (DbScopes);
   * commits when it returns, rolls back when it throws.
   */
  inScope<T>(settings: ScopeSettings, work: (tx: Tx) => Promise<T>): Promise<T>;
  /** a handle whose every statement runs in its own transaction with these scope settings (DbScopes.perStatement) */
  statementScoped(settings: ScopeSettings): AppDb;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client);
  const executeSql: ExecuteSql = async (text, values) => {
    if (values?.length) return client.query<Record<string, unknown>>(text, values);
    // exec runs a script of statements; the caller reads the last one's rows
    const results = await client.exec(text);
    return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
  };
  return {
    db: db as unknown as AppDb,
    kind: 'pglite',
    executeSql,
    migrate: async () => {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
      await applyTenantWall(executeSql);
    },
    // in the same process there is no round trip to save: BEGIN, the settings, then the work
    inScope: (settings, work) =>
      (db as unknown as AppDb).transaction(async (tx) => {
        await applySettings(tx, settings);
        return work(tx);
      }),
    statementScoped: (settings) => {
      const params = settingsParams(settings);
      const scoped = {
        query: (text: string, values?: unknown[], options?: object) =>
          client.transaction(async (tx) => {
            await tx.query(SETTINGS_SQL, params);
            return tx.query(text, values, options);
          }),
      };
      return drizzlePglite({ client: scoped as unknown as PGlite }) as unknown as AppDb;
    },
    close: () => client.close(),
  };
}

/**
 * A transaction on one pooled connection whose opening (BEGIN and the scope settings, one
 * message) is not waited for: in pipeline mode the work's first statement goes out right behind
 * it, so opening and first statement cost one round trip, and the work's answer comes after the
 * opening's. When the opening fails, the transaction is aborted and that statement refused with
 * it; the opening's error is the one thrown.
 */
export async function pipelinedTransaction<T>(
  pool: pg.Pool,
  base: AppDb,
  opening: string,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  const { dialect, schema, options } = (base as unknown as { session: NodePgSessionParts }).session;
  const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, schema, options), schema) as Tx;
  const opened = client.query(opening).then(
    () => null,
    (error: unknown) => ({ error }),
  );
  let broken: Error | undefined;
  try {
    const result = await work(tx);
    const failed = await opened;
    if (failed) throw failed.error;
    await client.query('commit');
    return result;
  } catch (error) {
    const failed = await opened;
    await client.query('rollback').catch((rollbackError: Error) => {
      // a connection that cannot roll back is not given to the next request
      broken = rollbackError;
    });
    throw failed ? failed.error : error;
  } finally {
    client.release(broken);
  }
}

type NodePgSessionParts = {
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
};

/**
 * The queries a connection is given in one turn of the event loop leave in one write: pipeline
 * mode writes each query as it is called, and each write is a system call that also wakes the
 * server process (in profiles of the list under load, socket writes were the app's largest single
 * cost). The socket is corked at the turn's first query and uncorked once the turn's promise jobs
 * have run (process.nextTick comes after them), so BEGIN with the settings and the statements
 * behind it go out together.
 */
export function coalesceWrites(client: pg.Client): void {
  const stream = (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let corked = false;
  const uncork = () => {
    corked = false;
    stream.uncork();
  };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    if (!corked) {
      corked = true;
      stream.cork();
      process.nextTick(uncork);
    }
    return query(...args);
  };
}

export function fromPostgres(url: string, poolSize = 10): Database {
  // pipeline mode: a query is written at once, not when the one before it has been answered
  const pool = new pg.Pool({ connectionString: url, max: poolSize, pipeline: true });
  pool.on('connect', coalesceWrites);
  // An idle client whose connection the server ended (restart, failover, a dropped database) emits
  // 'error'; pg already removes it from the pool and the next query connects anew. Unhandled, that
  // event would crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool);
  const executeSql: ExecuteSql = (text, values) => pool.query(text, values);
  return {
    db,
    kind: 'postgres',
    executeSql,
    migrate: async () => {
      await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
      await applyTenantWall(executeSql);
    },
    inScope: (settings, work) => pipelinedTransaction(pool, db, openingSql(settings), work),
    statementScoped: (settings) => {
      const opening = openingSql(settings);
      const scoped = {
        // opening, statement and COMMIT written together: one round trip. After a failure the
        // transaction is aborted, the statements behind it are refused and COMMIT rolls back.
        query: async (query: string | pg.QueryConfig, values?: unknown[]) => {
          const client = await pool.connect();
          let broken: Error | undefined;
          try {
            const [opened, result, committed] = await Promise.allSettled([
              client.query(opening),
              client.query(query, values),
              client.query('commit'),
            ]);
            for (const step of [opened, result, committed]) if (step.status === 'rejected') throw step.reason;
            return (result as PromiseFulfilledResult<pg.QueryResult>).value;
          } catch (error) {
            await client.query('rollback').catch((rollbackError: Error) => {
              broken = rollbackError;
            });
            throw error;
          } finally {
            client.release(broken);
          }
        },
      };
      return drizzlePg({ client: scoped as unknown as pg.Pool });
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return fromPostgres(options.databaseUrl);
  const dir = path.join(options.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  await client.waitReady;
  return fromPglite(client);
}
