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
import type pg from 'pg';
import { type Database, fromPostgres, pipelinedTransaction } from '../packages/server/src/db/client';
import type { Role } from './harness';
import { answer, childArguments, demoEnterpriseId, serveApp, serveNaive } from './harness-server';

const { mode, port, url } = childArguments();

/** The real app's database, its transactions opened without the role and the scope settings. */
function withoutWall(database: Database): Database {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  return { ...database, inScope: (_settings, work) => pipelinedTransaction(pool, database.db, 'begin', work) };
}

/** The naive route's scope per role: what the app's projectScope adds, written by hand. */
function naiveScope(role: Role, enterpriseId: number): string {
  if (role === 'operator') return 'true';
  if (role === 'staff') return 'p.tenant_id = 1';
  return `p.tenant_id = 1 and p.enterprise_id = ${enterpriseId}`;
}

async function naive(): Promise<void> {
  await serveNaive(url, port, async (app, pool) => {
    const enterpriseId = await demoEnterpriseId(pool);
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
      return answer({
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
      });
    });
  });
}

if (mode === 'naive') await naive();
else if (mode === 'wall') await serveApp(url, port);
else if (mode === 'nowall') await serveApp(url, port, withoutWall(fromPostgres(url)));
else throw new Error(`unknown mode ${mode}`);
