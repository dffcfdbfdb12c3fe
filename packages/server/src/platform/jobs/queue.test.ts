import { afterAll, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { type DeadJob, JobQueue } from './queue';

const t = useTestApp();

/** Polls `probe` until it is true; fails after `timeoutMs`. */
async function until(what: string, probe: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A promise the test resolves when it chooses. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const queues: JobQueue[] = [];
const newQueue = (exclusive = false) => {
  const queue = new JobQueue(t.services.ctx, t.database.executeSql, exclusive);
  queues.push(queue);
  return queue;
};

afterAll(async () => {
  for (const queue of queues) await queue.stop();
});

it('runs one job per group at a time, and other groups beside it', async () => {
  const queue = newQueue();
  const started: string[] = [];
  const finished: string[] = [];
  const first = gate();
  queue.register<{ name: string; group: string }>(
    'test.grouped',
    async ({ name }) => {
      started.push(name);
      if (name === 'a1') await first.opened;
      finished.push(name);
    },
    { concurrency: 3, groupOf: (data) => data.group },
  );
  await queue.start({ pollingIntervalSeconds: 0.5 });
  await queue.send('test.grouped', { name: 'a1', group: 'a' });
  await until('a1 runs', () => started.includes('a1'));
  await queue.send('test.grouped', { name: 'a2', group: 'a' });
  await queue.send('test.grouped', { name: 'b1', group: 'b' });
  // another group's job is not held up by a1; a job of a1's group waits for it
  await until('b1 finishes', () => finished.includes('b1'));
  expect(started).not.toContain('a2');
  const [run] = (await t.database.executeSql("select group_key from job_runs where queue = 'test.grouped'", [])).rows;
  expect(run).toEqual({ group_key: 'a' });
  first.open();
  await until('a2 finishes after a1', () => finished.includes('a2'));
  expect(finished).toEqual(['b1', 'a1', 'a2']);
  await until('no job runs', async () => (await queue.runningJobIds()).size === 0);
});

it("fails a dead process's job: retried while retries remain, reported as failed on the last", async () => {
  const dead: Array<{ data: unknown } & DeadJob> = [];
  const hung = gate();
  const register = (queue: JobQueue, retryLimit: number) =>
    queue.register<{ n: number }>(
      `test.dying${retryLimit}`,
      async () => {
        await hung.opened;
      },
      { retryLimit, onDead: async (data, job) => void dead.push({ data, ...job }) },
    );
  // the process that will "die": its jobs hang, and their runs are handed to a process that
  // stopped an hour ago (its own heartbeat no longer reaches them)
  const dying = newQueue();
  register(dying, 0);
  register(dying, 1);
  await dying.start({ pollingIntervalSeconds: 0.5 });
  await dying.send('test.dying0', { n: 0 });
  await dying.send('test.dying1', { n: 1 });
  await until('both jobs run', async () => (await dying.runningJobIds()).size === 2);
  await t.database.executeSql(
    `update job_runs set owner = 'a-dead-process', heartbeat_at = now() - interval '1 hour' where owner = $1`,
    [dying.owner],
  );

  // a live process of the same app (the same queues) finds them when it starts, then every few seconds
  const survivor = newQueue();
  register(survivor, 0);
  register(survivor, 1);
  await survivor.start({ pollingIntervalSeconds: 0.5 });
  await survivor.sweep(false);
  const reported = dead.map(({ data, retried }) => ({ data: data as { n: number }, retried }));
  expect(reported.sort((a, b) => a.data.n - b.data.n)).toEqual([
    { data: { n: 0 }, retried: false },
    { data: { n: 1 }, retried: true },
  ]);
  const states = await t.database.executeSql(
    `select name, state from pgboss.job where name in ('test.dying0', 'test.dying1') order by name`,
    [],
  );
  expect(states.rows).toEqual([
    { name: 'test.dying0', state: 'failed' },
    { name: 'test.dying1', state: 'retry' },
  ]);
  expect(await survivor.runningJobIds()).toEqual(new Set());
  hung.open();
});
