import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { login } from './harness';

const port = 18191;
const url = 'postgres://postgres@127.0.0.1:5432/fp_perf_projects';
const child = spawn(
  process.execPath,
  [
    '--cpu-prof',
    '--cpu-prof-dir=/tmp/prof/out',
    '--import',
    'tsx',
    'bench/project-list-server.ts',
    'wall',
    String(port),
  ],
  {
    cwd: '/work/main',
    env: { ...process.env, BENCH_DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  },
);
await new Promise<void>((resolve) =>
  child.stdout.on('data', (d) => {
    if (String(d).includes('port')) resolve();
  }),
);
const base = `http://127.0.0.1:${port}`;
const headers = await login(base, 'enterprise');
const target = `${base}/api/sys/project/queryList?pageNo=1&pageSize=20`;
await autocannon({ url: target, connections: 50, duration: 3, headers });
const r = await autocannon({ url: target, connections: Number(process.env.C ?? 20), duration: 8, headers });
console.log('rps', r.requests.average, 'p50', r.latency.p50, 'p99', r.latency.p99, 'non2xx', r.non2xx);
child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));
