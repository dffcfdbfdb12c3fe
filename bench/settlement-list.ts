/**
 * Settlement list benchmark (issue 12): GET /api/sys/order/getSettlementPage on PostgreSQL with
 * 1,000,000 settlements and about 2,000,000 lines over 100 tenants (bench/settlement-list-seed.ts),
 * for the platform operator (every tenant), tenant staff (tenant 1, whose rows are all old) and an
 * enterprise user (10,000 rows of tenant 1), at page 1 and page 500, through the real app with its
 * login tokens (auth, validation, the permission, the viewer's scope, the wall), next to a naive
 * Fastify + pg route that runs the page's SQL and a count(*) + sum(amount) of the scope in parallel
 * (bench/settlement-list-server.ts), both in the same run: this machine drifts by up to 40%, so
 * the ratios count; the targets run in alternating order and each load waits for the server and
 * the database to go quiet. Targets: app / naive >= 1.0 requests/s and app p99 < 100 ms at 50
 * connections. Deep pages are also measured found by counting ("by offset"), not only from a
 * remembered key. CPU/req is the server process's CPU time per answered request. The figures are
 * printed, never asserted.
 *   npm run bench:settlements   BENCH_SECONDS=5 BENCH_ROUNDS=2 BENCH_CONNECTIONS=50 BENCH_KEEP=1
 *                               BENCH_ROLES=operator,staff,enterprise BENCH_PAGES=1,500
 * BENCH_KEEP=1 keeps the seeded database (bench_settle_list) for the next run; otherwise the run
 * seeds a database of its own (bench_settle_<random>) and drops it. BENCH_DATABASE_URL names the
 * server (default local). Ports 8861-8862.
 *
 * Figures of a run on this machine (2 cores shared, PostgreSQL 15) are in bench/README.md.
 */
import { prepare } from './settlement-list-seed';
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
import { type Child, startChild, stopChild } from './support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** loads per target: naive then app, then the other way round, and so on; the mean counts */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PAGES = (process.env.BENCH_PAGES ?? '1,500').split(',').map(Number);
const ROLES = (process.env.BENCH_ROLES ?? 'operator,staff,enterprise').split(',') as Role[];
const KEEP = process.env.BENCH_KEEP === '1';
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** the ports of this bench */
const PORTS = { app: 8861, naive: 8862 } as const;

const TARGETS = { p99Ms: 100, appOverNaive: 1.0 };

type Mode = keyof typeof PORTS;

const startServer = (mode: Mode, url: string): Promise<Child> =>
  startChild('settlement-list-server.ts', [mode, String(PORTS[mode])], { BENCH_DATABASE_URL: url }, true);

const listUrl = (base: string, pageNo: number) =>
  `${base}/api/sys/order/getSettlementPage?pageNo=${pageNo}&pageSize=20`;
const naiveUrl = (base: string, role: Role, pageNo: number) =>
  `${base}/settlements?role=${role}&pageNo=${pageNo}&pageSize=20`;

interface SettlementPage {
  total: number;
  totalExact?: boolean;
  totalAmount: string;
  records: Array<{ id: number; settlementNum: number; unPayAmount: string }>;
}

type Target = 'naive' | 'app' | 'appByOffset';
const TARGET_NAMES: Record<Target, string> = {
  naive: 'naive (pg, no auth)',
  app: 'app (auth, scope, wall)',
  appByOffset: 'app, by offset',
};
async function measureLists(url: string, load: Load): Promise<string[]> {
  const children = { naive: await startServer('naive', url), app: await startServer('app', url) };
  const verdicts: string[] = [];
  try {
    for (const role of ROLES) {
      const headers = await login(children.app.base, role);
      for (const pageNo of PAGES) {
        const cold = await once<SettlementPage>(listUrl(children.app.base, pageNo), headers);
        const naiveAnswer = await once<SettlementPage>(naiveUrl(children.naive.base, role, pageNo));
        // the two answer the same page: same rows, same payout figures, same amount total
        const shape = (page: SettlementPage) =>
          JSON.stringify([page.totalAmount, page.records.map((r) => [r.id, r.settlementNum, r.unPayAmount])]);
        if (shape(cold.result) !== shape(naiveAnswer.result)) {
          throw new Error(`${role} page ${pageNo}: the app and the naive route differ`);
        }
        const targets: Target[] = pageNo > 1 ? ['naive', 'app', 'appByOffset'] : ['naive', 'app'];
        const byOffset = async (c?: number, d?: number) => {
          children.app.process.send('offset path');
          try {
            return await load(children.app, listUrl(children.app.base, pageNo), headers, c, d);
          } finally {
            children.app.process.send('keyset path');
          }
        };
        const loads: Record<Target, (connections?: number, seconds?: number) => Promise<Figures>> = {
          naive: (c, d) => load(children.naive, naiveUrl(children.naive.base, role, pageNo), {}, c, d),
          app: (c, d) => load(children.app, listUrl(children.app.base, pageNo), headers, c, d),
          appByOffset: byOffset,
        };
        const figures = await measureTargets(targets, loads, ROUNDS);
        const exact = cold.result.totalExact !== false;
        const totalText = `${exact ? '' : '约 '}${cold.result.total.toLocaleString('en')}${exact ? ' (exact)' : ' (estimated)'}, count(*) ${naiveAnswer.result.total.toLocaleString('en')}`;
        console.log(
          `\n${role} page ${pageNo} — total ${totalText}, totalAmount ${cold.result.totalAmount}; first ask ${cold.ms.toFixed(1)} ms (naive ${naiveAnswer.ms.toFixed(1)} ms)`,
        );
        for (const target of targets) console.log(row(TARGET_NAMES[target], figures[target]));
        const verdict = (name: string, measured: Figures) => {
          const overNaive = measured.rps / figures.naive.rps;
          return `${name}: app/naive ${floor2(overNaive)} ${ok(overNaive >= TARGETS.appOverNaive)}, p99 ${measured.p99} ms ${ok(measured.p99 < TARGETS.p99Ms)} (naive p99 ${figures.naive.p99} ms)`;
        };
        const lines = [verdict(`${role} page ${pageNo}`, figures.app)];
        if (figures.appByOffset) lines.push(verdict(`${role} page ${pageNo} by offset`, figures.appByOffset));
        for (const line of lines) console.log(`  ${line}`);
        verdicts.push(...lines);
      }
    }
  } finally {
    for (const child of Object.values(children)) await stopChild(child);
  }
  return verdicts;
}

await onBenchDatabase(
  { adminUrl: ADMIN_URL, keep: KEEP, keptName: 'bench_settle_list', prefix: 'bench_settle' },
  prepare,
  async ({ url, name, quiet }) => {
    console.log(
      `\nPostgreSQL, 1,000,000 settlements over 100 tenants — GET /api/sys/order/getSettlementPage, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per target (mean shown)`,
    );
    const verdicts = await measureLists(url, loader(quiet, name, { connections: CONNECTIONS, seconds: SECONDS }));
    console.log('\nTargets (app/naive >= 1.0 requests/s, p99 < 100 ms):');
    for (const verdict of verdicts) console.log(`  ${verdict}`);
  },
);
