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
import crypto from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO_ACCOUNTS } from '../packages/server/src/seed/demo';
import { prepare } from './settlement-list-seed';
import type { Role } from './settlement-list-server';
import { type BenchAccount, type Child, signIn, startChild, stopChild } from './support';

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

/** The child's CPU time so far (user + system, ms) and the requests it has not answered yet. */
function probe(child: Child): Promise<{ cpuMs: number; inFlight: number }> {
  return new Promise((resolve) => {
    child.process.once('message', (message: { cpu: NodeJS.CpuUsage; inFlight: number }) =>
      resolve({ cpuMs: (message.cpu.user + message.cpu.system) / 1000, inFlight: message.inFlight }),
    );
    child.process.send('cpu');
  });
}

/** Statements running on the bench database, besides the one asking (parallel workers included). */
const ACTIVE_SQL = `select count(*) as n from pg_stat_activity
  where datname = $1 and state = 'active' and pid <> pg_backend_pid()
    and backend_type in ('client backend', 'parallel worker')`;
let quiet: pg.Client;
let quietDatabase = '';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the child has answered what the last load left behind, so the next load starts on a quiet machine. */
async function settle(child: Child): Promise<void> {
  while ((await probe(child)).inFlight > 0) await pause(100);
  // a request whose client went away may still be running in the database
  const until = Date.now() + 10_000;
  while (Date.now() < until && Number((await quiet.query(ACTIVE_SQL, [quietDatabase])).rows[0].n) > 0) {
    await pause(100);
  }
  await pause(300);
}

const ACCOUNTS: Record<Role, BenchAccount & { tenantId: number }> = {
  operator: { side: 'platform', ...DEMO_ACCOUNTS.platformAdmin, tenantId: 0 },
  staff: { side: 'platform', ...DEMO_ACCOUNTS.tenantStaff, tenantId: 1 },
  enterprise: { side: 'enterprise', ...DEMO_ACCOUNTS.enterpriseUser, tenantId: 1 },
};

async function login(base: string, role: Role): Promise<Record<string, string>> {
  const account = ACCOUNTS[role];
  return { 'x-access-token': await signIn(base, account), 'x-tenant-id': String(account.tenantId) };
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  cpuPerRequestMs: number;
}

async function load(
  child: Child,
  url: string,
  headers: Record<string, string>,
  connections = CONNECTIONS,
  seconds = SECONDS,
): Promise<Figures> {
  const before = (await probe(child)).cpuMs;
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const cpu = (await probe(child)).cpuMs - before;
  await settle(child);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
    cpuPerRequestMs: cpu / Math.max(1, result.requests.total),
  };
}

/** The mean of a target's rounds. */
function mean(runs: Figures[]): Figures {
  const average = (pick: (f: Figures) => number) => runs.reduce((sum, f) => sum + pick(f), 0) / runs.length;
  return {
    rps: average((f) => f.rps),
    p50: Math.round(average((f) => f.p50)),
    p99: Math.round(average((f) => f.p99)),
    errors: runs.reduce((sum, f) => sum + f.errors, 0),
    cpuPerRequestMs: average((f) => f.cpuPerRequestMs),
  };
}

const listUrl = (base: string, pageNo: number) =>
  `${base}/api/sys/order/getSettlementPage?pageNo=${pageNo}&pageSize=20`;
const naiveUrl = (base: string, role: Role, pageNo: number) =>
  `${base}/settlements?role=${role}&pageNo=${pageNo}&pageSize=20`;

/** One request, timed: the first ask of a page (nothing remembered yet). */
async function once(url: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const answer = await fetch(url, { headers }).then((r) => r.json());
  const ms = performance.now() - started;
  if (!answer.success) throw new Error(`${url}: ${answer.message}`);
  return {
    ms,
    total: answer.result.total as number,
    exact: answer.result.totalExact !== false,
    totalAmount: answer.result.totalAmount as string,
    first: answer.result.records[0]?.id,
    records: answer.result.records as Array<{ id: number; settlementNum: number; unPayAmount: string }>,
  };
}

