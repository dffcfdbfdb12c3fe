/**
 * What the list benches' server children share: the IPC answer to `cpu` (CPU time and requests in
 * flight, bench/harness.ts waits for none before its next load), the deep-page path switch, the
 * real app on the bench database, and a naive Fastify + pg server, each printing `{"port":N}` once
 * listening and closing on SIGTERM.
 */
import fs from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { type Database, fromPostgres } from '../packages/server/src/db/client';
import { rememberPageStarts } from '../packages/server/src/db/paging';

/** The child's arguments: its mode and port, and the bench database. */
export function childArguments(): { mode: string; port: number; url: string } {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('BENCH_DATABASE_URL is not set');
  return { mode: process.argv[2], port: Number(process.argv[3]), url };
}

/** requests received and not yet answered */
let inFlight = 0;
process.on('message', (message) => {
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage(), inFlight });
  // the list benches measure deep pages found by counting too (the offset path), not only from remembered keys
  if (message === 'offset path') rememberPageStarts(false);
  if (message === 'keyset path') rememberPageStarts(true);
});

function countInFlight(server: Server): void {
  server.on('request', (_request, response) => {
    inFlight++;
    response.on('close', () => inFlight--);
  });
}

async function listen(app: FastifyInstance, port: number, close: () => Promise<void>): Promise<void> {
  countInFlight(app.server);
  await app.listen({ port, host: '127.0.0.1' });
  console.log(JSON.stringify({ port }));
  process.on('SIGTERM', async () => {
    await app.close();
    await close();
    process.exit(0);
  });
}

/** The real app (login, validation, permissions, scope, wall) on the bench database, or on `database`. */
export async function serveApp(url: string, port: number, database: Database = fromPostgres(url)): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-bench-app-'));
  const config = {
    ...loadConfig({ ...process.env, DATABASE_URL: url, NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    dataDir,
  };
  const { app } = await buildApp(config, database);
  await listen(app, port, async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
}

/** A bare Fastify app and a pg pool of 10 (as the app's); `routes` adds the hand-written route. */
export async function serveNaive(
  url: string,
  port: number,
  routes: (app: FastifyInstance, pool: pg.Pool) => Promise<void>,
): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const app = Fastify();
  await routes(app, pool);
  await listen(app, port, () => pool.end());
}

/** The demo enterprise of tenant 1 (the enterprise user's), as the naive routes scope by hand. */
export async function demoEnterpriseId(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query(
    `select e.id from enterprises e join enterprise_members m on m.enterprise_id = e.id
     join users u on u.id = m.user_id where u.username = '13900000001' and e.tenant_id = 1`,
  );
  return Number(rows[0].id);
}

/** The API's answer envelope around `result`. */
export const answer = <T>(result: T) => ({
  success: true,
  code: 200,
  message: '操作成功',
  result,
  timestamp: Date.now(),
});
