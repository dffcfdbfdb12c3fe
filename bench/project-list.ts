/**
 * Project list benchmark (issue "Performance: lists at scale", decision 0011): GET
 * /api/sys/project/queryList on PostgreSQL with 1,000,000 projects over 100 tenants
 * (bench/project-list-seed.ts), for the platform operator (every tenant), tenant staff (tenant 1,
 * whose rows are all old) and an enterprise user (10,007 rows of tenant 1), at page 1 and page
 * 500, through the real app with its login tokens: with the wall, with the wall bypassed (a
 * bench-only build, see bench/project-list-server.ts), and a naive Fastify + pg route running
 * the same page SQL and a count(*) in parallel, all in the same run (this machine drifts by up
 * to 40%, so the ratios count; the targets run in alternating order, naive first then last, and
 * each load waits for the server and the database to go quiet). Targets: wall / no-wall >= 0.9,
 * wall / naive >= 1.0, p99 < 100 ms. The app starts a page asked again at its remembered key
 * (db/paging.ts), so deep pages are also measured found by counting ("by offset"). CPU/req is
 * the server process's CPU time per answered request. Then the cost of the scope transaction's
 * round trips, measured on bare pg in the same run.
 *   npm run bench:projects     BENCH_SECONDS=5 BENCH_ROUNDS=2 BENCH_CONNECTIONS=50 BENCH_KEEP=1
 *                              BENCH_ROLES=operator,staff,enterprise BENCH_PAGES=1,500
 * BENCH_KEEP=1 keeps the seeded database (fp_perf_projects) for the next run; otherwise the run
 * seeds a database of its own and drops it. BENCH_DATABASE_URL names the server (default local).
 */
import pg from 'pg';
import { openingSql, SETTINGS_SQL, settingsOf, settingsParams } from '../packages/server/src/db/scope';
import {
  type Figures,
  floor2,
  type Load,
  loader,
  login,
  measureTargets,
  ok,
  onBenchDatabase,
  once,
  type Role,
  row,
} from './harness';
import { prepare } from './project-list-seed';
import { type Child, startChild, stopChild } from './support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** loads per target: naive, no-wall, wall, then the other way round, and so on; the mean counts */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PAGES = (process.env.BENCH_PAGES ?? '1,500').split(',').map(Number);
const ROLES = (process.env.BENCH_ROLES ?? 'operator,staff,enterprise').split(',') as Role[];
const KEEP = process.env.BENCH_KEEP === '1';
const ROUND_TRIP_SECONDS = Number(process.env.BENCH_ROUND_TRIP_SECONDS ?? 3);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** the ports of this branch's benches */
const PORTS = { wall: 18111, nowall: 18112, naive: 18113 } as const;

const TARGETS = { p99Ms: 100, wallOverNoWall: 0.9, wallOverNaive: 1.0 };

type Mode = keyof typeof PORTS;

const startServer = (mode: Mode, url: string): Promise<Child> =>
  startChild('project-list-server.ts', [mode, String(PORTS[mode])], { BENCH_DATABASE_URL: url }, true);

const listUrl = (base: string, pageNo: number) => `${base}/api/sys/project/queryList?pageNo=${pageNo}&pageSize=20`;
const naiveUrl = (base: string, role: Role, pageNo: number) =>
  `${base}/projects?role=${role}&pageNo=${pageNo}&pageSize=20`;

interface ProjectPage {
  total: number;
  totalExact?: boolean;
  records: Array<{ id: number }>;
}

