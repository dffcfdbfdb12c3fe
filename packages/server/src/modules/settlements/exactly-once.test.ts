/**
 * Issue 12's reliability tests: concurrent payments, crashes between the database and the bank,
 * and a misbehaving bank over many payouts. Each ends with one transfer per instruction at the
 * bank and a balanced ledger.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import {
  addWorker,
  approve,
  createSettlement,
  createSettlementWorld,
  fund,
  get,
  payBody,
  paymentCode,
  post,
  type SettlementWorld,
} from '../../../test/settlements';
import { expectPayoutsExactlyOnce, payOutUnderFaults } from '../../../test/payouts';
import { drainPayouts } from './payouts';

const t = useTestApp();
let world: SettlementWorld;

const rows = async (sql: string, params: unknown[] = []) => (await t.database.executeSql(sql, params)).rows;
const ledgerBalanced = async () =>
  (await rows('select entry_id from ledger_postings group by entry_id having sum(amount_fen) <> 0')).length === 0;

async function approvedSettlement(workers: number, priceFen = 10_000) {
  for (let index = 0; index < workers; index++) await addWorker(t, world, { priceFen });
  const created = (await createSettlement(t, world)).json().result;
  await approve(t, world, created.id);
  return created as { id: number; amount: string };
}

beforeAll(async () => {
  world = await createSettlementWorld(t);
  await fund(t, world, '100000.00');
});

describe('exactly once', () => {
  it('100 concurrent pay requests for one settlement: one transfer, one debit, no 5xx', async () => {
    const settlement = await approvedSettlement(2);
    const code = await paymentCode(t, world, settlement.id);
    // half share one single-use key, half bring their own
    const shared = await payBody(t, world, settlement.id, code);
    const bodies = await Promise.all(
      Array.from({ length: 100 }, async (_, index) =>
        index % 2 === 0 ? shared : payBody(t, world, settlement.id, code),
      ),
    );
    const answers = await Promise.all(
      bodies.map((body) => post(t.app, world.enterprise, '/api/sys/order/confirmSettlement', body)),
    );
    expect(answers.filter((answer) => answer.statusCode >= 500)).toEqual([]);
    const firsts = answers.filter((answer) => answer.statusCode === 200 && answer.json().result.repeated === false);
    expect(firsts).toHaveLength(1);
    const yurref = firsts[0].json().result.yurref;
    for (const answer of answers.filter((one) => one.statusCode === 200))
      expect(answer.json().result.yurref).toBe(yurref);
    const entries = await rows("select id from ledger_entries where entry_type = 'settlementPay' and reference = $1", [
      `settlement:${settlement.id}`,
    ]);
    expect(entries).toHaveLength(1);
    const transfers = await rows("select yurref from settlement_transfers where settlement_id = $1 and kind = 'S'", [
      settlement.id,
    ]);
    expect(transfers).toEqual([{ yurref }]);
    await drainPayouts(t.services, settlement.id);
    expect(await ledgerBalanced()).toBe(true);
  });

  it('a crash after the yurref commit and before the bank call: the reconciler sends it once', async () => {
    const settlement = await approvedSettlement(3);
    const paid = await post(
      t.app,
      world.enterprise,
      '/api/sys/order/confirmSettlement',
      await payBody(t, world, settlement.id, await paymentCode(t, world, settlement.id)),
    );
    // the server "died" here: the payment's row is committed, the bank has never heard of it
    const yurref = paid.json().result.yurref;
    const bank = await t.services.bank.gateway();
    expect(await bank.queryTransfer(yurref)).toBeNull();
    await drainPayouts(t.services);
    expect((await bank.queryTransfer(yurref))?.status).toBe('success');
    const detail = (
      await get(t.app, world.enterprise, '/api/sys/order/getSettlementDetail', {
        settlementId: settlement.id,
      })
    ).json().result;
    expect(detail.payStatus).toBe(2);
    const payouts = await rows(
      "select line_id, count(*)::int as n from settlement_transfers where settlement_id = $1 and kind = 'P' group by line_id",
      [settlement.id],
    );
    expect(payouts).toHaveLength(3);
    expect(payouts.every((row) => row.n === 1)).toBe(true);
    expect(await ledgerBalanced()).toBe(true);
  });

  it('a crash after the bank accepted and before the database noted it: "exists" is read, nothing doubles', async () => {
    const settlement = await approvedSettlement(2);
    await post(
      t.app,
      world.enterprise,
      '/api/sys/order/confirmSettlement',
      await payBody(t, world, settlement.id, await paymentCode(t, world, settlement.id)),
    );
    // the payment instruction went out and the bank accepted it, but the answer never reached the database
    const [payment] = await rows("select * from settlement_transfers where settlement_id = $1 and kind = 'S'", [
      settlement.id,
    ]);
    const bank = await t.services.bank.gateway();
    const sent = await bank.transfer({
      yurref: String(payment.yurref),
      payerAccountNo: String(payment.payer_account_no),
      payeeAccountNo: String(payment.payee_account_no),
      payeeName: String(payment.payee_name),
      amountFen: Number(payment.amount_fen),
      purpose: '结算付款',
    });
    expect(sent.outcome).toBe('accepted');
    await drainPayouts(t.services);
    const statement = await bank.statement({ accountNo: world.virtualAccountNo, limit: 1000 });
    expect(statement.filter((line) => line.yurref === payment.yurref && line.direction === 'D')).toHaveLength(1);
    expect(await ledgerBalanced()).toBe(true);
  });

  it('bank faults over 1,000 payouts: no duplicate transfer, every line final or awaiting reconciliation, the ledger balanced', async () => {
    const started = Date.now();
    const settlement = await approvedSettlement(1000, 1_000);
    const made = Date.now();
    // lost requests, lost answers, slow answers (late, behind later ones), the bank's own failures,
    // and two runners at once, so the same yurrefs go out twice and come back "exists"
    const tally = await payOutUnderFaults(t, world, settlement.id, {
      timeoutBeforeAcceptRate: 0.15,
      timeoutAfterAcceptRate: 0.15,
      failureRate: 0.05,
      slowAnswerMs: 30,
      slowAnswerRate: 0.1,
    });
    const { paid, failed } = await expectPayoutsExactlyOnce(t, world, settlement.id, 1000);
    console.info(
      `1,000 payouts under bank faults (in process): made in ${made - started} ms, paid out and checked in ${Date.now() - made} ms; ${tally.rounds} faulty rounds, ${tally.accepted} accepted, ${tally.exists} "exists", ${tally.timeouts} timeouts; ${paid} paid, ${failed} failed`,
    );
    expect(tally.exists).toBeGreaterThan(0);
    expect(tally.timeouts).toBeGreaterThan(0);
    expect(failed).toBeGreaterThan(0);
    expect(paid + failed).toBe(1000);
  }, 180_000);
});
