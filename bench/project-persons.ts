/**
 * Project person list benchmark (issue 11): GET /api/sys/project/personList (spec 2 §2.4, the
 * project summary's drill-down) on PostgreSQL with 1,000,000 tasks over 10,000 projects of 100
 * tenants (bench/project-persons-seed.ts), for the platform operator, tenant staff and an
 * enterprise user, each on a project of tenant 1 (the enterprise user's own), at page 1 and the
 * last page, through the real app with its login tokens, next to a naive Fastify + pg route that
 * runs the same aggregate with no auth (bench/project-persons-server.ts), both in the same run:
 * the ratios count, this machine drifts. Targets: app / naive >= 1.0 requests/s and app p99 <
 * 100 ms at 50 connections. Printed, never asserted.
 *   npm run bench:project-persons   BENCH_SECONDS=5 BENCH_ROUNDS=2 BENCH_CONNECTIONS=50 BENCH_KEEP=1
 *                                   BENCH_ROLES=operator,staff,enterprise
 * BENCH_KEEP=1 keeps the seeded database (bench_project_persons) for the next run. Ports 8871-8872.
 */
import pg from 'pg';
import { floor2, type Load, loader, login, measureTargets, ok, onBenchDatabase, once, type Role, row } from './harness';
import { prepare, WORKERS_PER_PROJECT } from './project-persons-seed';
import { startChild, stopChild } from './support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROLES = (process.env.BENCH_ROLES ?? 'operator,staff,enterprise').split(',') as Role[];
const KEEP = process.env.BENCH_KEEP === '1';
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORTS = { app: 8871, naive: 8872 } as const;
const PAGE_SIZE = 10;
/** page 1 and the last page of a project's persons */
const PAGES = [1, Math.ceil(WORKERS_PER_PROJECT / PAGE_SIZE)];
const TARGETS = { p99Ms: 100, appOverNaive: 1.0 };

interface PersonPage {
  total: number;
  records: Array<{ userId: number; taskCount: number; settledFee: string; bankCard: string }>;
}

/** The demo enterprise's first bench project (every role may open it). */
async function projectOfTenantOne(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select p.id from projects p join enterprise_members m on m.enterprise_id = p.enterprise_id
       join users u on u.id = m.user_id
       where u.username = '13900000001' and p.tenant_id = 1 and p.project_sn like 'BR%' order by p.id limit 1`,
    );
    return rows[0].id as number;
  } finally {
    await client.end();
  }
}

async function measure(url: string, load: Load): Promise<string[]> {
  const children = {
    naive: await startChild(
      'project-persons-server.ts',
      ['naive', String(PORTS.naive)],
      { BENCH_DATABASE_URL: url },
      true,
    ),
    app: await startChild('project-persons-server.ts', ['app', String(PORTS.app)], { BENCH_DATABASE_URL: url }, true),
  };
  const projectId = await projectOfTenantOne(url);
  const query = (pageNo: number) => `projectId=${projectId}&pageNo=${pageNo}&pageSize=${PAGE_SIZE}`;
  const verdicts: string[] = [];
  try {
    for (const role of ROLES) {
      const headers = await login(children.app.base, role);
      for (const pageNo of PAGES) {
        const appUrl = `${children.app.base}/api/sys/project/personList?${query(pageNo)}`;
        const naiveUrl = `${children.naive.base}/persons?${query(pageNo)}`;
        const cold = await once<PersonPage>(appUrl, headers);
        const naiveAnswer = await once<PersonPage>(naiveUrl);
        // the two answer the same page: same persons, task counts, paid-out sums and masked cards
        const same = (page: PersonPage) => JSON.stringify([page.total, page.records]);
        if (same(cold.result) !== same(naiveAnswer.result)) {
          throw new Error(`${role} page ${pageNo}: the app and the naive route differ`);
        }
        const figures = await measureTargets(
          ['naive', 'app'],
          {
            naive: (c, d) => load(children.naive, naiveUrl, {}, c, d),
            app: (c, d) => load(children.app, appUrl, headers, c, d),
          },
          ROUNDS,
        );
        console.log(
          `\n${role} page ${pageNo} — ${cold.result.total} persons; first ask ${cold.ms.toFixed(1)} ms (naive ${naiveAnswer.ms.toFixed(1)} ms)`,
        );
        console.log(row('naive (pg, no auth)', figures.naive));
        console.log(row('app (auth, scope, wall)', figures.app));
        const overNaive = figures.app.rps / figures.naive.rps;
        const verdict = `${role} page ${pageNo}: app/naive ${floor2(overNaive)} ${ok(overNaive >= TARGETS.appOverNaive)}, p99 ${figures.app.p99} ms ${ok(figures.app.p99 < TARGETS.p99Ms)} (naive p99 ${figures.naive.p99} ms)`;
        console.log(`  ${verdict}`);
        verdicts.push(verdict);
      }
    }
  } finally {
    for (const child of Object.values(children)) await stopChild(child);
  }
  return verdicts;
}

await onBenchDatabase(
  { adminUrl: ADMIN_URL, keep: KEEP, keptName: 'bench_project_persons', prefix: 'bench_persons' },
  prepare,
  async ({ url, name, quiet }) => {
    console.log(
      `\nPostgreSQL, 1,000,000 tasks over 10,000 projects of 100 tenants — GET /api/sys/project/personList, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per target (mean shown)`,
    );
    const verdicts = await measure(url, loader(quiet, name, { connections: CONNECTIONS, seconds: SECONDS }));
    console.log('\nTargets (app/naive >= 1.0 requests/s, p99 < 100 ms):');
    for (const verdict of verdicts) console.log(`  ${verdict}`);
  },
);
