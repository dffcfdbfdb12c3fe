/**
 * Child process of bench/project-list.ts, on the seeded database BENCH_DATABASE_URL, listening on
 * the given port; prints `{"port":N}` once listening and answers `cpu` over IPC with its CPU time.
 *   node --import tsx bench/project-list-server.ts wall|nowall|naive PORT
 *
 * wall    the real app: every handler in its session's scope (SET ROLE, the settings, the policies)
 * nowall  the real app built on a Database whose transactions skip SET ROLE and the settings, so
 *         the connecting superuser passes the policies: the same handlers and the same pipelined
 *         transaction, without the wall. Only this bench file builds it: nothing in the product
 *         (no setting, no flag) opens a transaction without the scope.
 * naive   Fastify and pg with no login and no transaction: the page's SQL (the app's shape: the
 *         page's ids, then those rows with their person count) and a plain count(*), in parallel
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { type Database, fromPostgres, pipelinedTransaction } from '../packages/server/src/db/client';
import { rememberPageStarts } from '../packages/server/src/db/paging';

const [mode, port] = [process.argv[2], Number(process.argv[3])];
const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL is not set');

/** requests received and not yet answered: the bench waits for none before its next load */
let inFlight = 0;
process.on('message', (message) => {
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage(), inFlight });
  // the bench measures deep pages found by counting too (the offset path), not only from remembered keys
  if (message === 'offset path') rememberPageStarts(false);
  if (message === 'keyset path') rememberPageStarts(true);
});

function countInFlight(server: import('node:http').Server): void {
  server.on('request', (_request, response) => {
    inFlight++;
    response.on('close', () => inFlight--);
  });
}

/** The real app's database, its transactions opened without the role and the scope settings. */
function withoutWall(database: Database): Database {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  return { ...database, inScope: (_settings, work) => pipelinedTransaction(pool, database.db, 'begin', work) };
}

export type Role = 'operator' | 'staff' | 'enterprise';

/** The naive route's scope per role: what the app's projectScope adds, written by hand. */
function naiveScope(role: Role, enterpriseId: number): string {
  if (role === 'operator') return 'true';
  if (role === 'staff') return 'p.tenant_id = 1';
  return `p.tenant_id = 1 and p.enterprise_id = ${enterpriseId}`;
}

async function naive(): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const { rows } = await pool.query(
    `select e.id from enterprises e join enterprise_members m on m.enterprise_id = e.id
     join users u on u.id = m.user_id where u.username = '13900000001' and e.tenant_id = 1`,
  );
  const enterpriseId = Number(rows[0].id);
  const app = Fastify();
  app.get<{ Querystring: { role: Role; pageNo: string; pageSize?: string } }>('/projects', async (request) => {
    const pageNo = Number(request.query.pageNo);
    const pageSize = Number(request.query.pageSize ?? 20);
    const where = naiveScope(request.query.role, enterpriseId);
    const [page, count] = await Promise.all([
      pool.query(
        `select p.id, p.project_sn, p.project_name, p.enterprise_id, e.name as client_name, p.tenant_id,
           t.name as tenant_name, p.project_status, p.processed,
           (select count(*)::int from project_persons pp
            where pp.tenant_id = p.tenant_id and pp.project_id = p.id and pp.status = 1) as person_num,
           p.start_time, p.end_time, p.created_at
         from projects p join enterprises e on e.id = p.enterprise_id join tenants t on t.id = p.tenant_id
         where p.id in (select p.id from projects p where ${where} order by p.id desc limit $1 offset $2)
         order by p.id desc`,
        [pageSize, (pageNo - 1) * pageSize],
      ),
      pool.query(`select count(*)::int as n from projects p where ${where}`),
    ]);
    return {
      success: true,
      code: 200,
      message: '操作成功',
      result: {
        records: page.rows.map((row) => ({
          id: row.id,
          projectSn: row.project_sn,
          projectName: row.project_name,
          clientId: row.enterprise_id,
          clientName: row.client_name,
          tenantId: row.tenant_id,
          tenantName: row.tenant_name,
          projectStatus: row.project_status,
          processed: row.processed,
          personNum: row.person_num,
          startTime: row.start_time?.getTime() ?? null,
          endTime: row.end_time?.getTime() ?? null,
          createTime: row.created_at.getTime(),
        })),
        total: count.rows[0].n,
      },
      timestamp: Date.now(),
    };
  });
  countInFlight(app.server);
  await app.listen({ port, host: '127.0.0.1' });
  console.log(JSON.stringify({ port }));
  process.on('SIGTERM', async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  });
}

async function real(wall: boolean): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-bench-list-'));
  const config = {
    ...loadConfig({ ...process.env, DATABASE_URL: url, NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    dataDir,
  };
  const opened = fromPostgres(url as string);
  const database = wall ? opened : withoutWall(opened);
  const { app } = await buildApp(config, database);
  countInFlight(app.server);
  await app.listen({ port, host: '127.0.0.1' });
  console.log(JSON.stringify({ port }));
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

if (mode === 'naive') await naive();
else if (mode === 'wall' || mode === 'nowall') await real(mode === 'wall');
else throw new Error(`unknown mode ${mode}`);
