import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAtColumn, enterpriseOwnedColumns, idColumn, tenantIdColumn } from './columns';
import { virtualAccounts } from './payouts';
import { enterprises } from './tenancy';
import { users } from './auth';

/**
 * The double-entry ledger (DESIGN §4, decision 0018). Amounts are integer fen; a posting's amount
 * is signed, debit positive and credit negative, and the postings of an entry sum to zero. An
 * account's balance is the sum of its postings seen from its normal side (1 debit: assets such as
 * money at the bank; -1 credit: what the platform owes, its income); `balance_fen` caches it, is
 * written only by the posting function, and may never go below zero. Entries and postings are
 * never updated or deleted (triggers of migration 0010): a correction is a new entry.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    /** the enterprise whose money it is (its paying-bank accounts); null for the platform's own */
    enterpriseId: integer('enterprise_id').references(() => enterprises.id),
    /** enterprise | bank | clearing | feeIncome | taxPayable | personPayable */
    kind: varchar('kind', { length: 24 }).notNull(),
    /** unique per tenant: `enterprise:<virtual account id>`, `bank:<virtual account id>`, `clearing`... */
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    /** 1 debit-normal, -1 credit-normal */
    normalSide: smallint('normal_side').notNull(),
    /** the paying bank (an enterprise's sub-account) an enterprise or bank account follows */
    virtualAccountId: integer('virtual_account_id').references(() => virtualAccounts.id),
    balanceFen: bigint('balance_fen', { mode: 'number' }).notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_tenant_code').on(t.tenantId, t.code),
    index('ledger_accounts_enterprise').on(t.tenantId, t.enterpriseId),
    check('ledger_accounts_not_negative', sql`${t.balanceFen} >= 0`),
    check('ledger_accounts_normal_side', sql`${t.normalSide} in (1, -1)`),
  ],
);

/** One business event in money: balanced postings under one type and reference (its exactly-once key). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    /** the enterprise concerned, null for the platform's own movements */
    enterpriseId: integer('enterprise_id').references(() => enterprises.id),
    /** LEDGER_ENTRY_TYPES of domain: topUp, settlementPay, payout, payoutReturned, correction... */
    entryType: varchar('entry_type', { length: 32 }).notNull(),
    /** what it books, unique per type: the bank's reference of a deposit, a settlement's id... */
    reference: varchar('reference', { length: 64 }).notNull(),
    memo: varchar('memo', { length: 200 }).notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    /** a correction names the entry it reverses */
    reversesEntryId: integer('reverses_entry_id'),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_tenant_type_reference').on(t.tenantId, t.entryType, t.reference),
    index('ledger_entries_tenant_list').on(t.tenantId, t.id),
  ],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    /** the account's enterprise (so an enterprise's flows are its own rows) */
    enterpriseId: integer('enterprise_id').references(() => enterprises.id),
    entryId: integer('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** signed fen: debit positive, credit negative */
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** the account's balance (from its normal side) after this posting */
    balanceAfterFen: bigint('balance_after_fen', { mode: 'number' }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('ledger_postings_account').on(t.tenantId, t.accountId, t.id),
    index('ledger_postings_entry').on(t.entryId),
    check('ledger_postings_not_zero', sql`${t.amountFen} <> 0`),
  ],
);

/**
 * The enterprise's transaction password (交易密码, 6 digits, argon2id), one per enterprise on a
 * tenant: the same company on two tenants has two.
 */
export const enterprisePayPasswords = pgTable(
  'enterprise_pay_passwords',
  {
    ...enterpriseOwnedColumns(),
    passwordHash: varchar('password_hash', { length: 200 }).notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('enterprise_pay_passwords_enterprise').on(t.tenantId, t.enterpriseId)],
);

/** How far the statement of each paying bank has been read (the next read starts after last_seq). */
export const bankStatementCursors = pgTable(
  'bank_statement_cursors',
  {
    ...enterpriseOwnedColumns(),
    virtualAccountId: integer('virtual_account_id')
      .notNull()
      .references(() => virtualAccounts.id),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('bank_statement_cursors_account').on(t.tenantId, t.virtualAccountId)],
);

/**
 * 提现 (decision 0048): money an enterprise takes from a paying bank to one of its own 结算银行卡.
 * The row, its yurref and its ledger entry are written in one transaction before the bank is
 * called; the card is copied (a card deleted later leaves its withdrawals readable, so no key).
 * status: 0 processing, 1 succeeded, 2 failed (the money booked back).
 */
export const enterpriseWithdrawals = pgTable(
  'enterprise_withdrawals',
  {
    ...enterpriseOwnedColumns(),
    /** the withdraw dialog's request id: one withdrawal per id */
    requestId: varchar('request_id', { length: 36 }).notNull(),
    virtualAccountId: integer('virtual_account_id')
      .notNull()
      .references(() => virtualAccounts.id),
    payerAccountNo: varchar('payer_account_no', { length: 32 }).notNull(),
    cardId: integer('card_id').notNull(),
    cardBankName: varchar('card_bank_name', { length: 100 }).notNull(),
    cardAccount: varchar('card_account', { length: 30 }).notNull(),
    cardUserName: varchar('card_user_name', { length: 50 }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    yurref: varchar('yurref', { length: 30 }).notNull(),
    status: smallint('status').notNull().default(0),
    /** the bank's serial number once it accepted the transfer */
    bankRef: varchar('bank_ref', { length: 64 }),
    failureReason: varchar('failure_reason', { length: 200 }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdByName: varchar('created_by_name', { length: 50 }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('enterprise_withdrawals_request').on(t.tenantId, t.requestId),
    uniqueIndex('enterprise_withdrawals_yurref').on(t.yurref),
    index('enterprise_withdrawals_bank').on(t.tenantId, t.virtualAccountId, t.id),
    index('enterprise_withdrawals_open').on(t.status).where(sql`${t.status} = 0`),
    check('enterprise_withdrawals_amount', sql`${t.amountFen} > 0`),
    check('enterprise_withdrawals_status', sql`${t.status} in (0, 1, 2)`),
  ],
);
