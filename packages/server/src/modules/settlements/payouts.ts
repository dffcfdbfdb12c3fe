/**
 * The payout runner and reconciler (decision 0021). Every bank instruction is a settlement_transfers
 * row written, with its yurref, before it is sent. The runner takes the open rows (created: maybe
 * never sent; processing: sent), sends a created one (again, with the same yurref: the bank answers
 * "exists" for one it already has) or asks the bank by yurref for a processing one, and applies a
 * final answer under the row's lock exactly once. The bank is called outside any transaction, in
 * batches (batch payment, batch status query: each instruction answered on its own, decision 0021).
 * After a crash anywhere, the next run finishes the work: nothing is sent twice, nothing is lost.
 */
import { fenToYuan, LINE_PAY_STATUS, SETTLEMENT_MSG, settlementTransition, THIRD_PAY_STATUS } from '@fieldpay/domain';
import { and, asc, eq, inArray, max, ne, sql } from 'drizzle-orm';
import { fail } from '../../core/errors';
import { enterpriseScope } from '../../core/tenancy';
import { channelAccounts, personBankCards, settlementLines, settlements, settlementTransfers } from '../../db/schema';
import {
  BankTimeoutError,
  makeYurref,
  type TransferAnswer,
  type TransferRecord,
  yurrefPrefix,
} from '../../integrations/bank';
import type { Principal } from '../../platform/auth/sessions';
import { createNotice, enterpriseMemberIds } from '../../platform/notices/service';
import { type AuditActor, writeAudit } from '../../platform/system/audit';
import type { Services } from '../../services';
import { type EntryInput, platformAccount, postEntries } from '../ledger/posting';
import { crashPoint } from './crash-points';
import { payoutJobKey, settlementLink } from './links';
import { addEvent, channelBankAccount } from './moves';

type Transfer = typeof settlementTransfers.$inferSelect;
const OPEN = ['created', 'processing'];
/** how many instructions one bank call carries (batch payment, batch status query) */
const BANK_BATCH = 100;
/** how many bank calls a round has out at once */
const BANK_LANES = 4;
/** how many of the bank's answers one transaction applies (their payouts' entries posted together) */
const APPLY_BATCH = 500;
/** how many open instructions a round takes (oldest first) */
const ROUND_LIMIT = 2000;
const WHY = 'settlements: sending payouts and reconciling them with the bank';

/** A bank answer the runner applies: final (success / failed), or still processing. */
type Outcome =
  | { status: 'processing'; bankRef: string }
  | { status: 'success'; bankRef: string; at: Date }
  | { status: 'failed'; bankRef: string; reason: string; at: Date };

const outcomeOf = (record: TransferRecord): Outcome =>
  record.status === 'processing'
    ? { status: 'processing', bankRef: record.bankRef }
    : record.status === 'success'
      ? { status: 'success', bankRef: record.bankRef, at: new Date(record.finishedAt ?? Date.now()) }
      : {
          status: 'failed',
          bankRef: record.bankRef,
          reason: record.failureReason ?? '银行处理失败',
          at: new Date(record.finishedAt ?? Date.now()),
        };

type Answer = { transferId: number; outcome: Outcome };

const instructionOf = (transfer: Transfer) => ({
  yurref: transfer.yurref,
  payerAccountNo: transfer.payerAccountNo,
  payeeAccountNo: transfer.payeeAccountNo,
  payeeName: transfer.payeeName,
  amountFen: transfer.amountFen,
  purpose: transfer.kind === 'S' ? '结算付款' : '劳务报酬',
});

/**
 * Sends instructions in one batch payment, each with its own yurref (a created one, or one the
 * bank said it never recorded: sent again under the same yurref; the bank answers "exists" for one
 * it has). No answer in time: nothing is learnt, the next round asks again.
 */
async function sendBatch(services: Services, transfers: readonly Transfer[], answers: Answer[]): Promise<void> {
  const bank = await services.bank.gateway();
  for (const transfer of transfers)
    if (transfer.status === 'created' && transfer.kind === 'P') crashPoint('before-bank');
  let replies: TransferAnswer[];
  try {
    replies = await bank.transferBatch(transfers.map(instructionOf));
  } catch (error) {
    if (error instanceof BankTimeoutError) return;
    throw error;
  }
  transfers.forEach((transfer, at) => {
    const answer = replies[at];
    if (!answer) return;
    if (answer.outcome === 'rejected') {
      answers.push({
        transferId: transfer.id,
        outcome: { status: 'failed', bankRef: '', reason: answer.reason, at: new Date() },
      });
      return;
    }
    if (answer.outcome === 'accepted' && transfer.kind === 'P') crashPoint('after-accept');
    answers.push({ transferId: transfer.id, outcome: outcomeOf(answer.transfer) });
  });
}

