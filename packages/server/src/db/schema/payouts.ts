import { enterpriseOwnedColumns, idColumn, tenantOwnedColumns } from './columns';
import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Payout rails of a tenant: the bank platforms it pays through (bankNo is a bank_type dictionary
 * code; CMB and SCP are the special ones), the enterprises' virtual sub-accounts on them, and the
 * tenant's own channel accounts. The payouts issue adds balances, transfers and yurrefs.
 */
export const bankPlatforms = pgTable(
  'bank_platforms',
  {
    ...tenantOwnedColumns(),
    platformName: varchar('platform_name', { length: 50 }).notNull(),
    bankNo: varchar('bank_no', { length: 16 }).notNull(),
  },
  (t) => [uniqueIndex('bank_platforms_tenant_name').on(t.tenantId, t.platformName)],
);

/** An enterprise's virtual sub-account (记账子单元) on one bank platform. */
export const virtualAccounts = pgTable(
  'virtual_accounts',
  {
    ...enterpriseOwnedColumns(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => bankPlatforms.id),
    accountName: varchar('account_name', { length: 100 }).notNull(),
    accountNo: varchar('account_no', { length: 32 }).notNull(),
    /** the sub-unit's code under the platform's account (记账子单元编号, 10 digits), which the bank names deposits by */
    accountSn: varchar('account_sn', { length: 10 }),
  },
  (t) => [
    uniqueIndex('virtual_accounts_tenant_platform_no').on(t.tenantId, t.platformId, t.accountNo),
    uniqueIndex('virtual_accounts_tenant_platform_sn').on(t.tenantId, t.platformId, t.accountSn),
    index('virtual_accounts_enterprise').on(t.tenantId, t.enterpriseId),
  ],
);

/** The tenant's own settlement accounts on its bank platforms (the payer side of payouts). */
export const channelAccounts = pgTable(
  'channel_accounts',
  {
    ...tenantOwnedColumns(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => bankPlatforms.id),
    accountNo: varchar('account_no', { length: 32 }).notNull(),
    accountName: varchar('account_name', { length: 100 }).notNull(),
  },
  (t) => [uniqueIndex('channel_accounts_tenant_no').on(t.tenantId, t.accountNo)],
);

/**
 * Bank branches by CNAPS code (联行号). The branch directory is public reference data, the same
 * for every tenant, so this table alone carries no tenant_id (like dictionaries).
 */
export const bankBranches = pgTable(
  'bank_branches',
  {
    id: idColumn(),
    cnapsCode: varchar('cnaps_code', { length: 12 }).notNull(),
    bankNo: varchar('bank_no', { length: 16 }).notNull(),
    bankBranchName: varchar('bank_branch_name', { length: 100 }).notNull(),
  },
  (t) => [uniqueIndex('bank_branches_cnaps').on(t.cnapsCode), index('bank_branches_bank').on(t.bankNo)],
);
