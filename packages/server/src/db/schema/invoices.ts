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
import { enterpriseOwnedColumns } from './columns';
import { settlements } from './settlements';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An invoice (发票, spec 2 §3; decision 0031): asked for by an enterprise over its paid-out
 * settlements, issued and sent by the platform, received by the enterprise. The header is the
 * enterprise's invoice info as it was when applied for. The two statuses move together (the
 * check holds the three states of INVOICE_STATE).
 */
export const invoices = pgTable(
  'invoices',
  {
    ...enterpriseOwnedColumns(),
    invoiceSn: varchar('invoice_sn', { length: 32 }).notNull(),
    invoiceName: varchar('invoice_name', { length: 50 }).notNull(),
    taxpayerNumber: varchar('taxpayer_number', { length: 20 }).notNull(),
    mobile: varchar('mobile', { length: 20 }).notNull(),
    enterpriseAddress: varchar('enterprise_address', { length: 100 }).notNull(),
    bankName: varchar('bank_name', { length: 100 }).notNull(),
    bankCard: varchar('bank_card', { length: 30 }).notNull(),
    invoiceType: smallint('invoice_type').notNull(),
    invoiceCategory: varchar('invoice_category', { length: 40 }).notNull(),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    sendingType: smallint('sending_type').notNull(),
    sendStatus: smallint('send_status').notNull().default(1),
    recipientStatus: smallint('recipient_status').notNull().default(0),
    recipient: varchar('recipient', { length: 20 }).notNull().default(''),
    recipientPhone: varchar('recipient_phone', { length: 11 }).notNull().default(''),
    recipientAddress: varchar('recipient_address', { length: 100 }).notNull().default(''),
    recipientEmail: varchar('recipient_email', { length: 40 }).notNull().default(''),
    remarks: varchar('remarks', { length: 200 }).notNull().default(''),
    createdBy: integer('created_by'),
    createName: varchar('create_name', { length: 64 }).notNull().default(''),
    invoiceNumbers: jsonb('invoice_numbers').$type<string[]>().notNull().default([]),
    expressNumbers: jsonb('express_numbers').$type<string[]>().notNull().default([]),
    /** the files of the invoice (files.id), uploaded with uploadPath invoice and its id */
    fileIds: jsonb('file_ids').$type<number[]>().notNull().default([]),
    invoiceTime: at('invoice_time'),
    invoiceUserId: integer('invoice_user_id'),
    invoiceUserName: varchar('invoice_user_name', { length: 64 }).notNull().default(''),
    receiveTime: at('receive_time'),
    receiveUserId: integer('receive_user_id'),
    receiveUserName: varchar('receive_user_name', { length: 64 }).notNull().default(''),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_tenant_sn').on(t.tenantId, t.invoiceSn),
    index('invoices_tenant_list').on(t.tenantId, t.id),
    index('invoices_enterprise_list').on(t.tenantId, t.enterpriseId, t.id),
    check('invoices_state', sql`(${t.sendStatus}, ${t.recipientStatus}) in ((1, 0), (2, 1), (2, 2))`),
    check('invoices_price', sql`${t.priceFen} > 0`),
  ],
);

/** The settlements an invoice covers: a settlement is on one invoice at most (the unique index, not a check). */
export const invoiceSettlements = pgTable(
  'invoice_settlements',
  {
    ...enterpriseOwnedColumns(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id),
  },
  (t) => [
    uniqueIndex('invoice_settlements_settlement').on(t.settlementId),
    index('invoice_settlements_invoice').on(t.tenantId, t.invoiceId, t.settlementId),
  ],
);

/** The operation record of an invoice (the detail's 操作记录). */
export const invoiceEvents = pgTable(
  'invoice_events',
  {
    ...enterpriseOwnedColumns(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    action: varchar('action', { length: 20 }).notNull(),
    content: varchar('content', { length: 500 }).notNull().default(''),
    userName: varchar('user_name', { length: 64 }).notNull().default(''),
  },
  (t) => [index('invoice_events_invoice').on(t.tenantId, t.invoiceId, t.id)],
);

/** An enterprise's invoice info (编辑开票信息): what its next invoices are issued to. */
export const enterpriseInvoiceInfos = pgTable(
  'enterprise_invoice_infos',
  {
    ...enterpriseOwnedColumns(),
    companyAddress: varchar('company_address', { length: 100 }).notNull(),
    companyPhone: varchar('company_phone', { length: 13 }).notNull(),
    bankDeposit: varchar('bank_deposit', { length: 100 }).notNull(),
    bankAccount: varchar('bank_account', { length: 30 }).notNull(),
    updatedBy: integer('updated_by'),
    updateName: varchar('update_name', { length: 64 }).notNull().default(''),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('enterprise_invoice_infos_enterprise').on(t.tenantId, t.enterpriseId)],
);

/** Every save of an enterprise's invoice info, as saved (the 修改记录 of 编辑开票信息). */
export const enterpriseInvoiceInfoRecords = pgTable(
  'enterprise_invoice_info_records',
  {
    ...enterpriseOwnedColumns(),
    companyAddress: varchar('company_address', { length: 100 }).notNull(),
    companyPhone: varchar('company_phone', { length: 13 }).notNull(),
    bankDeposit: varchar('bank_deposit', { length: 100 }).notNull(),
    bankAccount: varchar('bank_account', { length: 30 }).notNull(),
    createdBy: integer('created_by'),
    createName: varchar('create_name', { length: 64 }).notNull().default(''),
  },
  (t) => [index('enterprise_invoice_info_records_list').on(t.tenantId, t.enterpriseId, t.id)],
);