/**
 * Asks the bank after sent instructions in one batch status query; the ones it never recorded (the
 * request was lost) are handed to `resend`.
 */
async function askBatch(
  services: Services,
  transfers: readonly Transfer[],
  answers: Answer[],
  resend: (transfers: Transfer[]) => void,
): Promise<void> {
  const bank = await services.bank.gateway();
  let records: Array<TransferRecord | null>;
  try {
    records = await bank.queryTransfers(transfers.map((transfer) => transfer.yurref));
  } catch (error) {
    if (error instanceof BankTimeoutError) return;
    throw error;
  }
  const unknown: Transfer[] = [];
  transfers.forEach((transfer, at) => {
    const record = records[at];
    if (record) answers.push({ transferId: transfer.id, outcome: outcomeOf(record) });
    else unknown.push(transfer);
  });
  if (unknown.length > 0) resend(unknown);
}

/** What a batch of payouts books once it is applied: their ledger entries, their settlements to settle. */
interface Booking {
  entries: EntryInput[];
  settlementIds: Set<number>;
  /** the ledger's accounts of the batch, looked up once per tenant and channel account */
  accounts: Map<string, Promise<number>>;
  /** the lines' new states */
  lines: LineWrite[];
}

/**
 * Applies the bank's answers, each to its instruction once: the instructions are locked (in id
 * order) and a final one is never changed; a batch is one transaction, its instructions and lines
 * written in one statement each, its payouts' ledger entries posted together (postEntries), and
 * each settlement settled once at the end.
 */
async function applyOutcomes(services: Services, answers: readonly Answer[], at?: Date): Promise<number> {
  return services.ctx.scopes.withSystem(WHY, async () => {
    const { db } = services.ctx;
    const locked = await db
      .select()
      .from(settlementTransfers)
      .where(
        inArray(
          settlementTransfers.id,
          answers.map((answer) => answer.transferId),
        ),
      )
      .orderBy(asc(settlementTransfers.id))
      .for('update');
    const transfers = new Map(locked.map((row) => [row.id, row]));
    const booking: Booking = { entries: [], settlementIds: new Set(), accounts: new Map(), lines: [] };
    const now = at ?? new Date();
    let finished = 0;
    let writes: TransferWrite[] = [];
    for (const answer of answers) {
      const { transferId } = answer;
      // a replayed past books the bank's answer at that time too
      const outcome = at && answer.outcome.status !== 'processing' ? { ...answer.outcome, at } : answer.outcome;
      const transfer = transfers.get(transferId);
      if (!transfer || !OPEN.includes(transfer.status)) continue;
      // one answer per instruction and batch
      transfers.delete(transferId);
      if (outcome.status === 'processing') {
        if (transfer.status === 'created')
          writes.push({
            id: transfer.id,
            status: 'processing',
            bank_ref: outcome.bankRef,
            failure_reason: transfer.failureReason,
            sent_at: now,
            finished_at: null,
          });
        continue;
      }
      finished++;
      writes.push({
        id: transfer.id,
        status: outcome.status,
        bank_ref: outcome.bankRef,
        failure_reason: outcome.status === 'failed' ? outcome.reason.slice(0, 200) : '',
        sent_at: transfer.sentAt ?? now,
        finished_at: outcome.at,
      });
      if (transfer.kind === 'S') {
        // rare (one per settlement): applied on its own, after the writes before it
        await writeTransfers(services, writes);
        writes = [];
        await paymentFinished(services, transfer, outcome, now);
      } else await payoutFinished(services, transfer, outcome, booking, now);
    }
    await writeTransfers(services, writes);
    await writeLines(services, booking.lines);
    // a refusal of the ledger must undo the batch, not keep its lines paid without their entries
    // (a business error keeps a scope's writes: db/scope.ts)
    await postEntries(services.ctx.scopes, booking.entries).catch((error: unknown) => {
      throw new Error(`payouts: the ledger refused a batch: ${error instanceof Error ? error.message : error}`, {
        cause: error,
      });
    });
    for (const settlementId of [...booking.settlementIds].sort((a, b) => a - b))
      await settleIfFinal(services, settlementId, now);
    return finished;
  });
}

