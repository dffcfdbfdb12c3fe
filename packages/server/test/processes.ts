/**
 * The crash tests' real processes (platform/exports/export-crash.test.ts,
 * modules/settlements/payout-crash.test.ts): the server's main.ts in a child process on a free
 * port, killed and started again, and the console's sign-in over HTTP.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { encryptPassword, signGetKey } from './app';

export const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Polls `probe` until it answers something other than undefined; fails after `timeoutMs` with `log()`'s tail. */
export async function until<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | undefined>,
  log: () => string = () => '',
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms\n${log().slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A child process with what it wrote to stdout and stderr so far. */
export interface LoggedProcess {
  child: ChildProcess;
  log(): string;
}

/** Runs `node --import tsx <script>` from the repository root with `env` added, its output kept. */
export function spawnLogged(script: string, env: Record<string, string>): LoggedProcess {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repositoryRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, log: () => output };
}

/** Starts the server's main.ts with `env` and waits until /api/health answers. */
export async function startServerProcess(env: Record<string, string>): Promise<LoggedProcess & { base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawnLogged('packages/server/src/main.ts', {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  });
  await until(
    'the server answers /api/health',
    120_000,
    async () => {
      if (server.child.exitCode !== null) {
        throw new Error(`the server exited with ${server.child.exitCode}\n${server.log().slice(-4000)}`);
      }
      const response = await fetch(`${base}/api/health`).catch(() => undefined);
      return response?.ok ? true : undefined;
    },
    server.log,
  );
  return { ...server, base };
}

/** Sends `signal` and waits for the exit; nothing when the process has already ended. */
export async function stopProcess(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

export interface HttpSession {
  token: string;
  tenant: { id: number };
}

/** A single-use RSA key of the server at `base`, asked for as the console asks (signed). */
export async function getKeyOver(base: string): Promise<{ keyId: string; publicKey: string }> {
  const key = crypto.randomBytes(8).toString('hex');
  const timestamp = Date.now();
  const sign = signGetKey(key, timestamp);
  const answer = await fetch(`${base}/api/sys2/getKey?key=${key}&timestamp=${timestamp}&sign=${sign}`, {
    headers: { 'x-sign': sign, 'x-timestamp': String(timestamp) },
  }).then((r) => r.json());
  return answer.result;
}

/** Signs in on `side` of the server at `base` as the console does. */
export async function signInOver(
  base: string,
  side: 'platform' | 'enterprise',
  username: string,
  password: string,
): Promise<HttpSession> {
  const { keyId, publicKey } = await getKeyOver(base);
  const answer = await fetch(`${base}/${side}/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: encryptPassword(publicKey, password), keyId }),
  }).then((r) => r.json());
  if (!answer.success) throw new Error(`${username} login failed: ${answer.message}`);
  return answer.result;
}

export const sessionHeaders = (session: HttpSession) => ({
  'content-type': 'application/json',
  'x-access-token': session.token,
  'x-tenant-id': String(session.tenant.id),
});
