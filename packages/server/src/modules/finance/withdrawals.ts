/**
 * 提现 (decision 0048): an enterprise takes money from a paying bank to one of its own 结算银行卡.
 *
 * Exactly once, as a payment is (decision 0021): every check is made before anything is written;
 * then, under a lock on the dialog's request id, the withdrawal row with its stored yurref and the
 * ledger entry `withdraw` (Dr enterprise / Cr bank: the money is off the balance at once) are
 * written in the request's transaction. The bank is called after the commit by the runner, which
 * sends the stored yurref however often it must (the bank answers "exists" for one it has) and
 * applies a final answer once under the row's lock; a failed transfer books `withdrawReturned` and
 * the money is back on the balance. A double click, a retry or a crash moves the money once.
 */
import {
  fenToYuan,
  MSG,
  type Page,
  type PageQuery,
  WITHDRAWAL_MSG,
  WITHDRAWAL_STATUS,
  type WithdrawalRecord,
  type WithdrawalStatus,
  type WithdrawCard,
  type withdrawBodySchema,
} from '@fieldpay/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fail } from '../../core/errors';
import { enterpriseScope } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { enterpriseBankCards, enterpriseWithdrawals, ledgerEntries, ledgerPostings } from '../../db/schema';
import { BankTimeoutError, makeYurref, type TransferRecord } from '../../integrations/bank';
import type { Principal } from '../../platform/auth/sessions';
import { createNotice, enterpriseMemberIds } from '../../platform/notices/service';
import { type AuditActor, writeAudit } from '../../platform/system/audit';
import type { Services } from '../../services';
import { payBankAccounts, postEntry } from '../ledger/posting';
import { FINANCIAL_ACCOUNT_URL } from './menus';
import { payBankOf } from './pay-banks';
import { SMS_PURPOSE, verifyPayPassword } from './pay-password';

type Withdrawal = typeof enterpriseWithdrawals.$inferSelect;
type WithdrawBody = z.output<typeof withdrawBodySchema>;

/** The runner's job: sent after each withdrawal, then every few seconds while the bank works on it. */
export const WITHDRAW_JOB = 'finance.withdrawals';
export const WITHDRAW_SWEEP_JOB = 'finance.withdrawals-sweep';
export const withdrawJobKey = (id: number) => `withdrawal:${id}`;

/** The first key of the advisory locks that make one withdrawal of one request id. */
const WITHDRAW_REQUEST_LOCK_CLASS = 0x465057; // 'FPW'
const WHY = 'finance: sending withdrawals to the bank and applying its answers';

/** A withdrawal's status as the bank's record of its transfer says (still processing: 0). */
export function withdrawalStatusOf(record: Pick<TransferRecord, 'status'>): WithdrawalStatus {
  return record.status === 'success' ? 1 : record.status === 'failed' ? 2 : 0;
}

function ownEnterprise(principal: Principal): { tenantId: number; enterpriseId: number } {
  if (principal.side !== 'enterprise' || principal.enterpriseId === null) throw fail.forbidden();
  return { tenantId: principal.tenantId, enterpriseId: principal.enterpriseId };
}

const cardsOf = (db: DbOrTx, owner: { tenantId: number; enterpriseId: number }) =>
  db
    .select({
      id: enterpriseBankCards.id,
      bankDeposit: enterpriseBankCards.bankDeposit,
      bankAccount: enterpriseBankCards.bankAccount,
      bankUserName: enterpriseBankCards.bankUserName,
    })
    .from(enterpriseBankCards)
    .where(
      and(eq(enterpriseBankCards.tenantId, owner.tenantId), eq(enterpriseBankCards.enterpriseId, owner.enterpriseId)),
    )
    .orderBy(asc(enterpriseBankCards.id));

