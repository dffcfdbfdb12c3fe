/**
 * Real-browser tests (issue 3): start the real server on a fresh embedded database, wait for
 * /api/health, run e2e/*.e2e.ts with vitest (one file at a time, Chromium through playwright-core),
 * stop the server, print "N passed, N failed" and exit non-zero on any failure.
 *
 *   npm run test:e2e        (builds the web app first)
 *
 * Needs Debian's chromium at /usr/bin/chromium (or CHROMIUM_PATH); installs nothing itself.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const HEALTH_TIMEOUT_MS = 180_000;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < HEALTH_TIMEOUT_MS) {
    if (server.exitCode !== null)
      throw new Error(`the server exited with code ${server.exitCode} before it was healthy`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`the server did not answer /api/health within ${HEALTH_TIMEOUT_MS / 1000} s`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // already gone
      }
    }, 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    try {
      // the server runs in its own process group: npx, tsx and node go together
      process.kill(-(child.pid as number), 'SIGTERM');
    } catch {
      done();
    }
  });
}

/** Requests that took over 2 s or failed on the server, and warnings and errors: the last 60 of them. */
function noteworthyLines(log: string): string[] {
  interface Entry {
    level?: number;
    time?: number;
    reqId?: string;
    msg?: string;
    responseTime?: number;
    req?: { method?: string; url?: string };
    res?: { statusCode?: number };
  }
  const requests = new Map<string, string>();
  const noteworthy: string[] = [];
  for (const line of log.split('\n')) {
    if (line.trim() === '') continue;
    let entry: Entry;
    try {
      entry = JSON.parse(line) as Entry;
    } catch {
      noteworthy.push(line);
      continue;
    }
    if (entry.req && entry.reqId) requests.set(entry.reqId, `${entry.req.method} ${entry.req.url}`);
    const slow = (entry.responseTime ?? 0) > 2_000;
    const failed = (entry.res?.statusCode ?? 0) >= 500;
    if (!slow && !failed && (entry.level ?? 0) < 40) continue;
    const when = entry.time ? new Date(entry.time).toISOString() : '';
    const request = entry.reqId ? (requests.get(entry.reqId) ?? entry.reqId) : '';
    const answer = entry.res ? ` -> ${entry.res.statusCode} in ${Math.round(entry.responseTime ?? 0)} ms` : '';
    noteworthy.push(`${when} ${request}${answer} ${entry.msg ?? ''}`.trim());
  }
  return noteworthy.slice(-60);
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests?: number;
  numTotalTests: number;
}

async function main(): Promise<number> {
  if (!existsSync(join(root, 'packages/web/dist/index.html'))) {
    console.error('packages/web/dist is missing: run `npm run build` first (npm run test:e2e does).');
    return 1;
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'fieldpay-e2e-data-'));
  const workDir = mkdtempSync(join(tmpdir(), 'fieldpay-e2e-run-'));
  const serverLog = join(workDir, 'server.log');
  const resultsFile = join(workDir, 'results.json');
  const log = createWriteStream(serverLog);

  console.log(`e2e: starting the server on ${baseUrl} (data ${dataDir})`);
  const server = spawn('npx', ['tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    // requests are logged, so a failed run can show what the server was doing (noteworthyLines)
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const onSignal = () => {
    void stop(server).then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  let passed = 0;
  let failed = 0;
  try {
    await waitForHealth(baseUrl, server);
    console.log('e2e: server healthy, running the browser tests');
    const vitest = spawn(
      'npx',
      [
        'vitest',
        'run',
        '--config',
        'e2e/vitest.e2e.config.ts',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${resultsFile}`,
        // file filters: `node --import tsx e2e/run.ts exports` runs e2e/exports.e2e.ts only
        ...process.argv.slice(2),
      ],
      { cwd: root, env: { ...process.env, E2E_BASE_URL: baseUrl }, stdio: 'inherit' },
    );
    const code: number = await new Promise((done) => vitest.once('exit', (exit) => done(exit ?? 1)));
    if (existsSync(resultsFile)) {
      const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as VitestJson;
      passed = results.numPassedTests;
      failed = results.numFailedTests;
    }
    if (code !== 0 && failed === 0) failed = 1; // vitest itself failed (a file did not load)
  } catch (error) {
    console.error(`e2e: ${(error as Error).message}`);
    failed = Math.max(failed, 1);
  } finally {
    await stop(server);
    log.end();
  }
  if (failed > 0 && existsSync(serverLog)) {
    const text = readFileSync(serverLog, 'utf8');
    console.error(`---- server log: slow, failed and warned requests (all of it in ${serverLog}) ----`);
    console.error(noteworthyLines(text).join('\n'));
    console.error(`---- server log (last 4000 characters) ----\n${text.slice(-4000)}`);
  } else {
    rmSync(workDir, { recursive: true, force: true });
  }
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

process.exit(await main());
