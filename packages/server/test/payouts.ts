/**
 * The payout runner under a misbehaving bank, for the reliability tests (exactly-once.test.ts in
 * process, payout-faults.test.ts over HTTP): a settlement of many lines paid, its payouts run by
 * two runners at once while the bank loses requests and answers, answers slowly and fails some
 * transfers, then reconciled without faults; and the checks that nothing was doubled or lost, at
 * the bank, in the lines and in the ledger.
 */
import { expect } from 'vitest';
import type { BankFaults, StatementLine, TransferAnswer } from '../src/integrations/bank';
import { drainPayouts, runPayouts } from '../src/modules/settlements/payouts';
import type { TestContext } from './app';
import { pay, type SettlementWorld } from './settlements';

const rows = async (t: TestContext, sql: string, params: unknown[] = []) =>
  (await t.database.executeSql(sql, params)).rows;

/** What the runner heard from the bank's transfer calls while the faults were on. */
export interface FaultTally {
  accepted: number;
  /** "already exists": a yurref sent again (two runners, or a resend after a lost answer) */
  exists: number;
  /** calls with no answer in time (request or answer lost, or slower than the client's timeout) */
  timeouts: number;
  rounds: number;
}

/**
 * Pays the settlement, then runs payout rounds under `faults`, two runners at once, for at most
 * `rounds` rounds; checks after them that every line is final or awaiting reconciliation; then
 * turns the faults off and drains. Answers what the bank answered under the faults.
 */
export async function payOutUnderFaults(
  t: TestContext,
  world: SettlementWorld,
  settlementId: number,
  faults: Partial<BankFaults>,
  rounds = 6,
): Promise<FaultTally> {
  const bank = await t.services.bank.gateway();
  const paid = await pay(t, world, settlementId);
  if (paid.statusCode !== 200) throw new Error(`pay failed: ${paid.body}`);
  const tally: FaultTally = { accepted: 0, exists: 0, timeouts: 0, rounds: 0 };
  // the runner sends batches (one call, one answer per instruction); a single transfer is counted alike
  const count = (answers: TransferAnswer[]) => {
    for (const answer of answers) {
      if (answer.outcome === 'accepted') tally.accepted++;
      if (answer.outcome === 'exists') tally.exists++;
    }
    return answers;
  };
  const transfer = bank.transfer;
  const transferBatch = bank.transferBatch;
  bank.transfer = async (instruction) => {
    try {
      return count([await transfer.call(bank, instruction)])[0];
    } catch (error) {
      tally.timeouts++;
      throw error;
    }
  };
  bank.transferBatch = async (instructions) => {
    try {
      return count(await transferBatch.call(bank, instructions));
    } catch (error) {
      tally.timeouts++;
      throw error;
    }
  };
  await bank.setFaults(faults);
  try {
    for (; tally.rounds < rounds; tally.rounds++) {
      // two runners take the same open instructions: one's transfer is the other's "exists"
      const [first] = await Promise.all([
        runPayouts(t.services, { settlementId, limit: 2000 }),
        runPayouts(t.services, { settlementId, limit: 2000 }),
      ]);
      if (first.open === 0) break;
    }
  } finally {
    await bank.setFaults({
      timeoutBeforeAcceptRate: 0,
      timeoutAfterAcceptRate: 0,
      failureRate: 0,
      slowAnswerMs: 0,
      slowAnswerRate: 1,
    });
    bank.transfer = transfer;
    bank.transferBatch = transferBatch;
  }
  // every line final (1 paid, 2 failed) or awaiting reconciliation: in flight (4) with an open
  // instruction, or not yet sent (0) while the enterprise's payment itself is still open
  const lines = await rows(
    t,
    `select l.id, l.pay_status,
       exists (select 1 from settlement_transfers o where o.line_id = l.id and o.kind = 'P'
               and o.status in ('created', 'processing')) as open,
       exists (select 1 from settlement_transfers s where s.settlement_id = l.settlement_id and s.kind = 'S'
               and s.status in ('created', 'processing')) as payment_open
     from settlement_lines l where l.settlement_id = $1`,
    [settlementId],
  );
  const stray = lines.filter((line) => {
    const status = Number(line.pay_status);
    if (status === 1 || status === 2) return line.open === true;
    if (status === 4) return line.open !== true;
    if (status === 0) return line.payment_open !== true;
    return true;
  });
  expect(stray).toEqual([]);
  await drainPayouts(t.services, settlementId, 50);
  return tally;
}

/** The channel account's whole statement at the bank. */
async function statementOf(t: TestContext, accountNo: string): Promise<StatementLine[]> {
  const bank = await t.services.bank.gateway();
  const lines: StatementLine[] = [];
  for (;;) {
    const page = await bank.statement({ accountNo, afterSeq: lines.at(-1)?.seq ?? 0, limit: 1000 });
    lines.push(...page);
    if (page.length < 1000) return lines;
  }
}

/**
 * After the reconciler: nothing open; per line, the bank moved its money at most once (one debit
 * of the channel account, net of refunds, per successful transfer, none for a failed one) and
 * exactly once for a paid line; one payout entry per successful instruction; every ledger entry
 * balanced, every balance equal to its postings, person payable holding exactly the failed lines'
 * money, the channel account the same in the ledger and at the bank.
 */