/** GET withdrawCards: the enterprise's own 结算银行卡 (the paying bank named must be its own too). */
export async function withdrawCards(
  services: Services,
  principal: Principal,
  payBankId: number,
): Promise<WithdrawCard[]> {
  const owner = ownEnterprise(principal);
  if (!(await payBankOf(services.ctx.db, principal, payBankId))) throw fail.notFound(MSG.payBankNotFound);
  return cardsOf(services.ctx.db, owner);
}

const recordOf = (row: Withdrawal, names: { payBankName: string; enterpriseName: string }): WithdrawalRecord => ({
  id: row.id,
  yurref: row.yurref,
  payBankId: row.virtualAccountId,
  payBankName: names.payBankName,
  payBankAccount: row.payerAccountNo,
  cardBankName: row.cardBankName,
  cardAccount: row.cardAccount,
  cardUserName: row.cardUserName,
  amount: fenToYuan(row.amountFen),
  status: row.status,
  status_dictText: WITHDRAWAL_STATUS[row.status as WithdrawalStatus]?.label ?? String(row.status),
  failureReason: row.failureReason,
  enterpriseId: row.enterpriseId,
  enterpriseName: names.enterpriseName,
  createBy: row.createdByName,
  createTime: row.createdAt.getTime(),
  finishTime: row.finishedAt?.getTime() ?? null,
});

async function withdrawalOfRequest(db: DbOrTx, owner: { tenantId: number }, requestId: string) {
  const [row] = await db
    .select()
    .from(enterpriseWithdrawals)
    .where(and(eq(enterpriseWithdrawals.tenantId, owner.tenantId), eq(enterpriseWithdrawals.requestId, requestId)));
  return row;
}

/**
 * POST withdraw. A request id seen before answers its withdrawal as it stands (nothing is checked
 * or moved again; a request racing it waits for it and answers it too); otherwise the card, the
 * balance, the transaction password and the SMS code are checked, in that order, before anything
 * is written.
 */
export async function withdraw(
  services: Services,
  principal: Principal,
  body: WithdrawBody,
  actor: AuditActor,
  now = new Date(),
): Promise<WithdrawalRecord> {
  const { db } = services.ctx;
  const owner = ownEnterprise(principal);
  const payBank = await payBankOf(db, principal, body.id);
  if (!payBank) throw fail.notFound(MSG.payBankNotFound);
  const names = { payBankName: payBank.bankTitle ?? payBank.platformName, enterpriseName: payBank.enterpriseName };
  // two requests of one id (a double click, a retry) wait here for each other: the second answers the first
  await db.execute(
    sql`select pg_advisory_xact_lock(${WITHDRAW_REQUEST_LOCK_CLASS}::int, hashtext(${`${owner.tenantId}:${body.requestId}`}))`,
  );
  const answered = await withdrawalOfRequest(db, owner, body.requestId);
  if (answered) return recordOf(answered, names);

  const [card] = (await cardsOf(db, owner)).filter((one) => one.id === body.cardId);
  if (!card) throw fail.validation(WITHDRAWAL_MSG.cardNotFound);
  if ((payBank.balanceFen ?? 0) < body.amount) throw fail.rule(WITHDRAWAL_MSG.overBalance);
  const privateKey = await services.keys.consume(body.keyId);
  await verifyPayPassword(services, owner, services.keys.decrypt(privateKey, body.password), actor.ip);
  if (body.phone !== (await services.sms.ownPhone(principal.userId))) throw fail.validation(MSG.smsPhoneNotOwn);
  const codeOk = await services.sms.consume({
    userId: principal.userId,
    purpose: SMS_PURPOSE.withdraw,
    code: body.phoneCode,
  });
  if (!codeOk) throw fail.validation(MSG.smsCodeWrong);

  const [{ id }] = (
    await db.execute<{ id: number }>(
      sql`select nextval(pg_get_serial_sequence('enterprise_withdrawals', 'id'))::int as id`,
    )
  ).rows;
  const yurref = makeYurref('W', id, 1, now);
  const ledger = await payBankAccounts(services.ctx.scopes, {
    ...owner,
    virtualAccountId: payBank.id,
    name: payBank.accountName,
  });
  const tail = card.bankAccount.slice(-4);
  // postEntry refuses (当前余额不足，请充值) before it writes anything when the balance moved meanwhile
  await postEntry(services.ctx.scopes, {
    ...owner,
    entryType: 'withdraw',
    reference: yurref,
    memo: `提现至${card.bankDeposit}（尾号${tail}）`,
    createdBy: principal.userId,
    postedAt: now,
    lines: [
      { accountId: ledger.enterpriseAccountId, amountFen: body.amount },
      { accountId: ledger.bankAccountId, amountFen: -body.amount },
    ],
  });
  const [row] = await db
    .insert(enterpriseWithdrawals)
    .values({
      id,
      ...owner,
      requestId: body.requestId,
      virtualAccountId: payBank.id,
      payerAccountNo: payBank.bankAccount,
      cardId: card.id,
      cardBankName: card.bankDeposit,
      cardAccount: card.bankAccount,
      cardUserName: card.bankUserName,
      amountFen: body.amount,
      yurref,
      createdBy: principal.userId,
      createdByName: actor.name,
      createdAt: now,
    })
    .returning();
  await writeAudit(db, actor, {
    action: 'finance.withdraw',
    targetType: 'payBank',
    targetId: payBank.id,
    after: { withdrawalId: id, yurref, amountFen: body.amount, cardId: card.id, cardTail: tail },
  });
  await services.jobs.send(WITHDRAW_JOB, { withdrawalId: id }, withdrawJobKey(id));
  return recordOf(row, names);
}