type Target = 'naive' | 'nowall' | 'wall' | 'nowallByOffset' | 'wallByOffset';
const TARGET_NAMES: Record<Target, string> = {
  naive: 'naive (pg, no auth)',
  nowall: 'app, wall bypassed',
  wall: 'app with the wall',
  nowallByOffset: 'app, bypassed, by offset',
  wallByOffset: 'app with the wall, by offset',
};
async function measureLists(url: string, load: Load): Promise<string[]> {
  const children = {
    naive: await startServer('naive', url),
    nowall: await startServer('nowall', url),
    wall: await startServer('wall', url),
  };
  const verdicts: string[] = [];
  try {
    for (const role of ROLES) {
      const headers = { wall: await login(children.wall.base, role), nowall: await login(children.nowall.base, role) };
      for (const pageNo of PAGES) {
        const cold = await once<ProjectPage>(listUrl(children.wall.base, pageNo), headers.wall);
        const naiveAnswer = await once<ProjectPage>(naiveUrl(children.naive.base, role, pageNo));
        if (cold.result.records[0]?.id !== naiveAnswer.result.records[0]?.id)
          throw new Error(`${role} page ${pageNo}: the app and the naive route differ`);
        // a page asked again starts at its remembered key; past page 1 the page found by counting is measured too
        const targets: Target[] =
          pageNo > 1 ? ['naive', 'nowall', 'wall', 'nowallByOffset', 'wallByOffset'] : ['naive', 'nowall', 'wall'];
        const byOffset = async (child: Child, list: string, sent: Record<string, string>, c?: number, d?: number) => {
          child.process.send('offset path');
          try {
            return await load(child, list, sent, c, d);
          } finally {
            child.process.send('keyset path');
          }
        };
        const loads: Record<Target, (connections?: number, seconds?: number) => Promise<Figures>> = {
          naive: (c, d) => load(children.naive, naiveUrl(children.naive.base, role, pageNo), {}, c, d),
          nowall: (c, d) => load(children.nowall, listUrl(children.nowall.base, pageNo), headers.nowall, c, d),
          wall: (c, d) => load(children.wall, listUrl(children.wall.base, pageNo), headers.wall, c, d),
          nowallByOffset: (c, d) =>
            byOffset(children.nowall, listUrl(children.nowall.base, pageNo), headers.nowall, c, d),
          wallByOffset: (c, d) => byOffset(children.wall, listUrl(children.wall.base, pageNo), headers.wall, c, d),
        };
        const figures = await measureTargets(targets, loads, ROUNDS);
        const exact = cold.result.totalExact !== false;
        const totalText = `${exact ? '' : '约 '}${cold.result.total.toLocaleString('en')}${exact ? ' (exact)' : ' (estimated)'}, count(*) ${naiveAnswer.result.total.toLocaleString('en')}`;
        console.log(`\n${role} page ${pageNo} — total ${totalText}; first ask ${cold.ms.toFixed(1)} ms`);
        for (const target of targets) console.log(row(TARGET_NAMES[target], figures[target]));
        const { naive } = figures;
        const verdict = (name: string, measured: Figures, nowall: Figures) => {
          const overNoWall = measured.rps / nowall.rps;
          const overNaive = measured.rps / naive.rps;
          return `${name}: wall/no-wall ${floor2(overNoWall)} ${ok(overNoWall >= TARGETS.wallOverNoWall)}, wall/naive ${floor2(overNaive)} ${ok(overNaive >= TARGETS.wallOverNaive)}, p99 ${measured.p99} ms ${ok(measured.p99 < TARGETS.p99Ms)}`;
        };
        const lines = [verdict(`${role} page ${pageNo}`, figures.wall, figures.nowall)];
        if (figures.wallByOffset) {
          lines.push(verdict(`${role} page ${pageNo} by offset`, figures.wallByOffset, figures.nowallByOffset));
        }
        for (const line of lines) console.log(`  ${line}`);
        verdicts.push(...lines);
      }
    }
  } finally {
    for (const child of Object.values(children)) await stopChild(child);
  }
  return verdicts;
}

/**
 * The scope transaction's round trips, on bare pg in pipeline mode (as the app's pool): one light
 * statement under the wall per transaction, ten at a time, each shape for a few seconds.
 */
