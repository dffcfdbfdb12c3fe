/**
 * What the list benches (project list, settlement list, project person list) share: the accounts
 * they sign in as, the loads with autocannon against a server child that reports its CPU time and
 * requests in flight, the alternating rounds, the printed rows and verdicts, and the bench database
 * made (or kept) and dropped around a run.
 */
import crypto from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO_ACCOUNTS } from '../packages/server/src/seed/demo';
import { type BenchAccount, type Child, signIn } from './support';

export type Role = 'operator' | 'staff' | 'enterprise';

export const ACCOUNTS: Record<Role, BenchAccount & { tenantId: number }> = {
  operator: { side: 'platform', ...DEMO_ACCOUNTS.platformAdmin, tenantId: 0 },
  staff: { side: 'platform', ...DEMO_ACCOUNTS.tenantStaff, tenantId: 1 },
  enterprise: { side: 'enterprise', ...DEMO_ACCOUNTS.enterpriseUser, tenantId: 1 },
};

/** The headers of `role`'s session on the app at `base`. */
export async function login(base: string, role: Role): Promise<Record<string, string>> {
  const account = ACCOUNTS[role];
  return { 'x-access-token': await signIn(base, account), 'x-tenant-id': String(account.tenantId) };
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  cpuPerRequestMs: number;
}

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

export type Load = (
  child: Child,
  url: string,
  headers: Record<string, string>,
  connections?: number,
  seconds?: number,
) => Promise<Figures>;

/**
 * Loads a server child for `seconds` at `connections`, then waits until the child has answered
 * what the load left behind and the database `database` has gone quiet (a request whose client
 * went away may still be running there), so the next load starts on a quiet machine.
 */
export function loader(quiet: pg.Client, database: string, defaults: { connections: number; seconds: number }): Load {
  const settle = async (child: Child) => {
    while ((await probe(child)).inFlight > 0) await pause(100);
    const until = Date.now() + 10_000;
    while (Date.now() < until && Number((await quiet.query(ACTIVE_SQL, [database])).rows[0].n) > 0) await pause(100);
    await pause(300);
  };
  return async (child, url, headers, connections = defaults.connections, seconds = defaults.seconds) => {
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

/**
 * A short warm-up of every target at the measured connections (JIT, caches, every pooled connection
 * opened and its statements prepared), then `rounds` loads of each in alternating order (this
 * machine drifts: the ratios of one run count); the mean of each target's rounds.
 */
export async function measureTargets<T extends string>(
  targets: T[],
  loads: Record<T, (connections?: number, seconds?: number) => Promise<Figures>>,
  rounds: number,
): Promise<Record<T, Figures>> {
  for (const target of targets) await loads[target](undefined, 2);
  const runs = Object.fromEntries(targets.map((target) => [target, [] as Figures[]])) as Record<T, Figures[]>;
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    for (const target of order) runs[target].push(await loads[target]());
  }
  return Object.fromEntries(targets.map((target) => [target, mean(runs[target])])) as Record<T, Figures>;
}

export const row = (name: string, f: Figures) =>
  `  ${name.padEnd(30)} ${f.rps.toFixed(0).padStart(6)} req/s   p50 ${String(f.p50).padStart(3)} ms   p99 ${String(f.p99).padStart(4)} ms   CPU/req ${f.cpuPerRequestMs.toFixed(2)} ms${f.errors ? `   non-2xx/errors ${f.errors}` : ''}`;

export const ok = (good: boolean) => (good ? 'OK' : 'MISSED');
/** a ratio to two places, rounded down: 0.898 reads 0.89, not 0.90 next to MISSED */
export const floor2 = (ratio: number) => (Math.floor(ratio * 100) / 100).toFixed(2);

/** One request, timed: the first ask of a page (nothing remembered yet); the API answer's result. */
export async function once<T>(url: string, headers: Record<string, string> = {}): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const answer = await fetch(url, { headers }).then((r) => r.json());
  const ms = performance.now() - started;
  if (!answer.success) throw new Error(`${url}: ${answer.message}`);
  return { ms, result: answer.result as T };
}

/**
 * Runs `body` on a bench database of the server at `adminUrl`: `keptName` when `keep` (made once,
 * kept for the next run), otherwise `<prefix>_<random>`, dropped afterwards. `prepare` migrates
 * and seeds it (or finds it seeded); `body` gets its URL, its name and a client for quiet checks.
 */
export async function onBenchDatabase(
  options: { adminUrl: string; keep: boolean; keptName: string; prefix: string },
  prepare: (url: string, log: (line: string) => void) => Promise<void>,
  body: (bench: { url: string; name: string; quiet: pg.Client }) => Promise<void>,
): Promise<void> {
  const admin = new pg.Client({ connectionString: options.adminUrl });
  await admin.connect();
  const name = options.keep ? options.keptName : `${options.prefix}_${crypto.randomBytes(4).toString('hex')}`;
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
  if (!exists) await admin.query(`create database ${name}`);
  const url = new URL(options.adminUrl);
  url.pathname = `/${name}`;
  try {
    const started = Date.now();
    console.log(`database ${name}${exists ? ' (kept)' : ''}: migrating and seeding`);
    await prepare(url.toString(), (line) => console.log(line));
    console.log(`  ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const quiet = new pg.Client({ connectionString: url.toString() });
    await quiet.connect();
    try {
      await body({ url: url.toString(), name, quiet });
    } finally {
      await quiet.end();
    }
  } finally {
    if (!options.keep) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