/** GET withdrawList: one paying bank's withdrawals, newest first (both sides, within their scope). */
export async function listWithdrawals(
  services: Services,
  principal: Principal,
  query: PageQuery & { id: number },
): Promise<Page<WithdrawalRecord>> {
  const { db } = services.ctx;
  const payBank = await payBankOf(db, principal, query.id);
  if (!payBank) throw fail.notFound(MSG.payBankNotFound);
  const names = { payBankName: payBank.bankTitle ?? payBank.platformName, enterpriseName: payBank.enterpriseName };
  return paged(db, query, {
    from: enterpriseWithdrawals,
    where: and(
      enterpriseScope(principal, enterpriseWithdrawals.tenantId, enterpriseWithdrawals.enterpriseId),
      eq(enterpriseWithdrawals.virtualAccountId, payBank.id),
    ),
    key: enterpriseWithdrawals.id,
    orderBy: [[enterpriseWithdrawals.id, 'desc']],
    rows: (page) =>
      db
        .select({ row: enterpriseWithdrawals, ...page.columns })
        .from(enterpriseWithdrawals)
        .where(inArray(enterpriseWithdrawals.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: ({ row }) => recordOf(row, names),
  });
}

const instructionOf = (row: Withdrawal) => ({
  yurref: row.yurref,
  payerAccountNo: row.payerAccountNo,
  payeeAccountNo: row.cardAccount,
  payeeName: row.cardUserName,
  amountFen: row.amountFen,
  purpose: '提现',
});

type Outcome = { status: WithdrawalStatus; bankRef: string | null; reason: string | null; at: Date };

/** Sends one withdrawal's stored yurref (again); null when the bank did not answer in time. */
async function askBank(services: Services, row: Withdrawal): Promise<Outcome | null> {
  const bank = await services.bank.gateway();
  try {
    const answer = await bank.transfer(instructionOf(row));
    if (answer.outcome === 'rejected') return { status: 2, bankRef: null, reason: answer.reason, at: new Date() };
    const record = answer.transfer;
    return {
      status: withdrawalStatusOf(record),
      bankRef: record.bankRef,
      reason: record.failureReason,
      at: new Date(record.finishedAt ?? Date.now()),
    };
  } catch (error) {
    if (error instanceof BankTimeoutError) return null;
    throw error;
  }
}

/** Applies the bank's answer under the row's lock: a final one once (a failure books the money back). */
async function applyOutcome(services: Services, id: number, outcome: Outcome): Promise<void> {
  await services.ctx.scopes.withSystem(WHY, async (db) => {
    const [row] = await db.select().from(enterpriseWithdrawals).where(eq(enterpriseWithdrawals.id, id)).for('update');
    if (row?.status !== 0) return;
    if (outcome.status === 0) {
      if (outcome.bankRef && !row.bankRef)
        await db
          .update(enterpriseWithdrawals)
          .set({ bankRef: outcome.bankRef })
          .where(eq(enterpriseWithdrawals.id, id));
      return;
    }
    if (outcome.status === 2) {
      // the withdrawal's own entry names the two accounts the money goes back between
      const lines = await db
        .select({ accountId: ledgerPostings.accountId, amountFen: ledgerPostings.amountFen })
        .from(ledgerPostings)
        .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
        .where(
          and(
            eq(ledgerEntries.tenantId, row.tenantId),
            eq(ledgerEntries.entryType, 'withdraw'),
            eq(ledgerEntries.reference, row.yurref),
          ),
        );
      await postEntry(services.ctx.scopes, {
        tenantId: row.tenantId,
        enterpriseId: row.enterpriseId,
        entryType: 'withdrawReturned',
        reference: row.yurref,
        memo: `提现退回（${outcome.reason ?? '银行处理失败'}）`,
        postedAt: outcome.at,
        lines: lines.map((line) => ({ accountId: line.accountId, amountFen: -line.amountFen })),
      });
    }
    const failureReason = outcome.status === 2 ? (outcome.reason ?? '银行处理失败') : null;
    await db
      .update(enterpriseWithdrawals)
      .set({ status: outcome.status, bankRef: outcome.bankRef ?? row.bankRef, failureReason, finishedAt: outcome.at })
      .where(eq(enterpriseWithdrawals.id, id));
    // the enterprise's users learn the bank's answer without watching the records
    const to = `${row.cardBankName}（尾号${row.cardAccount.slice(-4)}）`;
    await createNotice(db, {
      tenantId: row.tenantId,
      userIds: await enterpriseMemberIds(db, row.tenantId, row.enterpriseId),
      type: 'finance',
      title: failureReason ? WITHDRAWAL_MSG.failed : WITHDRAWAL_MSG.succeeded,
      content: failureReason
        ? `提现${fenToYuan(row.amountFen)}元至${to}失败：${failureReason}，款项已退回账户余额。`
        : `提现${fenToYuan(row.amountFen)}元已转入${to}。`,
      bizId: row.id,
      link: FINANCIAL_ACCOUNT_URL,
      createdAt: outcome.at,
    });
  });
}

/**
 * The runner and reconciler: every open withdrawal (or the one named) is sent to the bank again
 * under its stored yurref and the answer applied. Answers how many are still open. `at` dates a
 * final answer (the demo's withdrawals finish on their own past day).
 */
export async function runWithdrawals(services: Services, only?: { withdrawalId: number }, at?: Date): Promise<number> {
  const open = await services.ctx.scopes.withSystem(WHY, (db) =>
    db
      .select()
      .from(enterpriseWithdrawals)
      .where(
        and(eq(enterpriseWithdrawals.status, 0), only ? eq(enterpriseWithdrawals.id, only.withdrawalId) : undefined),
      )
      .orderBy(asc(enterpriseWithdrawals.id))
      .limit(500),
  );
  let stillOpen = 0;
  for (const row of open) {
    const outcome = await askBank(services, row);
    if (outcome) await applyOutcome(services, row.id, at ? { ...outcome, at } : outcome);
    if (!outcome || outcome.status === 0) stillOpen++;
  }
  return stillOpen;
}
