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
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { enterpriseOwnedColumns } from './columns';
import { files } from './files';
import { persons } from './persons';
import { projects } from './projects';
import { tasks } from './task-records';
import { virtualAccounts } from './payouts';

const fen = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A settlement (结算单, spec 2 §3) of one project and service type (decisions 0019–0021). Its
 * state is four columns moved only by `settlementTransition` of the domain. Amounts in fen:
 * amount = pay + fee; pay = the persons' gross; taxes inside the pay when taxModel is 1.
 */
export const settlements = pgTable(
  'settlements',
  {
    ...enterpriseOwnedColumns(),
    settlementSn: varchar('settlement_sn', { length: 32 }).notNull(),
    /** the client's key of the create request: a retry answers the first settlement */
    requestId: varchar('request_id', { length: 36 }).notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    visitTypeId: varchar('visit_type_id', { length: 32 }).notNull(),
    taxModel: smallint('tax_model').notNull().default(0),
    amountFen: fen('amount_fen'),
    payFen: fen('pay_fen'),
    feeFen: fen('fee_fen'),
    taxFen: fen('tax_fen'),
    totalTask: integer('total_task').notNull().default(0),
    totalPersonNum: integer('total_person_num').notNull().default(0),
    /** lines that cannot be paid (no verified card, over the monthly limit) */
    failedPersonNum: integer('failed_person_num').notNull().default(0),
    auditStatus: smallint('audit_status').notNull().default(1),
    enterprisePayStatus: smallint('enterprise_pay_status').notNull().default(0),
    payStatus: smallint('pay_status').notNull().default(0),
    voucherStatus: smallint('voucher_status').notNull().default(0),
    billStatus: smallint('bill_status').notNull().default(0),
    /** 1 made on this console (re-issue and the process view need it) */
    sourceType: smallint('source_type').notNull().default(1),
    remarks: varchar('remarks', { length: 200 }).notNull().default(''),
    createdBy: integer('created_by'),
    createName: varchar('create_name', { length: 64 }).notNull().default(''),
    auditUserId: integer('audit_user_id'),
    auditUserName: varchar('audit_user_name', { length: 64 }).notNull().default(''),
    auditRemarks: varchar('audit_remarks', { length: 200 }).notNull().default(''),
    auditTime: at('audit_time'),
    /** the paying bank (the enterprise's sub-account) and the yurref of the payment, set when paid */
    virtualAccountId: integer('virtual_account_id').references(() => virtualAccounts.id),
    bankNo: varchar('bank_no', { length: 16 }),
    yurref: varchar('yurref', { length: 30 }),
    payUserId: integer('pay_user_id'),
    payPhone: varchar('pay_phone', { length: 11 }).notNull().default(''),
    enterprisePayTime: at('enterprise_pay_time'),
    /** every line paid out */
    settlementTime: at('settlement_time'),
    revokeTime: at('revoke_time'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('settlements_tenant_sn').on(t.tenantId, t.settlementSn),
    uniqueIndex('settlements_request').on(t.tenantId, t.enterpriseId, t.requestId),
    uniqueIndex('settlements_yurref').on(t.yurref),
    index('settlements_tenant_list').on(t.tenantId, t.id),
    index('settlements_enterprise_list').on(t.tenantId, t.enterpriseId, t.id),
    index('settlements_project').on(t.tenantId, t.projectId),
    check('settlements_amount_parts', sql`${t.amountFen} = ${t.payFen} + ${t.feeFen}`),
  ],
);

/** One person's line of a settlement: the tasks' rewards, the fee, the taxes, and its payout state. */
export const settlementLines = pgTable(
  'settlement_lines',
  {
    ...enterpriseOwnedColumns(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id),
    subOrderNum: varchar('sub_order_num', { length: 40 }).notNull(),
    totalTask: integer('total_task').notNull(),
    payFen: fen('pay_fen'),
    feeFen: fen('fee_fen'),
    amountFen: fen('amount_fen'),
    valueAddedTaxFen: fen('value_added_tax_fen'),
    surchargeTaxFen: fen('surcharge_tax_fen'),
    incomeTaxFen: fen('income_tax_fen'),
    totalTaxFen: fen('total_tax_fen'),
    /** what reaches the person: pay less the taxes */
    receivedFen: fen('received_fen'),
    /** 1 payable; 0 not, failureMsg says why */
    isSuccess: smallint('is_success').notNull().default(1),
    failureMsg: varchar('failure_msg', { length: 200 }).notNull().default(''),
    payStatus: smallint('pay_status').notNull().default(0),
    thirdPayStatus: smallint('third_pay_status').notNull().default(0),
    /** the card as it was when the settlement was made */
    accountNo: varchar('account_no', { length: 32 }).notNull().default(''),
    accountName: varchar('account_name', { length: 32 }).notNull().default(''),
    bankName: varchar('bank_name', { length: 64 }).notNull().default(''),
    payTime: at('pay_time'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('settlement_lines_person').on(t.tenantId, t.settlementId, t.personId),
    index('settlement_lines_person_list').on(t.tenantId, t.personId),
    check('settlement_lines_amount_parts', sql`${t.amountFen} = ${t.payFen} + ${t.feeFen}`),
    check('settlement_lines_received', sql`${t.receivedFen} = ${t.payFen} - ${t.totalTaxFen}`),
  ],
);

/**
 * The tasks a settlement settles. A task is settled at most once: the partial unique index holds
 * one live row per task; a withdrawn or refused settlement releases its tasks (released_at).
 */
export const settlementTasks = pgTable(
  'settlement_tasks',
  {
    ...enterpriseOwnedColumns(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id),
    lineId: integer('line_id')
      .notNull()
      .references(() => settlementLines.id),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id),
    priceFen: fen('price_fen'),
    releasedAt: at('released_at'),
  },
  (t) => [
    uniqueIndex('settlement_tasks_once').on(t.tenantId, t.taskId).where(sql`released_at is null`),
    index('settlement_tasks_settlement').on(t.tenantId, t.settlementId),
  ],
);

/**
 * Every bank instruction of a settlement (decision 0021): kind S the enterprise's payment (its
 * sub-account to the tenant's channel account), kind P a payout of one line (the channel account to
 * the person's card). The row, with its yurref, is written before the instruction is sent and in
 * the transaction that decides to send it; whatever happens after, the same yurref is sent again,
 * so the bank never moves the money twice. A line's next attempt exists only once the last is final
 * and failed.
 */
export const settlementTransfers = pgTable(
  'settlement_transfers',
  {
    ...enterpriseOwnedColumns(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id),
    lineId: integer('line_id').references(() => settlementLines.id),
    kind: varchar('kind', { length: 1 }).notNull(),
    attempt: smallint('attempt').notNull(),
    yurref: varchar('yurref', { length: 30 }).notNull(),
    payerAccountNo: varchar('payer_account_no', { length: 32 }).notNull(),
    payeeAccountNo: varchar('payee_account_no', { length: 32 }).notNull(),
    payeeName: varchar('payee_name', { length: 100 }).notNull(),
    bankNo: varchar('bank_no', { length: 16 }).notNull(),
    bankName: varchar('bank_name', { length: 64 }).notNull().default(''),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** created (not yet known to the bank), processing, success, failed */
    status: varchar('status', { length: 12 }).notNull().default('created'),
    failureReason: varchar('failure_reason', { length: 200 }).notNull().default(''),
    bankRef: varchar('bank_ref', { length: 32 }).notNull().default(''),
    sentAt: at('sent_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [
    uniqueIndex('settlement_transfers_yurref').on(t.yurref),
    unique('settlement_transfers_attempt')
      .on(t.tenantId, t.settlementId, t.kind, t.lineId, t.attempt)
      .nullsNotDistinct(),
    index('settlement_transfers_open').on(t.status),
    // a line's attempts (the process dialog, re-issue) and a settlement's instructions (the detail)
    index('settlement_transfers_line').on(t.lineId, t.attempt),
    index('settlement_transfers_settlement').on(t.settlementId, t.kind),
    check('settlement_transfers_amount', sql`${t.amountFen} > 0`),
  ],
);

/** The settlement's timeline (spec 2 §7): applied, audited, paid, paid out, withdrawn. */
export const settlementEvents = pgTable(
  'settlement_events',
  {
    ...enterpriseOwnedColumns(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id),
    title: varchar('title', { length: 32 }).notNull(),
    operator: varchar('operator', { length: 64 }).notNull().default(''),
    content: varchar('content', { length: 300 }).notNull().default(''),
  },
  (t) => [index('settlement_events_settlement').on(t.tenantId, t.settlementId)],
);

/**
 * An enterprise's service-fee settings (decisions 0019, 0035), each from its `effective_from`: the one
 * in force is the latest that has begun, a later one waits for its month. None: the platform default.
 */
export const enterpriseFeeConfigs = pgTable(
  'enterprise_fee_configs',
  {
    ...enterpriseOwnedColumns(),
    base: varchar('base', { length: 8 }).notNull(),
    tiers: jsonb('tiers').$type<{ upToFen: number | null; rateBp: number }[]>().notNull(),
    effectiveFrom: at('effective_from').notNull().defaultNow(),
    updatedBy: integer('updated_by'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('enterprise_fee_configs_enterprise').on(t.tenantId, t.enterpriseId, t.effectiveFrom)],
);

/**
 * The attachments of a settlement (spec 2 §2.2, §5; decision 0022): files the enterprise uploaded
 * through the common upload call and attached while the settlement waited for its audit. Deleting
 * one marks it (del_flag 1) and its file.
 */
export const settlementAttachments = pgTable(
  'settlement_attachments',
  {
    ...enterpriseOwnedColumns(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    name: varchar('name', { length: 64 }).notNull(),
    /** 1 the default attachment rule (spec 2 §5 "type 1") */
    type: smallint('type').notNull().default(1),
    createdBy: integer('created_by'),
    createName: varchar('create_name', { length: 64 }).notNull().default(''),
    delFlag: smallint('del_flag').notNull().default(0),
  },
  (t) => [
    uniqueIndex('settlement_attachments_file').on(t.tenantId, t.fileId),
    index('settlement_attachments_settlement').on(t.tenantId, t.settlementId, t.id),
  ],
);

/**
 * The settlement report (spec 2 §2.5, decision 0026): one per settlement, its number made once at
 * the first look; the PDF a job renders (status 1 generating, 2 generated), the report files the
 * enterprise added for 其他构成 (file ids, PDFs uploaded with uploadPath settlementReport), and a
 * version every regeneration raises, so a job that rendered an older version leaves its bytes out.
 */
export const settlementReports = pgTable(
  'settlement_reports',
  {
    ...enterpriseOwnedColumns(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id),
    reportSn: varchar('report_sn', { length: 32 }).notNull(),
    status: smallint('status').notNull().default(1),
    version: integer('version').notNull().default(1),
    fileId: integer('file_id').references(() => files.id),
    reportFileIds: jsonb('report_file_ids').$type<number[]>().notNull().default([]),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    /** who first opened it: the report's files are theirs */
    createdBy: integer('created_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('settlement_reports_settlement').on(t.tenantId, t.settlementId),
    uniqueIndex('settlement_reports_sn').on(t.tenantId, t.reportSn),
    index('settlement_reports_status').on(t.status),
  ],
);