/** An instruction's new state, as applyOutcomes writes it (one statement per batch). */
interface TransferWrite {
  id: number;
  status: string;
  bank_ref: string;
  failure_reason: string;
  sent_at: Date;
  finished_at: Date | null;
}

/** A line's new state after its payout's final answer. */
interface LineWrite {
  id: number;
  pay_status: number;
  third_pay_status: number;
  /** null keeps the line's pay time (a failure) */
  pay_time: Date | null;
  failure_msg: string;
  updated_at: Date;
}

async function writeTransfers(services: Services, writes: readonly TransferWrite[]): Promise<void> {
  if (writes.length === 0) return;
  await services.ctx.db.execute(sql`
    update settlement_transfers t
    set status = v.status, bank_ref = v.bank_ref, failure_reason = v.failure_reason, sent_at = v.sent_at,
      finished_at = v.finished_at
    from jsonb_to_recordset(${JSON.stringify(writes)}::jsonb) as v(id integer, status varchar, bank_ref varchar,
      failure_reason varchar, sent_at timestamptz, finished_at timestamptz)
    where t.id = v.id`);
}

async function writeLines(services: Services, writes: readonly LineWrite[]): Promise<void> {
  if (writes.length === 0) return;
  await services.ctx.db.execute(sql`
    update settlement_lines l
    set pay_status = v.pay_status, third_pay_status = v.third_pay_status, pay_time = coalesce(v.pay_time, l.pay_time),
      failure_msg = v.failure_msg, updated_at = v.updated_at
    from jsonb_to_recordset(${JSON.stringify(writes)}::jsonb) as v(id integer, pay_status smallint,
      third_pay_status smallint, pay_time timestamptz, failure_msg varchar, updated_at timestamptz)
    where l.id = v.id`);
}

/**
 * The enterprise's payment reached the channel account: one payout instruction per line. A failed
 * payment (the bank was busy) is sent again under the next attempt's yurref: the money is the
 * enterprise's, already booked to the platform, and the bank moved none of it.
 */
async function paymentFinished(
  services: Services,
  transfer: Transfer,
  outcome: Exclude<Outcome, { status: 'processing' }>,
  now: Date,
): Promise<void> {
  const { db } = services.ctx;
  if (outcome.status === 'failed') {
    await db.insert(settlementTransfers).values({
      ...transferBase(transfer),
      attempt: transfer.attempt + 1,
      yurref: makeYurref('S', transfer.settlementId, transfer.attempt + 1, now),
      createdAt: now,
    });
    return;
  }
  const [channel] = await db
    .select()
    .from(channelAccounts)
    .where(
      and(eq(channelAccounts.tenantId, transfer.tenantId), eq(channelAccounts.accountNo, transfer.payeeAccountNo)),
    );
  // one instruction per payable line, made and marked in the database in one statement each (no
  // line read into the process): its yurref is makeYurref('P', line id, 1, now), written out
  const ofSettlement = and(
    eq(settlementLines.tenantId, transfer.tenantId),
    eq(settlementLines.settlementId, transfer.settlementId),
    eq(settlementLines.isSuccess, 1),
  );
  await db.execute(sql`
    insert into settlement_transfers (tenant_id, enterprise_id, settlement_id, line_id, kind, attempt, yurref,
      payer_account_no, payee_account_no, payee_name, bank_no, bank_name, amount_fen, created_at)
    select settlement_lines.tenant_id, settlement_lines.enterprise_id, settlement_lines.settlement_id,
      settlement_lines.id, 'P', 1, ${yurrefPrefix('P', now)} || lpad(settlement_lines.id::text, 10, '0') || '01',
      ${channel.accountNo}, settlement_lines.account_no, settlement_lines.account_name, ${transfer.bankNo},
      settlement_lines.bank_name, settlement_lines.received_fen, ${now}
    from settlement_lines
    where ${ofSettlement} and settlement_lines.received_fen > 0
    order by settlement_lines.id
    on conflict do nothing`);
  const payable = await db
    .update(settlementLines)
    .set({ payStatus: LINE_PAY_STATUS.processing, thirdPayStatus: THIRD_PAY_STATUS.sent, updatedAt: now })
    .where(and(ofSettlement, sql`${settlementLines.receivedFen} > 0`))
    .returning({ id: settlementLines.id });
  // a line whose taxes took all of its pay has nothing to send: it is settled as it stands
  await db
    .update(settlementLines)
    .set({ payStatus: LINE_PAY_STATUS.success, thirdPayStatus: THIRD_PAY_STATUS.success, payTime: now })
    .where(and(ofSettlement, eq(settlementLines.receivedFen, 0)));
  await addEvent(
    db,
    settlementOf(transfer),
    '企业付款到账',
    '银行',
    `业务参考号${transfer.yurref}，开始向${payable.length}人发放`,
    now,
  );
  await settleIfFinal(services, transfer.settlementId, now);
}