async function measureRoundTrips(url: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 10, pipeline: true });
  // a connection the server ends (the run's database dropped as it closes) must not end the bench
  pool.on('error', () => undefined);
  const settings = settingsOf({
    kind: 'viewer',
    viewer: { side: 'platform', tenantId: 1, enterpriseId: null, userIdentity: 2 },
  });
  const { rows } = await pool.query(
    'select min(id)::int as low, max(id)::int as high from projects where tenant_id = 1',
  );
  const { low, high } = rows[0];
  const statement = 'select id, project_name from projects where id = $1';
  const id = () => [low + Math.floor(Math.random() * (high - low))];
  // the opening as set_config with literals (the app's opening sets the same with SET LOCAL)
  const [role, tenantId, enterpriseId] = settingsParams(settings).map(pg.escapeLiteral);
  const selectOpening = `begin; select set_config('role', ${role}, true), set_config('app.tenant_id', ${tenantId}, true),
    set_config('app.enterprise_id', ${enterpriseId}, true)`;
  const shapes: Array<[string, (client: pg.PoolClient) => Promise<unknown>]> = [
    ['statement alone (no transaction, no wall)', (c) => c.query(statement, id())],
    [
      'BEGIN | set_config($1..) | stmt | COMMIT',
      async (c) => {
        await c.query('begin');
        await c.query(SETTINGS_SQL, settingsParams(settings));
        await c.query(statement, id());
        await c.query('commit');
      },
    ],
    [
      'BEGIN; set_config | stmt | COMMIT',
      async (c) => {
        await c.query(selectOpening);
        await c.query(statement, id());
        await c.query('commit');
      },
    ],
    [
      'BEGIN; set_config + stmt | COMMIT',
      async (c) => {
        await Promise.all([c.query(selectOpening), c.query(statement, id())]);
        await c.query('commit');
      },
    ],
    [
      'BEGIN + stmt | COMMIT (no settings, no wall)',
      async (c) => {
        await Promise.all([c.query('begin'), c.query(statement, id())]);
        await c.query('commit');
      },
    ],
    [
      'BEGIN; SET LOCAL x3 + stmt | COMMIT (app)',
      async (c) => {
        await Promise.all([c.query(openingSql(settings)), c.query(statement, id())]);
        await c.query('commit');
      },
    ],
    [
      'BEGIN; SET LOCAL x3 + stmt + COMMIT',
      (c) => Promise.all([c.query(openingSql(settings)), c.query(statement, id()), c.query('commit')]),
    ],
  ];
  console.log(
    `\nScope transaction round trips — bare pg, pipeline mode, 10 at a time, ${ROUND_TRIP_SECONDS} s each ('|' waits for an answer, '+' does not)`,
  );
  let baseline = 0;
  try {
    for (const [name, shape] of shapes) {
      let done = 0;
      const until = Date.now() + ROUND_TRIP_SECONDS * 1000;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          while (Date.now() < until) {
            const client = await pool.connect();
            try {
              await shape(client);
            } finally {
              client.release();
            }
            done++;
          }
        }),
      );
      const rate = done / ((performance.now() - started) / 1000);
      if (!baseline) baseline = rate;
      console.log(
        `  ${name.padEnd(44)} ${rate.toFixed(0).padStart(6)} tx/s   ${(10_000_000 / rate).toFixed(0).padStart(5)} µs each   ${(rate / baseline).toFixed(2)} of the statement alone`,
      );
    }
  } finally {
    await pool.end();
  }
}

await onBenchDatabase(
  { adminUrl: ADMIN_URL, keep: KEEP, keptName: 'fp_perf_projects', prefix: 'fp_perf' },
  prepare,
  async ({ url, name, quiet }) => {
    console.log(
      `\nPostgreSQL, 1,000,000 projects over 100 tenants — GET /api/sys/project/queryList, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per target (mean shown)`,
    );
    const verdicts = await measureLists(url, loader(quiet, name, { connections: CONNECTIONS, seconds: SECONDS }));
    await measureRoundTrips(url);
    console.log('\nTargets (wall/no-wall >= 0.9, wall/naive >= 1.0, p99 < 100 ms):');
    for (const verdict of verdicts) console.log(`  ${verdict}`);
  },
);
