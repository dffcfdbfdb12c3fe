import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
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
import { runPayouts } from './payouts';

/**
 * Random sequences of what happens to settlements (create, approve, refuse, withdraw, pay, a round
 * of payout results under a misbehaving bank, re-issue of a failed line): after every sequence each
 * ledger entry balances, no account is below zero, every settlement's lines sum to its amount, and
 * no task is in two live settlements. Illegal moves the sequence asks for are refused (4xx), never
 * a 5xx.
 */
const t = useTestApp();
let world: SettlementWorld;
let paid = 0;

type Step =
  | { kind: 'create'; workers: number; priceFen: number }
  | { kind: 'approve' | 'refuse' | 'withdraw' | 'pay' | 'reissue'; pick: number }
  | { kind: 'payoutRound'; faulty: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc
    .record({ workers: fc.integer({ min: 1, max: 3 }), priceFen: fc.integer({ min: 1, max: 600_000 }) })
    .map((value) => ({ kind: 'create' as const, ...value })),
  fc
    .record({
      kind: fc.constantFrom(
        'approve' as const,
        'refuse' as const,
        'withdraw' as const,
        'pay' as const,
        'reissue' as const,
      ),
      pick: fc.nat(50),
    })
    .map((value) => value),
  fc.boolean().map((faulty) => ({ kind: 'payoutRound' as const, faulty })),
);

const rows = async (sql: string, params: unknown[] = []) => (await t.database.executeSql(sql, params)).rows;

async function invariants() {
  expect(await rows('select entry_id from ledger_postings group by entry_id having sum(amount_fen) <> 0')).toEqual([]);
  expect(await rows('select id from ledger_accounts where balance_fen < 0')).toEqual([]);
  expect(
    await rows(
      `select s.id from settlements s join settlement_lines l on l.settlement_id = s.id
       group by s.id, s.amount_fen having sum(l.amount_fen) <> s.amount_fen`,
    ),
  ).toEqual([]);
  expect(
    await rows('select task_id from settlement_tasks where released_at is null group by task_id having count(*) > 1'),
  ).toEqual([]);
  // a line paid out twice would show two successful payouts
  expect(
    await rows(
      "select line_id from settlement_transfers where kind = 'P' and status = 'success' group by line_id having count(*) > 1",
    ),
  ).toEqual([]);
}

async function play(steps: Step[]) {
  const ids = async () =>
    (await rows('select id from settlements where tenant_id = $1 order by id', [world.tenantId])).map((row) =>
      Number(row.id),
    );
  const bank = await t.services.bank.gateway();
  for (const next of steps) {
    const all = await ids();
    const pick = 'pick' in next ? next.pick : 0;
    // the newest settlements are the likeliest to move on: half the picks land on the last one
    const chosen = all.length === 0 ? 0 : pick % 2 === 0 ? all[all.length - 1] : all[pick % all.length];
    let status = 200;
    switch (next.kind) {
      case 'create':
        for (let index = 0; index < next.workers; index++) await addWorker(t, world, { priceFen: next.priceFen });
        status = (await createSettlement(t, world)).statusCode;
        break;
      case 'approve':
        if (chosen) status = (await approve(t, world, chosen)).statusCode;
        break;
      case 'refuse':
        if (chosen)
          status = (
            await post(t.app, world.staff, '/api/sys/order/auditSettlement', {
              settlementId: chosen,
              auditStatus: 3,
              remarks: '抽查不通过',
            })
          ).statusCode;
        break;
      case 'withdraw':
        if (chosen)
          status = (
            await post(t.app, world.enterprise, '/api/sys/order/auditSettlement', {
              settlementId: chosen,
              auditStatus: -1,
            })
          ).statusCode;
        break;
      case 'pay':
        if (chosen) {
          status = (await pay(t, world, chosen)).statusCode;
          if (status === 200) paid++;
        }
        break;
      case 'reissue': {
        const [line] = await rows(
          'select id from settlement_lines where tenant_id = $1 and pay_status = 2 order by id',
          [world.tenantId],
        );
        if (line)
          status = (await post(t.app, world.staff, '/api/sys/order/reissue', { id: Number(line.id) })).statusCode;
        break;
      }
      case 'payoutRound':
        await bank.setFaults(
          next.faulty
            ? { timeoutBeforeAcceptRate: 0.3, timeoutAfterAcceptRate: 0.3, failureRate: 0.3 }
            : { timeoutBeforeAcceptRate: 0, timeoutAfterAcceptRate: 0, failureRate: 0 },
        );
        try {
          await runPayouts(t.services);
        } finally {
          await bank.setFaults({ timeoutBeforeAcceptRate: 0, timeoutAfterAcceptRate: 0, failureRate: 0 });
        }
        break;
    }
    expect(status, next.kind).toBeLessThan(500);
  }
}

beforeAll(async () => {
  world = await createSettlementWorld(t);
  await fund(t, world, '1000000.00');
});

describe('settlement sequences', () => {
  it('keep the ledger balanced, the lines summed and each task settled once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        await play(steps);
        await invariants();
      }),
      { numRuns: 25, seed: 20261124 },
    );
    // the sequences reached the money: payments were made and paid out
    expect(paid).toBeGreaterThan(0);
    expect(await rows("select id from settlement_transfers where kind = 'P' and status = 'success'")).not.toEqual([]);
  });
});