/** A payout is final: its entry to book (success) and its line paid, or the line failed for a re-issue. */
async function payoutFinished(
  services: Services,
  transfer: Transfer,
  outcome: Exclude<Outcome, { status: 'processing' }>,
  booking: Booking,
  now: Date,
): Promise<void> {
  const { db } = services.ctx;
  const lineId = transfer.lineId as number;
  booking.settlementIds.add(transfer.settlementId);
  if (outcome.status === 'success') {
    const payable = `payable:${transfer.tenantId}`;
    const bankKey = `channel:${transfer.tenantId}:${transfer.payerAccountNo}`;
    if (!booking.accounts.has(payable))
      booking.accounts.set(payable, platformAccount(services.ctx.scopes, transfer.tenantId, 'personPayable'));
    if (!booking.accounts.has(bankKey))
      booking.accounts.set(
        bankKey,
        db
          .select()
          .from(channelAccounts)
          .where(
            and(
              eq(channelAccounts.tenantId, transfer.tenantId),
              eq(channelAccounts.accountNo, transfer.payerAccountNo),
            ),
          )
          .then(([channel]) => channelBankAccount(services, transfer.tenantId, channel)),
      );
    booking.entries.push({
      tenantId: transfer.tenantId,
      enterpriseId: transfer.enterpriseId,
      entryType: 'payout',
      reference: transfer.yurref,
      memo: `代发${transfer.payeeName}`,
      postedAt: outcome.at,
      lines: [
        { accountId: await (booking.accounts.get(payable) as Promise<number>), amountFen: transfer.amountFen },
        { accountId: await (booking.accounts.get(bankKey) as Promise<number>), amountFen: -transfer.amountFen },
      ],
    });
  }
  booking.lines.push(
    outcome.status === 'success'
      ? {
          id: lineId,
          pay_status: LINE_PAY_STATUS.success,
          third_pay_status: THIRD_PAY_STATUS.success,
          pay_time: outcome.at,
          failure_msg: '',
          updated_at: now,
        }
      : {
          id: lineId,
          pay_status: LINE_PAY_STATUS.failed,
          third_pay_status: THIRD_PAY_STATUS.failed,
          pay_time: null,
          failure_msg: outcome.reason.slice(0, 200),
          updated_at: now,
        },
  );
}

