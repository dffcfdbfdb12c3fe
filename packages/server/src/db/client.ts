import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';
import { SETTINGS_SQL, type ScopeSettings, settingsParams } from './scope';
import { applyTenantWall } from './wall';

/**
 * Both drivers expose the same query builder; we type the app against the node-postgres flavour
 * so services need not care which one runs (PGlite embedded, or PostgreSQL with DATABASE_URL).
 */
export type AppDb = NodePgDatabase<typeof schema>;
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
  /** a handle whose every statement runs in its own transaction with these scope settings (DbScopes.perStatement) */
  statementScoped(settings: ScopeSettings): AppDb;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema });
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
    statementScoped: (settings) => {
      const params = settingsParams(settings);
      const scoped = {
        query: (text: string, values?: unknown[], options?: object) =>
          client.transaction(async (tx) => {
            await tx.query(SETTINGS_SQL, params);
            return tx.query(text, values, options);
          }),
      };
      return drizzlePglite({ client: scoped as unknown as PGlite, schema }) as unknown as AppDb;
    },
    close: () => client.close(),
  };
}

export function fromPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client whose connection the server ended (restart, failover, a dropped database) emits
  // 'error'; pg already removes it from the pool and the next query connects anew. Unhandled, that
  // event would crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema });
  const executeSql: ExecuteSql = (text, values) => pool.query(text, values);
  return {
    db,
    kind: 'postgres',
    executeSql,
    migrate: async () => {
      await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
      await applyTenantWall(executeSql);
    },
    statementScoped: (settings) => {
      const params = settingsParams(settings);
      const scoped = {
        query: async (query: string | pg.QueryConfig, values?: unknown[]) => {
          const client = await pool.connect();
          try {
            await client.query('begin');
            await client.query(SETTINGS_SQL, params);
            const result = await client.query(query, values);
            await client.query('commit');
            return result;
          } catch (error) {
            await client.query('rollback').catch(() => undefined);
            throw error;
          } finally {
            client.release();
          }
        },
      };
      return drizzlePg({ client: scoped as unknown as pg.Pool, schema });
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
