import {
  type AccountFlowRecord,
  fenToYuan,
  LEDGER_ENTRY_TYPES,
  type LedgerEntryType,
  MSG,
  type Page,
  type PageQuery,
} from '@fieldpay/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { fail } from '../../core/errors';
import { enterpriseScope } from '../../core/tenancy';
import { paged } from '../../db/paging';
import { bankStatementCursors, ledgerAccounts, ledgerEntries, ledgerPostings, virtualAccounts } from '../../db/schema';
import { BankTimeoutError, type DepositNotice } from '../../integrations/bank';
import type { Principal } from '../../platform/auth/sessions';
import { type AuditActor, writeAudit } from '../../platform/system/audit';
import type { Services } from '../../services';
import { payBankAccounts, postEntry } from '../ledger/posting';
import { payBankOf } from './pay-banks';

/** A paying bank as the ledger and the bank know it. */
export interface PayBankRef {
  tenantId: number;
  enterpriseId: number;
  virtualAccountId: number;
  accountNo: string;
  accountName: string;
}

/**
 * Credits a deposit the bank reported (its notice, or its statement line) to the paying bank's
 * enterprise account: Dr bank / Cr enterprise, under the bank's reference. However often the same
 * deposit is reported, it is credited once (the entry's type and reference are unique).
 */
export async function creditDeposit(
  services: Services,
  payBank: PayBankRef,
  notice: Pick<DepositNotice, 'bankRef' | 'amountFen' | 'payerName' | 'remark' | 'bookedAt'>,
  createdBy: number | null,
) {
  const accounts = await payBankAccounts(services.ctx.scopes, {
    tenantId: payBank.tenantId,
    enterpriseId: payBank.enterpriseId,
    virtualAccountId: payBank.virtualAccountId,
    name: payBank.accountName,
  });
  return postEntry(services.ctx.scopes, {
    tenantId: payBank.tenantId,
    enterpriseId: payBank.enterpriseId,
    entryType: 'topUp',
    reference: notice.bankRef,
    memo: `${notice.remark || '充值'}（${notice.payerName}）`,
    createdBy,
    postedAt: new Date(notice.bookedAt),
    lines: [
      { accountId: accounts.bankAccountId, amountFen: notice.amountFen },
      { accountId: accounts.enterpriseAccountId, amountFen: -notice.amountFen },
    ],
  });
}

/**
 * Reads the paying bank's statement after where it was last read and credits every deposit on
 * it (a deposit whose notice was lost is found here; one already credited is not credited again).
 * Transfer lines are the settlements' and payouts' to match. Answers how many deposits were new.
 */
export async function syncStatement(services: Services, payBank: PayBankRef): Promise<number> {
  const { db } = services.ctx;
  const bank = await services.bank.gateway();
  const [cursor] = await db
    .select({ lastSeq: bankStatementCursors.lastSeq })
    .from(bankStatementCursors)
    .where(
      and(
        eq(bankStatementCursors.tenantId, payBank.tenantId),
        eq(bankStatementCursors.virtualAccountId, payBank.virtualAccountId),
      ),
    );
  let lastSeq = cursor?.lastSeq ?? 0;
  let credited = 0;
  for (;;) {
    const lines = await bank.statement({ accountNo: payBank.accountNo, afterSeq: lastSeq, limit: 200 });
    for (const line of lines) {
      if (line.kind === 'deposit' && line.direction === 'C') {
        const posted = await creditDeposit(
          services,
          payBank,
          {
            bankRef: line.bankRef,
            amountFen: line.amountFen,
            payerName: line.counterpartyName,
            remark: line.remark,
            bookedAt: line.bookedAt,
          },
          null,
        );
        if (posted.created) credited++;
      }
      lastSeq = line.seq;
    }
    if (lines.length < 200) break;
  }
  await db
    .insert(bankStatementCursors)
    .values({
      tenantId: payBank.tenantId,
      enterpriseId: payBank.enterpriseId,
      virtualAccountId: payBank.virtualAccountId,
      lastSeq,
    })
    .onConflictDoUpdate({
      target: [bankStatementCursors.tenantId, bankStatementCursors.virtualAccountId],
      set: { lastSeq },
    });
  return credited;
}

/**
 * A top-up from the financial account page: the enterprise pays into its paying bank (through the
 * simulator's deposit, as its own bank would), and the deposit notice is credited at once. Should
 * this request fail after the bank booked the deposit, the statement sync credits it later.
 * `bookedAt` dates the credit (the demo's money arrived on past days, before it was spent).
 */