/** When no line is in flight: every line paid -> 已结算 (settlement time), some failed -> 结算异常. */
async function settleIfFinal(services: Services, settlementId: number, now: Date): Promise<void> {
  const { db } = services.ctx;
  const [row] = await db.select().from(settlements).where(eq(settlements.id, settlementId)).for('update');
  // counted in the database (by tenant and settlement: the lines' index), not read line by line
  const [lines] = await db
    .select({
      length: sql<number>`count(*)::int`,
      open: sql<number>`count(*) filter (where ${inArray(settlementLines.payStatus, [LINE_PAY_STATUS.processing, LINE_PAY_STATUS.pending])})::int`,
      failed: sql<number>`count(*) filter (where ${ne(settlementLines.payStatus, LINE_PAY_STATUS.success)})::int`,
    })
    .from(settlementLines)
    .where(
      and(
        eq(settlementLines.tenantId, row.tenantId),
        eq(settlementLines.settlementId, settlementId),
        eq(settlementLines.isSuccess, 1),
      ),
    );
  if (lines.open > 0) return;
  const { failed } = lines;
  const action = failed === 0 ? 'payoutsSucceeded' : 'payoutsFailed';
  const next = settlementTransition(action, row);
  if (!next || next.payStatus === row.payStatus) return;
  await db
    .update(settlements)
    .set({ ...next, ...(failed === 0 ? { settlementTime: now } : {}), updatedAt: now })
    .where(eq(settlements.id, row.id));
  await addEvent(
    db,
    row,
    failed === 0 ? '平台发放完成' : '平台发放异常',
    '系统',
    failed === 0 ? `${lines.length}人全部发放成功` : `${failed}人发放失败，可重新发放`,
    now,
  );
  await createNotice(db, {
    tenantId: row.tenantId,
    userIds: await enterpriseMemberIds(db, row.tenantId, row.enterpriseId),
    type: 'settlement',
    title: failed === 0 ? '结算单发放完成' : '结算单发放异常',
    content:
      failed === 0
        ? `结算单${row.settlementSn}已全部发放，合计${fenToYuan(row.amountFen)}元。`
        : `结算单${row.settlementSn}有${failed}人发放失败，平台将重新发放。`,
    bizId: row.id,
    link: settlementLink(row.id),
    createdAt: now,
  });
}

const settlementOf = (transfer: Transfer) => ({
  id: transfer.settlementId,
  tenantId: transfer.tenantId,
  enterpriseId: transfer.enterpriseId,
});

const transferBase = (transfer: Transfer) => ({
  tenantId: transfer.tenantId,
  enterpriseId: transfer.enterpriseId,
  settlementId: transfer.settlementId,
  lineId: transfer.lineId,
  kind: transfer.kind,
  payerAccountNo: transfer.payerAccountNo,
  payeeAccountNo: transfer.payeeAccountNo,
  payeeName: transfer.payeeName,
  bankNo: transfer.bankNo,
  bankName: transfer.bankName,
  amountFen: transfer.amountFen,
});

/**
 * One round of the runner: every open instruction (of one settlement, or all), oldest first, at
 * most `limit`. Answers how many became final. Safe to run concurrently and after any crash. `at`
 * is when the answers are booked, the present unless given (the demo data replays past days).
 */
export async function runPayouts(
  services: Services,
  options: { settlementId?: number; limit?: number; at?: Date } = {},
): Promise<{ finished: number; open: number }> {
  const open = await services.ctx.scopes.withSystem(WHY, () =>
    services.ctx.db
      .select()
      .from(settlementTransfers)
      .where(
        and(
          inArray(settlementTransfers.status, OPEN),
          options.settlementId === undefined ? undefined : eq(settlementTransfers.settlementId, options.settlementId),
        ),
      )
      .orderBy(asc(settlementTransfers.id))
      .limit(options.limit ?? ROUND_LIMIT),
  );
  // the bank is asked in batches, BANK_LANES calls at a time, outside any transaction: a status query
  // for the sent instructions (the ones it never recorded are sent again), a batch payment for the
  // rest. Meanwhile its answers are applied, APPLY_BATCH to a transaction, one transaction at a time,
  // each batch in id order (the order every batch locks in).
  const answers: Answer[] = [];
  let finished = 0;
  let applying: Promise<void> = Promise.resolve();
  let failure: { error: unknown } | undefined;
  const apply = (all: boolean) => {
    while (!failure && (answers.length >= APPLY_BATCH || (all && answers.length > 0))) {
      const batch = answers.splice(0, APPLY_BATCH).sort((a, b) => a.transferId - b.transferId);
      applying = applying.then(async () => {
        if (failure) return;
        try {
          finished += await applyOutcomes(services, batch, options.at);
        } catch (error) {
          failure = { error };
        }
      });
    }
  };
  const calls: Array<() => Promise<void>> = [];
  const send = (transfers: Transfer[]) => {
    for (let at = 0; at < transfers.length; at += BANK_BATCH) {
      const batch = transfers.slice(at, at + BANK_BATCH);
      calls.push(() => sendBatch(services, batch, answers));
    }
  };
  const sent = open.filter((transfer) => transfer.status === 'processing');
  for (let at = 0; at < sent.length; at += BANK_BATCH) {
    const batch = sent.slice(at, at + BANK_BATCH);
    calls.push(() => askBatch(services, batch, answers, send));
  }
  send(open.filter((transfer) => transfer.status !== 'processing'));
  let next = 0;
  const lane = async () => {
    // a lane's status query may add calls (resends), which it then takes itself if no other lane has
    while (next < calls.length && !failure) {
      await calls[next++]();
      apply(false);
    }
  };
  await Promise.all(Array.from({ length: Math.min(BANK_LANES, calls.length) }, lane));
  apply(true);
  await applying;
  if (failure) throw failure.error;
  return { finished, open: open.length };
}