export async function expectPayoutsExactlyOnce(
  t: TestContext,
  world: SettlementWorld,
  settlementId: number,
  expectedLines: number,
): Promise<{ paid: number; failed: number }> {
  const open = await rows(
    t,
    "select id from settlement_transfers where settlement_id = $1 and status in ('created', 'processing')",
    [settlementId],
  );
  expect(open).toEqual([]);
  const instructions = (await rows(
    t,
    "select line_id, yurref, status, amount_fen from settlement_transfers where settlement_id = $1 and kind = 'P'",
    [settlementId],
  )) as Array<{ line_id: number; yurref: string; status: string; amount_fen: number }>;
  const lines = (await rows(t, 'select id, pay_status, received_fen from settlement_lines where settlement_id = $1', [
    settlementId,
  ])) as Array<{ id: number; pay_status: number; received_fen: number }>;
  expect(lines).toHaveLength(expectedLines);

  // the bank's own books: each yurref debited at most once, refunded only when it failed
  const statement = await statementOf(t, world.channelAccountNo);
  const debits = new Map<string, number>();
  const refunds = new Map<string, number>();
  for (const line of statement) {
    if (!line.yurref) continue;
    if (line.kind === 'transferOut') debits.set(line.yurref, (debits.get(line.yurref) ?? 0) + 1);
    if (line.kind === 'refund') refunds.set(line.yurref, (refunds.get(line.yurref) ?? 0) + 1);
  }
  const problems: string[] = [];
  const byLine = new Map<number, typeof instructions>();
  for (const instruction of instructions)
    byLine.set(instruction.line_id, [...(byLine.get(instruction.line_id) ?? []), instruction]);
  for (const line of lines) {
    const mine = byLine.get(line.id) ?? [];
    let movedAtBank = 0;
    for (const instruction of mine) {
      const out = debits.get(instruction.yurref) ?? 0;
      const back = refunds.get(instruction.yurref) ?? 0;
      if (out > 1 || back > out) problems.push(`${instruction.yurref}: ${out} debits, ${back} refunds`);
      if (instruction.status === 'success' && out - back !== 1)
        problems.push(`${instruction.yurref}: success without one net debit`);
      if (instruction.status === 'failed' && out - back !== 0)
        problems.push(`${instruction.yurref}: failed yet debited`);
      movedAtBank += out - back;
    }
    const succeeded = mine.filter((instruction) => instruction.status === 'success').length;
    const status = Number(line.pay_status);
    if (status === 1 && (succeeded !== 1 || movedAtBank !== 1))
      problems.push(
        `line ${line.id} paid with ${succeeded} successful instructions, ${movedAtBank} transfers at the bank`,
      );
    if (status === 2 && (succeeded !== 0 || movedAtBank !== 0))
      problems.push(
        `line ${line.id} failed with ${succeeded} successful instructions, ${movedAtBank} transfers at the bank`,
      );
    if (status !== 1 && status !== 2) problems.push(`line ${line.id} left at payStatus ${status}`);
  }
  expect(problems).toEqual([]);

  // the ledger: one payout entry per successful instruction, balanced, balances equal postings
  const succeeded = instructions.filter((instruction) => instruction.status === 'success').map((i) => i.yurref);
  const booked = await rows(
    t,
    `select reference, count(*)::int as n from ledger_entries where entry_type = 'payout'
     and reference in (select yurref from settlement_transfers where settlement_id = $1) group by reference`,
    [settlementId],
  );
  expect(booked.length).toBe(succeeded.length);
  expect(booked.every((row) => Number(row.n) === 1)).toBe(true);
  expect(await rows(t, 'select entry_id from ledger_postings group by entry_id having sum(amount_fen) <> 0')).toEqual(
    [],
  );
  expect(
    await rows(
      t,
      `select a.id from ledger_accounts a where a.balance_fen <>
         a.normal_side * (select coalesce(sum(p.amount_fen), 0) from ledger_postings p where p.account_id = a.id)`,
    ),
  ).toEqual([]);
  const [payable] = await rows(
    t,
    `select balance_fen from ledger_accounts where tenant_id = $1 and kind = 'personPayable'`,
    [world.tenantId],
  );
  const [owed] = await rows(
    t,
    `select coalesce(sum(l.received_fen), 0)::bigint as fen from settlement_lines l
     join settlements s on s.id = l.settlement_id
     where l.tenant_id = $1 and s.enterprise_pay_status = 2 and l.is_success = 1 and l.pay_status <> 1`,
    [world.tenantId],
  );
  expect(Number(payable.balance_fen)).toBe(Number(owed.fen));
  const [channel] = await rows(
    t,
    `select balance_fen from ledger_accounts where tenant_id = $1 and code like 'channel:%'`,
    [world.tenantId],
  );
  const bank = await t.services.bank.gateway();
  expect(Number(channel.balance_fen)).toBe(await bank.balance(world.channelAccountNo));
  const paid = lines.filter((line) => Number(line.pay_status) === 1).length;
  return { paid, failed: lines.length - paid };
}
