import { index, integer, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { pgTable } from 'drizzle-orm/pg-core';
import { enterpriseOwnedColumns } from './columns';
import { bankBranches } from './payouts';

/**
 * 企业结算银行卡 (spec 3 §3 "Enterprise bank account", decision 0037): an enterprise's own bank
 * accounts, each bound to one or more of its tenant's card-based bank systems (bank platforms other
 * than CMB and SCP, which fund through sub-accounts). At most 20 per enterprise; one account number once.
 */
export const enterpriseBankCards = pgTable(
  'enterprise_bank_cards',
  {
    ...enterpriseOwnedColumns(),
    /** 开户银行: the branch of the bank directory */
    bankDepositId: integer('bank_deposit_id')
      .notNull()
      .references(() => bankBranches.id),
    /** the branch's name when chosen (the directory may rename it later) */
    bankDeposit: varchar('bank_deposit', { length: 100 }).notNull(),
    bankDepositAddress: varchar('bank_deposit_address', { length: 100 }).notNull(),
    bankAccount: varchar('bank_account', { length: 30 }).notNull(),
    bankUserName: varchar('bank_user_name', { length: 50 }).notNull(),
    /** the phone the bank has for the account; fixed once added */
    bankReservedPhone: varchar('bank_reserved_phone', { length: 11 }).notNull(),
    /** the bank platforms (bank_platforms.id) the card is bound to */
    platformIds: integer('platform_ids').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enterprise_bank_cards_account').on(t.tenantId, t.enterpriseId, t.bankAccount),
    index('enterprise_bank_cards_enterprise').on(t.tenantId, t.enterpriseId, t.id),
  ],
);