export async function topUp(
  services: Services,
  principal: Principal,
  body: { id: number; amount: number },
  actor: AuditActor,
  bookedAt?: Date,
): Promise<{ bankRef: string; amount: string; accountSum: string }> {
  const { db } = services.ctx;
  const payBank = await payBankOf(db, principal, body.id);
  if (!payBank) throw fail.notFound(MSG.payBankNotFound);
  const ref: PayBankRef = {
    tenantId: payBank.tenantId,
    enterpriseId: payBank.enterpriseId,
    virtualAccountId: payBank.id,
    accountNo: payBank.bankAccount,
    accountName: payBank.accountName,
  };
  const bank = await services.bank.gateway();
  let notice: DepositNotice;
  try {
    await bank.openAccount({ accountNo: ref.accountNo, accountName: ref.accountName });
    notice = await bank.deposit({
      accountNo: ref.accountNo,
      amountFen: body.amount,
      payerName: payBank.enterpriseName,
      payerAccountNo: `基本户-${payBank.enterpriseId}`,
      remark: '充值',
    });
  } catch (error) {
    if (error instanceof BankTimeoutError) throw fail.rule(MSG.bankUnavailable);
    throw error;
  }
  await creditDeposit(services, ref, bookedAt ? { ...notice, bookedAt: bookedAt.getTime() } : notice, principal.userId);
  await writeAudit(db, actor, {
    action: 'finance.topUp',
    targetType: 'payBank',
    targetId: ref.virtualAccountId,
    after: { bankRef: notice.bankRef, amountFen: notice.amountFen },
  });
  const [after] = await db
    .select({ balanceFen: ledgerAccounts.balanceFen })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.virtualAccountId, ref.virtualAccountId), eq(ledgerAccounts.kind, 'enterprise')));
  return {
    bankRef: notice.bankRef,
    amount: fenToYuan(notice.amountFen),
    accountSum: fenToYuan(after?.balanceFen ?? 0),
  };
}

/** Reconciles every paying bank that has an account in the ledger (the statement job). */
export async function syncAllStatements(services: Services): Promise<number> {
  const payBanks = await services.ctx.db
    .select({
      tenantId: virtualAccounts.tenantId,
      enterpriseId: virtualAccounts.enterpriseId,
      virtualAccountId: virtualAccounts.id,
      accountNo: virtualAccounts.accountNo,
      accountName: virtualAccounts.accountName,
    })
    .from(virtualAccounts)
    .where(
      inArray(
        virtualAccounts.id,
        services.ctx.db
          .select({ id: ledgerAccounts.virtualAccountId })
          .from(ledgerAccounts)
          .where(eq(ledgerAccounts.kind, 'enterprise')),
      ),
    );
  let credited = 0;
  for (const payBank of payBanks) credited += await syncStatement(services, payBank as PayBankRef);
  return credited;
}

/** One paying bank's flows: the postings of its enterprise account, newest first. */
export async function listAccountFlows(
  services: Services,
  principal: Principal,
  query: PageQuery & { id: number },
): Promise<Page<AccountFlowRecord>> {
  const { db } = services.ctx;
  const payBank = await payBankOf(db, principal, query.id);
  if (!payBank) throw fail.notFound(MSG.payBankNotFound);
  const [account] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.virtualAccountId, payBank.id), eq(ledgerAccounts.kind, 'enterprise')));
  if (!account) return { records: [], total: 0 };
  return paged(db, query, {
    from: ledgerPostings,
    where: and(
      enterpriseScope(principal, ledgerPostings.tenantId, ledgerPostings.enterpriseId),
      eq(ledgerPostings.accountId, account.id),
    ),
    key: ledgerPostings.id,
    orderBy: [[ledgerPostings.id, 'desc']],
    rows: (page) =>
      db
        .select({
          id: ledgerPostings.id,
          amountFen: ledgerPostings.amountFen,
          balanceAfterFen: ledgerPostings.balanceAfterFen,
          postedAt: ledgerEntries.postedAt,
          entryType: ledgerEntries.entryType,
          reference: ledgerEntries.reference,
          memo: ledgerEntries.memo,
          ...page.columns,
        })
        .from(ledgerPostings)
        .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
        .where(inArray(ledgerPostings.id, page.keys))
        .orderBy(...page.orderBy),
    // the enterprise account is credit-normal: a credit (negative) is money in
    toRecord: (row) => ({
      id: row.id,
      postedAt: row.postedAt.getTime(),
      entryType: row.entryType,
      entryTypeLabel: LEDGER_ENTRY_TYPES[row.entryType as LedgerEntryType] ?? row.entryType,
      direction: row.amountFen < 0 ? 1 : 2,
      amount: fenToYuan(Math.abs(row.amountFen)),
      balanceAfter: fenToYuan(row.balanceAfterFen),
      reference: row.reference,
      memo: row.memo,
    }),
  });
}
