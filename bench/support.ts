/** What the API benches share: their server children and the signed-in session a run loads with. */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import readline from 'node:readline';
import { DEFAULT_SIGN_SECRET } from '../packages/server/src/config';

export interface Child {
  process: ChildProcess;
  base: string;
}

/**
 * Starts `bench/<script> ...args` under tsx; resolves once it prints its `{"port": …}` line. With
 * `ipc` the parent can ask it for its CPU time (bench/project-list.ts).
 */
/**
 * The young generation `npm start` gives the server (a list request allocates a few hundred kB: with
 * V8's default 16 MB semi-spaces a tenth of the CPU went to scavenges), given to every server child
 * here, the naive routes' too, so the app is measured as it runs and the comparison stays even.
 */
const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

export function startChild(script: string, args: string[], env: NodeJS.ProcessEnv, ipc = false): Promise<Child> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', `bench/${script}`, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', ...(ipc ? (['ipc'] as const) : [])],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} ${args.join(' ')} exited with ${code}`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{"port"')) resolve({ process: child, base: `http://127.0.0.1:${JSON.parse(line).port}` });
    });
  });
}

/** SIGTERM, then SIGKILL if it has not exited within 5 s. */
export async function stopChild(child: Child): Promise<void> {
  child.process.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  child.process.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  child.process.kill('SIGKILL');
}

export interface BenchAccount {
  side: 'platform' | 'enterprise';
  username: string;
  password: string;
  /** the tenant to sign in to; none for the platform operator's default */
  tenantId?: number;
}

/** Signs in as the console does (signed key request, RSA-encrypted password); the session token. */
export async function signIn(base: string, account: BenchAccount): Promise<string> {
  const key = crypto.randomBytes(8).toString('hex');
  const timestamp = Date.now();
  const sign = crypto.createHmac('sha256', DEFAULT_SIGN_SECRET).update(`${key}${timestamp}`).digest('hex');
  const keyAnswer = await fetch(`${base}/api/sys2/getKey?key=${key}&timestamp=${timestamp}&sign=${sign}`, {
    headers: { 'x-sign': sign, 'x-timestamp': String(timestamp) },
  }).then((r) => r.json());
  const { keyId, publicKey } = keyAnswer.result;
  const password = crypto
    .publicEncrypt(
      { key: publicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(account.password),
    )
    .toString('base64');
  const answer = await fetch(`${base}/${account.side}/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.username, password, keyId, tenantId: account.tenantId }),
  }).then((r) => r.json());
  if (!answer.success) throw new Error(`${account.username} login failed: ${answer.message}`);
  return answer.result.token;
}