const row = (name: string, f: Figures) =>
  `  ${name.padEnd(30)} ${f.rps.toFixed(0).padStart(6)} req/s   p50 ${String(f.p50).padStart(3)} ms   p99 ${String(f.p99).padStart(4)} ms   CPU/req ${f.cpuPerRequestMs.toFixed(2)} ms${f.errors ? `   non-2xx/errors ${f.errors}` : ''}`;

type Target = 'naive' | 'app' | 'appByOffset';
const TARGET_NAMES: Record<Target, string> = {
  naive: 'naive (pg, no auth)',
  app: 'app (auth, scope, wall)',
  appByOffset: 'app, by offset',
};
const ok = (good: boolean) => (good ? 'OK' : 'MISSED');
/** a ratio to two places, rounded down: 0.898 reads 0.89, not 0.90 next to MISSED */
const floor2 = (ratio: number) => (Math.floor(ratio * 100) / 100).toFixed(2);

async function measureLists(url: string): Promise<string[]> {
  const children = { naive: await startServer('naive', url), app: await startServer('app', url) };
  const verdicts: string[] = [];
  try {
    for (const role of ROLES) {
      const headers = await login(children.app.base, role);
      for (const pageNo of PAGES) {
        const cold = await once(listUrl(children.app.base, pageNo), headers);
        const naiveAnswer = await once(naiveUrl(children.naive.base, role, pageNo));
        // the two answer the same page: same rows, same payout figures, same amount total
        const same =
          cold.first === naiveAnswer.first &&
          cold.totalAmount === naiveAnswer.totalAmount &&
          JSON.stringify(cold.records.map((r) => [r.id, r.settlementNum, r.unPayAmount])) ===
            JSON.stringify(naiveAnswer.records.map((r) => [r.id, r.settlementNum, r.unPayAmount]));
        if (!same) throw new Error(`${role} page ${pageNo}: the app and the naive route differ`);
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
        // warm-up: JIT, caches, pools
        for (const target of targets) await loads[target](10, 2);
        const runs: Record<Target, Figures[]> = { naive: [], app: [], appByOffset: [] };
        for (let round = 0; round < ROUNDS; round++) {
          const order = round % 2 === 0 ? targets : [...targets].reverse();
          for (const target of order) runs[target].push(await loads[target]());
        }
        const figures = Object.fromEntries(targets.map((target) => [target, mean(runs[target])])) as Record<
          Target,
          Figures
        >;
        const totalText = `${cold.exact ? '' : '约 '}${cold.total.toLocaleString('en')}${cold.exact ? ' (exact)' : ' (estimated)'}, count(*) ${naiveAnswer.total.toLocaleString('en')}`;
        console.log(
          `\n${role} page ${pageNo} — total ${totalText}, totalAmount ${cold.totalAmount}; first ask ${cold.ms.toFixed(1)} ms (naive ${naiveAnswer.ms.toFixed(1)} ms)`,
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

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const name = KEEP ? 'bench_settle_list' : `bench_settle_${crypto.randomBytes(4).toString('hex')}`;
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
  if (!exists) await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    const started = Date.now();
    console.log(`database ${name}${exists ? ' (kept)' : ''}: migrating and seeding`);
    await prepare(url.toString(), (line) => console.log(line));
    console.log(`  ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(
      `\nPostgreSQL, 1,000,000 settlements over 100 tenants — GET /api/sys/order/getSettlementPage, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per target (mean shown)`,
    );
    quiet = new pg.Client({ connectionString: url.toString() });
    await quiet.connect();
    quietDatabase = name;
    const verdicts = await measureLists(url.toString()).finally(() => quiet.end());
    console.log('\nTargets (app/naive >= 1.0 requests/s, p99 < 100 ms):');
    for (const verdict of verdicts) console.log(`  ${verdict}`);
  } finally {
    if (!KEEP) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
