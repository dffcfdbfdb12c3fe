/**
 * The settlements.payouts follow-up chain (jobs.ts): a settlement's jobs share the singleton key
 * `settlement:<id>` on a `short` queue, so a re-issue while a follow-up waits does not start a
 * second chain beside the first; the one chain carries the new instruction to its end.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import {
  addWorker,
  approve,
  createSettlement,
  createSettlementWorld,
  fund,
  pay,
  post,
  type SettlementWorld,
} from '../../../test/settlements';
import { payoutJobKey } from './links';
import { drainPayouts } from './payouts';

const t = useTestApp();
let world: SettlementWorld;

const rows = async (sql: string, params: unknown[] = []) => (await t.database.executeSql(sql, params)).rows;

/** Polls `probe` until it answers something other than undefined; fails after `timeoutMs`. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The settlement's payout jobs by state, with their rounds. */
const jobsOf = async (settlementId: number) =>
  (await rows(
    `select id, state, singleton_key, coalesce((data->>'round')::int, 0) as round from pgboss.job
     where name = 'settlements.payouts' and data->>'settlementId' = $1 order by created_on`,
    [String(settlementId)],
  )) as Array<{ id: string; state: string; singleton_key: string | null; round: number }>;

beforeAll(async () => {
  world = await createSettlementWorld(t);
  await fund(t, world, '1000.00');
});

afterAll(async () => {
  await t.services.jobs.stop();
});

it('a re-issue during a follow-up chain does not start a second chain for the settlement', async () => {
  // two persons whose cards the bank knows under other names: both payouts fail (户名不符)
  const first = await addWorker(t, world, { priceFen: 10_000 });
  const second = await addWorker(t, world, { priceFen: 10_000 });
  const bank = await t.services.bank.gateway();
  await bank.openAccount({ accountNo: first.accountNo, accountName: '别人甲' });
  await bank.openAccount({ accountNo: second.accountNo, accountName: '别人乙' });
  const settlement = (await createSettlement(t, world)).json().result as { id: number };
  await approve(t, world, settlement.id);
  expect((await pay(t, world, settlement.id)).statusCode).toBe(200);
  // paid out by hand, before the queue runs: both lines failed, the settlement 结算异常
  await drainPayouts(t.services, settlement.id);
  const failed = (await rows('select id, pay_status from settlement_lines where settlement_id = $1 order by id', [
    settlement.id,
  ])) as Array<{ id: number; pay_status: number }>;
  expect(failed.map((line) => Number(line.pay_status))).toEqual([2, 2]);

  // from now on the bank takes a while to finish a transfer: the chain follows up every 2 s
  await bank.setFinishDelay(6_000);
  await t.services.jobs.start({ pollingIntervalSeconds: 0.5 });
  expect((await post(t.app, world.staff, '/api/sys/order/reissue', { id: failed[0].id })).statusCode).toBe(200);
  // the chain is under way: a follow-up (round >= 1) waits for its time
  await until('a follow-up of the first re-issue waits', async () =>
    (await jobsOf(settlement.id)).some((job) => job.state === 'created' && job.round >= 1) ? true : undefined,
  );
  expect((await post(t.app, world.staff, '/api/sys/order/reissue', { id: failed[1].id })).statusCode).toBe(200);

  // until both new instructions are final and the chain has ended, never two jobs of the
  // settlement wait at once (two chains would each keep one waiting)
  let mostWaiting = 0;
  const jobs = await until(
    'the chain ends with both re-issued instructions final',
    async () => {
      const now = await jobsOf(settlement.id);
      mostWaiting = Math.max(mostWaiting, now.filter((job) => job.state === 'created').length);
      const open = await rows(
        "select id from settlement_transfers where settlement_id = $1 and status in ('created', 'processing')",
        [settlement.id],
      );
      const live = now.filter((job) => ['created', 'retry', 'active'].includes(job.state));
      return open.length === 0 && live.length === 0 ? now : undefined;
    },
    60_000,
  );
  expect(mostWaiting).toBe(1);
  // every job of the settlement carried its key, the follow-ups too
  expect(jobs.every((job) => job.singleton_key === payoutJobKey(settlement.id))).toBe(true);
  expect(jobs.some((job) => job.round >= 2)).toBe(true);
  const attempts = await rows(
    "select line_id, count(*)::int as n from settlement_transfers where settlement_id = $1 and kind = 'P' group by line_id order by line_id",
    [settlement.id],
  );
  expect(attempts.map((row) => Number(row.n))).toEqual([2, 2]);
}, 90_000);
