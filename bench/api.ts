/**
 * API benchmark (issue 2): requests/s and latency of the authenticated permission-list call next
 * to a bare Fastify JSON route, measured in the same run (this machine drifts by up to 40%, so
 * only the ratio counts; target >= 0.4). Runs on PGlite, and on PostgreSQL when reachable
 * (BENCH_DATABASE_URL, default the local server), on a database it creates and drops.
 *   npm run bench            BENCH_SECONDS=10 BENCH_CONNECTIONS=50
 */
import crypto from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO_ACCOUNTS } from '../packages/server/src/seed/demo';
import { type Child, signIn, startChild, stopChild } from './support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const startServer = (mode: 'app' | 'bare', env: NodeJS.ProcessEnv = {}): Promise<Child> =>
  startChild('api-server.ts', [mode], env);

const loginToken = (base: string): Promise<string> =>
  signIn(base, { side: 'platform', ...DEMO_ACCOUNTS.platformAdmin });

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

async function measure(label: string, env: NodeJS.ProcessEnv): Promise<void> {
  const app = await startServer('app', env);
  const bare = await startServer('bare');
  try {
    const token = await loginToken(app.base);
    const headers = { 'x-access-token': token, 'x-tenant-id': '0' };
    // warm-up: JIT, caches, connection pools
    await autocannon({ url: `${app.base}/platform/v2/queryPerm`, connections: 10, duration: 2, headers });
    await autocannon({ url: `${bare.base}/bare`, connections: 10, duration: 2 });
    const baseline = await load(`${bare.base}/bare`);
    const perm = await load(`${app.base}/platform/v2/queryPerm`, headers);
    const row = (name: string, f: Figures) =>
      `  ${name.padEnd(34)} ${f.rps.toFixed(0).padStart(8)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   non-2xx/errors ${f.errors}`;
    console.log(`\n${label} — ${CONNECTIONS} connections, ${SECONDS} s each`);
    console.log(row('bare Fastify JSON route', baseline));
    console.log(row('GET /platform/v2/queryPerm (auth)', perm));
    const ratio = perm.rps / baseline.rps;
    console.log(
      `  ratio queryPerm / bare: ${ratio.toFixed(2)} (target >= 0.40) ${ratio >= 0.4 ? 'OK' : 'BELOW TARGET'}`,
    );
  } finally {
    await stopChild(app);
    await stopChild(bare);
  }
}

await measure('PGlite (embedded)', { DATABASE_URL: '' });

const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
const reachable = await admin.connect().then(
  () => true,
  () => false,
);
if (reachable) {
  const name = `fp_bench_${crypto.randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    await measure('PostgreSQL', { DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else {
  console.log(`\nPostgreSQL at ${PG_ADMIN_URL} not reachable: skipped`);
}