/** Runs rounds until nothing is open (or `rounds` ran): the instructions an earlier round made go out too. */
export async function drainPayouts(services: Services, settlementId?: number, rounds = 20, at?: Date): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    const { open } = await runPayouts(services, { settlementId, at });
    if (open === 0) return;
  }
}

/**
 * Re-issue of a failed line (spec 2 §2.4): a new instruction, to the person's current default
 * verified card, only when the line's last instruction is final and failed; under the line's
 * lock, so a double click sends one.
 */
export async function reissueLine(services: Services, principal: Principal, lineId: number, actor: AuditActor) {
  const { db } = services.ctx;
  const [line] = await db
    .select()
    .from(settlementLines)
    .where(
      and(
        enterpriseScope(principal, settlementLines.tenantId, settlementLines.enterpriseId),
        eq(settlementLines.id, lineId),
      ),
    )
    .for('update');
  if (!line) throw fail.notFound(SETTLEMENT_MSG.lineNotFound);
  const [row] = await db.select().from(settlements).where(eq(settlements.id, line.settlementId)).for('update');
  const [last] = await db
    .select()
    .from(settlementTransfers)
    .where(and(eq(settlementTransfers.lineId, line.id), eq(settlementTransfers.kind, 'P')))
    .orderBy(asc(settlementTransfers.attempt))
    .then((rows) => rows.slice(-1));
  const failedLine = line.payStatus === LINE_PAY_STATUS.failed || line.payStatus === LINE_PAY_STATUS.handled;
  if (last?.status !== 'failed' || !failedLine || row.enterprisePayStatus !== 2)
    throw fail.conflict(SETTLEMENT_MSG.reissueNotAllowed);
  const [card] = await db
    .select()
    .from(personBankCards)
    .where(
      and(
        eq(personBankCards.tenantId, line.tenantId),
        eq(personBankCards.personId, line.personId),
        eq(personBankCards.verified, 1),
      ),
    )
    .orderBy(asc(personBankCards.isDefault), asc(personBankCards.id))
    .then((cards) => cards.slice(-1));
  const payee = card ?? { accountNo: line.accountNo, accountName: line.accountName, bankName: line.bankName };
  const now = new Date();
  const [attempts] = await db
    .select({ top: max(settlementTransfers.attempt) })
    .from(settlementTransfers)
    .where(and(eq(settlementTransfers.lineId, line.id), ne(settlementTransfers.kind, 'S')));
  const attempt = (attempts?.top ?? last.attempt) + 1;
  await db.insert(settlementTransfers).values({
    ...transferBase(last),
    attempt,
    yurref: makeYurref('P', line.id, attempt, now),
    payeeAccountNo: payee.accountNo,
    payeeName: payee.accountName,
    bankName: payee.bankName,
    createdAt: now,
  });
  await db
    .update(settlementLines)
    .set({
      payStatus: LINE_PAY_STATUS.processing,
      thirdPayStatus: THIRD_PAY_STATUS.sent,
      accountNo: payee.accountNo,
      accountName: payee.accountName,
      bankName: payee.bankName,
      updatedAt: now,
    })
    .where(eq(settlementLines.id, line.id));
  const next = settlementTransition('reissue', row);
  if (next)
    await db
      .update(settlements)
      .set({ ...next, updatedAt: now })
      .where(eq(settlements.id, row.id));
  await addEvent(db, row, '重新发放', actor.name, `${line.accountName}（第${attempt}次发放）`, now);
  await writeAudit(db, actor, {
    action: 'settlement.reissue',
    targetType: 'settlementLine',
    targetId: line.id,
    before: { payStatus: line.payStatus, accountNo: line.accountNo },
    after: { payStatus: LINE_PAY_STATUS.processing, attempt },
  });
  await services.jobs.send('settlements.payouts', { settlementId: row.id }, payoutJobKey(row.id));
  return line.id;
}
