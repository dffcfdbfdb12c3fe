/**
 * Export benchmark (issue 4): the export job writes BENCH_ROWS (default 200,000) rows x 12 columns
 * of the project-person export (masking and dictionary text included) through pg-boss, on PostgreSQL and PGlite,
 * next to a bare exceljs streaming writer of the very same cells, in the same run. Each side runs
 * in its own process (bench/export-worker.ts) so each peak RSS is its own. Targets: the job at
 * least 1.0x the bare writer's rows/s, its peak RSS under 250 MB.
 *   npm run bench:export      BENCH_ROWS=200000 BENCH_ROUNDS=3 BENCH_DATABASES=postgres,pglite
 * PostgreSQL runs on a database the bench creates and drops (BENCH_PG_ADMIN_URL, default the local
 * server) and is skipped when no server answers.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const RSS_BUDGET_MB = 250;
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** alternating job/bare rounds; the median of each side counts (the machine drifts between runs) */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Measure {
  rows: number;
  seconds: number;
  cpuSeconds?: number;
  peakRssMb: number;
  idleRssMb?: number;
  bytes?: number;
}

function step(mode: 'seed' | 'job' | 'bare', dir: string, databaseUrl?: string): Promise<Measure> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/export-worker.ts', mode, dir, String(ROWS)], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BENCH_DATABASE_URL: databaseUrl ?? '' },
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.once('exit', (code) => {
      const line = out
        .trim()
        .split('\n')
        .reverse()
        .find((text) => text.startsWith('{"rows"'));
      if (code === 0 && line) resolve(JSON.parse(line));
      else reject(new Error(`${mode} exited with ${code}: ${out}`));
    });
  });
}

const rate = (m: Measure) => m.rows / m.seconds;
/** the round of median time, with the highest peak RSS of all rounds */
function median(rounds: Measure[]): Measure {
  const sorted = [...rounds].sort((a, b) => a.seconds - b.seconds);
  return { ...sorted[Math.floor(sorted.length / 2)], peakRssMb: Math.max(...rounds.map((m) => m.peakRssMb)) };
}
const line = (name: string, m: Measure) =>
  [
    name.padEnd(30),
    `${m.rows.toLocaleString('en').padStart(9)} rows`,
    `${m.seconds.toFixed(2).padStart(6)} s`,
    `${Math.round(rate(m)).toLocaleString('en').padStart(7)} rows/s`,
    m.cpuSeconds === undefined ? '' : `CPU ${m.cpuSeconds.toFixed(2)} s`,
    `peak RSS ${String(m.peakRssMb).padStart(4)} MB`,
    m.idleRssMb === undefined ? '' : `(idle ${m.idleRssMb} MB, export +${m.peakRssMb - m.idleRssMb} MB)`,
  ].join('  ');

/** Seeds, runs the job, then the bare writer over the job's own cells; prints both and their ratio. */
async function compare(label: string, databaseUrl?: string): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldpay-bench-export-'));
  try {
    console.log(`\n${label}: seeding ${ROWS.toLocaleString('en')} persons on 20 projects…`);
    await step('seed', dir, databaseUrl);
    const jobs: Measure[] = [];
    const bares: Measure[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      jobs.push(await step('job', dir, databaseUrl));
      bares.push(await step('bare', dir));
    }
    const job = median(jobs);
    const bare = median(bares);
    if (job.rows !== ROWS || bare.rows !== ROWS) throw new Error('row counts differ from the seed');
    console.log(
      `rounds job s: ${jobs.map((m) => m.seconds.toFixed(2)).join(' ')}   bare s: ${bares.map((m) => m.seconds.toFixed(2)).join(' ')}`,
    );
    console.log(line('export job (pg-boss, worker)', job));
    console.log(line('bare exceljs streaming writer', bare));
    console.log(
      `ratio job/bare rows/s: ${(rate(job) / rate(bare)).toFixed(2)} (target >= 1.0)   job peak RSS ${job.peakRssMb} MB (budget ${RSS_BUDGET_MB} MB)`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A fresh PostgreSQL database for the run, dropped afterwards; null when no server answers. */
async function withPostgres(run: (url: string) => Promise<void>): Promise<boolean> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    return false;
  }
  const name = `fieldpay_bench_${crypto.randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  return true;
}

// BENCH_DATABASES=postgres or =pglite runs one of the two
const databases = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',');
if (databases.includes('postgres') && !(await withPostgres((url) => compare('PostgreSQL', url)))) {
  console.log('PostgreSQL not reachable: skipped');
}
if (databases.includes('pglite')) await compare('PGlite (the embedded database lives in the same process)');
