import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Where the simulated bank keeps its books: its own schema `bank_sim`, on its own connection
 * (a pg pool, or a PGlite of its own), never inside the server's request transactions: the bank is
 * another system, and what it recorded stays recorded when the server's transaction rolls back or
 * the server process dies.
 */
export interface SimSql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  transaction<T>(work: (sql: SimSql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const SCHEMA = `
CREATE SCHEMA IF NOT EXISTS bank_sim;
CREATE SEQUENCE IF NOT EXISTS bank_sim.refs;
CREATE TABLE IF NOT EXISTS bank_sim.accounts (
  account_no varchar(32) PRIMARY KEY,
  account_name varchar(100) NOT NULL,
  status varchar(8) NOT NULL DEFAULT 'open',
  balance_fen bigint NOT NULL DEFAULT 0 CHECK (balance_fen >= 0),
  opened_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS bank_sim.transfers (
  yurref varchar(30) PRIMARY KEY,
  bank_ref varchar(32) NOT NULL UNIQUE,
  payer_account_no varchar(32) NOT NULL,
  payee_account_no varchar(32) NOT NULL,
  payee_name varchar(100) NOT NULL,
  amount_fen bigint NOT NULL CHECK (amount_fen > 0),
  purpose varchar(100) NOT NULL,
  status varchar(12) NOT NULL,
  outcome varchar(12) NOT NULL,
  failure_reason varchar(100),
  debited boolean NOT NULL,
  accepted_at timestamptz NOT NULL,
  finish_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX IF NOT EXISTS transfers_due ON bank_sim.transfers (finish_at) WHERE status = 'processing';
CREATE TABLE IF NOT EXISTS bank_sim.statement_lines (
  seq bigserial PRIMARY KEY,
  bank_ref varchar(32) NOT NULL,
  account_no varchar(32) NOT NULL,
  kind varchar(12) NOT NULL,
  direction char(1) NOT NULL,
  amount_fen bigint NOT NULL,
  balance_fen bigint NOT NULL,
  counterparty_account_no varchar(32) NOT NULL,
  counterparty_name varchar(100) NOT NULL,
  yurref varchar(30),
  remark varchar(200) NOT NULL,
  booked_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS statement_lines_account ON bank_sim.statement_lines (account_no, seq);
`;

function pgliteSql(client: PGlite): SimSql {
  const wrap = (runner: Pick<PGlite, 'query'>): SimSql => ({
    query: async <T>(text: string, params?: unknown[]) => (await runner.query<T>(text, params)).rows,
    transaction: (work) => (runner === client ? client.transaction((tx) => work(wrap(tx))) : work(wrap(runner))),
    close: () => client.close(),
  });
  return wrap(client);
}

function poolSql(pool: pg.Pool): SimSql {
  const onClient = (client: pg.PoolClient): SimSql => ({
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    transaction: (work) => work(onClient(client)),
    close: async () => undefined,
  });
  return {
    query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
    transaction: async (work) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        // the bank's commits do not wait for the disk: a transfer booked under the payer's row lock
        // would otherwise hold it for a WAL flush, and every payout of one paying account would wait
        // in line for those flushes. A commit lost to a database crash (never to a process's) is a
        // transfer the bank never recorded, which the server already handles: it sends the same
        // yurref again. The server's own commits stay synchronous, and flush the bank's before them.
        await client.query('begin; set local synchronous_commit = off');
        const result = await work(onClient(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

export interface SimStoreOptions {
  /** PostgreSQL: the bank keeps schema bank_sim in this database */
  databaseUrl?: string;
  /** PGlite: its data directory; unset keeps the books in memory (tests) */
  dataDir?: string;
}

/** Opens the bank's books and makes its tables when they are missing. */
export async function openSimStore(options: SimStoreOptions): Promise<SimSql> {
  let sql: SimSql;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 5 });
    pool.on('error', () => undefined);
    sql = poolSql(pool);
    // two processes opening the same books at once make the schema one after the other
    await sql.transaction(async (tx) => {
      await tx.query(`select pg_advisory_xact_lock(hashtext('bank_sim schema'))`);
      for (const statement of SCHEMA.split(';').filter((text) => text.trim())) await tx.query(statement);
    });
  } else {
    if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
    const client = new PGlite(options.dataDir);
    await client.waitReady;
    await client.exec(SCHEMA);
    sql = pgliteSql(client);
  }
  return sql;
}
