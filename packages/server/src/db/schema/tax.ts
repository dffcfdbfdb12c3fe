import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { enterpriseOwnedColumns, tenantOwnedColumns } from './columns';

/** Tax sources (税源地) of a tenant: where its persons' income is declared. The tax issue adds rates and rules. */
export const taxSources = pgTable(
  'tax_sources',
  {
    ...tenantOwnedColumns(),
    taxName: varchar('tax_name', { length: 64 }).notNull(),
    /** 1: the platform withholds the persons' taxes on settlements of this source (decision 0019) */
    taxModel: smallint('tax_model').notNull().default(1),
    /** VAT rate, basis points (300 = 3 %) */
    valueAddedTaxBp: smallint('value_added_tax_bp').notNull().default(300),
    /** surcharges on the VAT, basis points (1200 = 7 % + 3 % + 2 %) */
    surchargeBp: smallint('surcharge_bp').notNull().default(1200),
    /** what one person may be settled with one enterprise in a calendar month, fen */
    monthlyLimitFen: bigint('monthly_limit_fen', { mode: 'number' }).notNull().default(9_800_000),
  },
  (t) => [uniqueIndex('tax_sources_tenant_name').on(t.tenantId, t.taxName)],
);

/**
 * A tax voucher (完税凭证, spec 2 §2.7; decision 0032): the proof that the taxes the tenant withheld
 * on one enterprise's payouts of one month (the tax period) were paid, one per enterprise and
 * period; saving the period again replaces its files. The amount is the withheld taxes as the server
 * summed them at the last save, never typed.
 */
export const taxVouchers = pgTable(
  'tax_vouchers',
  {
    ...enterpriseOwnedColumns(),
    /** 'yyyy-MM', China time */
    taxPeriod: varchar('tax_period', { length: 7 }).notNull(),
    paidTaxFen: bigint('paid_tax_fen', { mode: 'number' }).notNull(),
    settlementNum: integer('settlement_num').notNull(),
    /** files.id of the 完税凭证（图）, the 完税明细报告（盖章图） and the 缴税清单（电子版） */
    voucherFileIds: jsonb('voucher_file_ids').$type<number[]>().notNull(),
    reportFileIds: jsonb('report_file_ids').$type<number[]>().notNull(),
    taxListFileId: integer('tax_list_file_id').notNull(),
    uploadedBy: integer('uploaded_by'),
    account: varchar('account', { length: 64 }).notNull().default(''),
    realName: varchar('real_name', { length: 64 }).notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_vouchers_period').on(t.tenantId, t.enterpriseId, t.taxPeriod),
    index('tax_vouchers_tenant_list').on(t.tenantId, t.id),
    check('tax_vouchers_period_format', sql`${t.taxPeriod} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('tax_vouchers_paid_tax', sql`${t.paidTaxFen} > 0`),
  ],
);
