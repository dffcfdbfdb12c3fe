/**
 * Invoices (decision 0031): the enterprise applies for one over its paid-out settlements, with the
 * invoice info it keeps (编辑开票信息); the platform issues and sends it (状态更新, corrected by
 * 编辑状态信息 until received); the enterprise confirms receipt (查收). Every move locks the
 * invoice, refuses what its state forbids, writes the operation record and the audit log, and tells
 * the other side. A settlement is on one invoice at most: the unique index decides, not a check.
 */
import {
  fenToYuan,
  INVOICE_BIZ_TYPE,
  INVOICE_MSG,
  INVOICE_NUMBER_CONFIG_KEY,
  INVOICE_NUMBER_SEPARATOR,
  INVOICE_RECIPIENT_STATUS,
  INVOICE_SEND_STATUS,
  INVOICE_SENDING_TYPES,
  INVOICE_STATE,
  INVOICE_TYPES,
  INVOICE_UPLOAD_PATH,
  type InvoiceDetail,
  type InvoiceFile,
  SETTLEMENT_MSG,
  type SettlementInvoice,
  type InvoiceInfo,
  type InvoiceInfoRecord,
  type InvoiceRecord,
  type InvoiceSettlement,
  type InvoiceTypeCode,
  invoiceNumbersSchema,
  type invoiceApplyOperation,
  type invoiceInfoSaveOperation,
  type invoiceCompanyListOperation,
  type invoiceListOperation,
  type invoiceStatusUpdateOperation,
  type Page,
  statusLabel,
  TASK_TYPES,
  type TaskTypeId,
  wholeNumberConfig,
} from '@fieldpay/domain';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fail } from '../../core/errors';
import { enterpriseScope, equalsIfGiven } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import {
  configs,
  enterpriseInvoiceInfoRecords,
  enterpriseInvoiceInfos,
  enterprises,
  files,
  invoiceEvents,
  invoiceSettlements,
  invoices,
  projects,
  settlementLines,
  settlements,
  tenants,
} from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { chinaDay } from '../../platform/china-time';
import { addressOf } from '../../platform/files/links';
import { escapeLike } from '../../platform/lookups/query';
import { createNotice, enterpriseMemberIds, tenantStaffIds } from '../../platform/notices/service';
import { type AuditActor, writeAudit } from '../../platform/system/audit';
import type { Services } from '../../services';
import { enterpriseInScope } from '../enterprises/service';

type Input<O extends { input: z.ZodType }> = z.output<O['input']>;
type InvoiceRow = typeof invoices.$inferSelect;

const epoch = (date: Date | null): number | null => (date ? date.getTime() : null);

/** A settlement may be invoiced once every line is paid out (payStatus 2 已结算). */
const SETTLED = 2;

export const invoiceLink = (id: number) => `/invoice/invoiceList?id=${id}`;

const invoiceScope = (viewer: Principal, tenantId?: number) =>
  enterpriseScope(viewer, invoices.tenantId, invoices.enterpriseId, tenantId);

/** The enterprise a call is about: the enterprise side's own; the platform side names one of its tenant's. */
async function enterpriseOf(db: DbOrTx, principal: Principal, companyId: number | undefined) {
  const id = principal.side === 'enterprise' ? (principal.enterpriseId ?? -1) : (companyId ?? -1);
  return enterpriseInScope(db, principal, id);
}

// ---- invoice info

async function storedInfo(db: DbOrTx, tenantId: number, enterpriseId: number) {
  const [row] = await db
    .select()
    .from(enterpriseInvoiceInfos)
    .where(and(eq(enterpriseInvoiceInfos.tenantId, tenantId), eq(enterpriseInvoiceInfos.enterpriseId, enterpriseId)));
  return row;
}

function infoOf(
  company: { id: number; name: string; taxNumber: string },
  row: typeof enterpriseInvoiceInfos.$inferSelect | undefined,
): InvoiceInfo {
  return {
    companyId: company.id,
    companyName: company.name,
    taxNumber: company.taxNumber,
    companyAddress: row?.companyAddress ?? '',
    companyPhone: row?.companyPhone ?? '',
    bankDeposit: row?.bankDeposit ?? '',
    bankAccount: row?.bankAccount ?? '',
    createName: row?.updateName ?? '',
    createTime: row ? row.updatedAt.getTime() : null,
  };
}

/** GET info/get: the enterprise's invoice info; the header and tax number are the enterprise's own. */
export async function invoiceInfo(db: DbOrTx, principal: Principal, companyId?: number): Promise<InvoiceInfo> {
  const company = await enterpriseOf(db, principal, companyId);
  return infoOf(company, await storedInfo(db, company.tenantId, company.id));
}

/** POST info/save: the next invoices are issued with it; invoices already applied for keep theirs. */
export async function saveInvoiceInfo(
  db: DbOrTx,
  principal: Principal,
  body: Input<typeof invoiceInfoSaveOperation>,
  actor: AuditActor,
  now = new Date(),
): Promise<null> {
  const company = await enterpriseOf(db, principal, body.companyId);
  const before = await storedInfo(db, company.tenantId, company.id);
  const values = {
    companyAddress: body.companyAddress,
    companyPhone: body.companyPhone,
    bankDeposit: body.bankDeposit,
    bankAccount: body.bankAccount,
    updatedBy: actor.userId,
    updateName: actor.name.slice(0, 64),
    updatedAt: now,
  };
  const [row] = await db
    .insert(enterpriseInvoiceInfos)
    .values({ tenantId: company.tenantId, enterpriseId: company.id, ...values })
    .onConflictDoUpdate({ target: [enterpriseInvoiceInfos.tenantId, enterpriseInvoiceInfos.enterpriseId], set: values })
    .returning();
  await db.insert(enterpriseInvoiceInfoRecords).values({
    tenantId: company.tenantId,
    enterpriseId: company.id,
    companyAddress: row.companyAddress,
    companyPhone: row.companyPhone,
    bankDeposit: row.bankDeposit,
    bankAccount: row.bankAccount,
    createdBy: actor.userId,
    createName: actor.name.slice(0, 64),
    createdAt: row.updatedAt,
  });
  await writeAudit(db, actor, {
    action: 'invoice.info.save',
    targetType: 'enterprise',
    targetId: company.id,
    before: before
      ? {
          companyAddress: before.companyAddress,
          companyPhone: before.companyPhone,
          bankDeposit: before.bankDeposit,
          bankAccount: before.bankAccount,
        }
      : null,
    after: {
      companyAddress: row.companyAddress,
      companyPhone: row.companyPhone,
      bankDeposit: row.bankDeposit,
      bankAccount: row.bankAccount,
    },
  });
  return null;
}

/** GET info/records: every save of the enterprise's invoice info, newest first. */
export async function invoiceInfoRecords(
  db: DbOrTx,
  principal: Principal,
  query: { companyId?: number; pageNo: number; pageSize: number },
): Promise<Page<InvoiceInfoRecord>> {
  const company = await enterpriseOf(db, principal, query.companyId);
  const r = enterpriseInvoiceInfoRecords;
  return paged(db, query, {
    from: r,
    where: and(eq(r.tenantId, company.tenantId), eq(r.enterpriseId, company.id)),
    key: r.id,
    orderBy: [[r.id, 'desc']],
    rows: (page) =>
      db
        .select({
          id: r.id,
          companyAddress: r.companyAddress,
          companyPhone: r.companyPhone,
          bankDeposit: r.bankDeposit,
          bankAccount: r.bankAccount,
          createName: r.createName,
          createdAt: r.createdAt,
          ...page.columns,
        })
        .from(r)
        .where(inArray(r.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => ({
      id: row.id,
      companyAddress: row.companyAddress,
      companyPhone: row.companyPhone,
      bankDeposit: row.bankDeposit,
      bankAccount: row.bankAccount,
      createName: row.createName,
      createTime: row.createdAt.getTime(),
    }),
  });
}

// ---- records

async function addEvent(db: DbOrTx, row: InvoiceRow, action: string, userName: string, content: string, now: Date) {
  await db.insert(invoiceEvents).values({
    tenantId: row.tenantId,
    enterpriseId: row.enterpriseId,
    invoiceId: row.id,
    action,
    content: content.slice(0, 500),
    userName: userName.slice(0, 64),
    createdAt: now,
  });
}

const listColumns = {
  invoice: invoices,
  enterpriseName: enterprises.name,
  tenantName: tenants.name,
  settlementNum: sql<number>`(select count(*)::int from ${invoiceSettlements} where ${invoiceSettlements.tenantId} = ${invoices.tenantId} and ${invoiceSettlements.invoiceId} = ${invoices.id})`,
};

function toRecord(row: {
  invoice: InvoiceRow;
  enterpriseName: string;
  tenantName: string;
  settlementNum: number;
}): InvoiceRecord {
  const i = row.invoice;
  return {
    id: i.id,
    invoiceSn: i.invoiceSn,
    invoiceName: i.invoiceName,
    invoicePrice: fenToYuan(i.priceFen),
    enterpriseId: i.enterpriseId,
    enterpriseName: row.enterpriseName,
    tenantId: i.tenantId,
    tenantName: row.tenantName,
    invoiceType: i.invoiceType,
    invoiceSendingType: i.sendingType,
    invoiceSendStatus: i.sendStatus,
    invoiceSendStatus_dictText: statusLabel(INVOICE_SEND_STATUS, i.sendStatus),
    invoiceRecipientStatus: i.recipientStatus,
    invoiceRecipientStatus_dictText: statusLabel(INVOICE_RECIPIENT_STATUS, i.recipientStatus),
    createTime: i.createdAt.getTime(),
    createName: i.createName,
    invoiceTime: epoch(i.invoiceTime),
    invoiceNum: i.invoiceNumbers.join(INVOICE_NUMBER_SEPARATOR),
    settlementNum: row.settlementNum,
  };
}

const ORDER_COLUMNS = {
  createTime: invoices.createdAt,
  invoiceTime: invoices.invoiceTime,
  invoicePrice: invoices.priceFen,
} as const;

/** GET list: the invoices in scope, newest first or by orderField/orderSort. */
/** GET plist: one company's invoices, newest first; a company outside the viewer's scope is 企业不存在. */
export async function listCompanyInvoices(
  db: DbOrTx,
  principal: Principal,
  query: Input<typeof invoiceCompanyListOperation>,
): Promise<Page<InvoiceRecord>> {
  const company = await enterpriseOf(db, principal, query.companyId);
  return listInvoices(db, principal, { pageNo: query.pageNo, pageSize: query.pageSize, enterpriseId: company.id });
}

export async function listInvoices(
  db: DbOrTx,
  principal: Principal,
  query: Input<typeof invoiceListOperation>,
): Promise<Page<InvoiceRecord>> {
  const where = and(
    invoiceScope(principal, query.tenantId),
    equalsIfGiven(invoices.enterpriseId, query.enterpriseId),
    equalsIfGiven(invoices.recipientStatus, query.invoiceRecipientStatus),
    query.number
      ? sql`exists (select 1 from jsonb_array_elements_text(${invoices.invoiceNumbers}) as n(value) where n.value ilike ${`%${escapeLike(query.number)}%`})`
      : undefined,
    query.startTime ? gte(invoices.createdAt, query.startTime) : undefined,
    query.endTime ? lte(invoices.createdAt, query.endTime) : undefined,
    query.projectId
      ? sql`exists (select 1 from ${invoiceSettlements} inner join ${settlements} on ${settlements.id} = ${invoiceSettlements.settlementId} where ${invoiceSettlements.tenantId} = ${invoices.tenantId} and ${invoiceSettlements.invoiceId} = ${invoices.id} and ${settlements.projectId} = ${query.projectId})`
      : undefined,
  );
  const direction = query.orderSort === 0 ? 'asc' : 'desc';
  return paged(db, query, {
    from: invoices,
    where,
    key: invoices.id,
    orderBy: query.orderField
      ? [
          [ORDER_COLUMNS[query.orderField], direction],
          [invoices.id, direction],
        ]
      : [[invoices.id, 'desc']],
    rows: (page) =>
      db
        .select({ ...listColumns, ...page.columns })
        .from(invoices)
        .innerJoin(enterprises, eq(enterprises.id, invoices.enterpriseId))
        .innerJoin(tenants, eq(tenants.id, invoices.tenantId))
        .where(inArray(invoices.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) =>
      toRecord({
        invoice: row.invoice,
        enterpriseName: row.enterpriseName,
        tenantName: row.tenantName,
        settlementNum: row.settlementNum,
      }),
  });
}

async function invoiceIn(db: DbOrTx, principal: Principal, id: number, lock = false): Promise<InvoiceRow> {
  const query = db
    .select()
    .from(invoices)
    .where(and(invoiceScope(principal), eq(invoices.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw fail.notFound(INVOICE_MSG.notFound);
  return row;
}

/** An invoice's files that are still there, as the detail and the settlement's invoice show them. */
async function filesOf(db: DbOrTx, invoice: InvoiceRow): Promise<InvoiceFile[]> {
  if (invoice.fileIds.length === 0) return [];
  const rows = await db
    .select({ id: files.id, fileKey: files.fileKey, fileName: files.fileName, extension: files.extension })
    .from(files)
    .where(and(eq(files.tenantId, invoice.tenantId), inArray(files.id, invoice.fileIds), eq(files.delFlag, 0)))
    .orderBy(asc(files.id));
  return rows.map((file) => ({
    id: file.id,
    name: file.fileName,
    address: addressOf({ tenantId: invoice.tenantId, fileKey: file.fileKey }),
    fileType: file.extension,
  }));
}

/** GET queryById: the detail with its files (signed links) and operation record. */
export async function invoiceDetail(services: Services, principal: Principal, id: number): Promise<InvoiceDetail> {
  const { db } = services.ctx;
  const [row] = await db
    .select(listColumns)
    .from(invoices)
    .innerJoin(enterprises, eq(enterprises.id, invoices.enterpriseId))
    .innerJoin(tenants, eq(tenants.id, invoices.tenantId))
    .where(and(invoiceScope(principal), eq(invoices.id, id)));
  if (!row) throw fail.notFound(INVOICE_MSG.notFound);
  const i = row.invoice;
  const [picAddress, events] = await Promise.all([
    filesOf(db, i),
    db
      .select()
      .from(invoiceEvents)
      .where(and(eq(invoiceEvents.tenantId, i.tenantId), eq(invoiceEvents.invoiceId, i.id)))
      .orderBy(desc(invoiceEvents.id)),
  ]);
  return {
    ...toRecord(row),
    taxpayerNumber: i.taxpayerNumber,
    mobile: i.mobile,
    enterpriseAddress: i.enterpriseAddress,
    bankName: i.bankName,
    bankCard: i.bankCard,
    invoiceCategory: i.invoiceCategory,
    recipient: i.recipient,
    recipientPhone: i.recipientPhone,
    recipientAddress: i.recipientAddress,
    recipientEmail: i.recipientEmail,
    remarks: i.remarks,
    invoiceUserName: i.invoiceUserName,
    receiveTime: epoch(i.receiveTime),
    receiveUserName: i.receiveUserName,
    bizSn: [
      ...i.invoiceNumbers.map((bizSn) => ({ type: INVOICE_BIZ_TYPE.invoiceNumber, bizSn })),
      ...i.expressNumbers.map((bizSn) => ({ type: INVOICE_BIZ_TYPE.expressNumber, bizSn })),
    ],
    expressNum: i.expressNumbers.join(INVOICE_NUMBER_SEPARATOR),
    picAddress,
    records: events.map((event) => ({
      id: event.id,
      action: event.action,
      content: event.content,
      userName: event.userName,
      createTime: event.createdAt.getTime(),
    })),
  };
}

// ---- settlements of an invoice, and those that may be invoiced

const settlementColumns = {
  id: settlements.id,
  settlementSn: settlements.settlementSn,
  projectId: settlements.projectId,
  projectName: projects.projectName,
  visitTypeId: settlements.visitTypeId,
  amountFen: settlements.amountFen,
  createdAt: settlements.createdAt,
  settlementTime: settlements.settlementTime,
};

function toSettlement(row: {
  id: number;
  settlementSn: string;
  projectId: number;
  projectName: string;
  visitTypeId: string;
  amountFen: number;
  createdAt: Date;
  settlementTime: Date | null;
}): InvoiceSettlement {
  return {
    id: row.id,
    settlementSn: row.settlementSn,
    projectId: row.projectId,
    projectName: row.projectName,
    visitTypeValue: TASK_TYPES[row.visitTypeId as TaskTypeId] ?? row.visitTypeId,
    amount: fenToYuan(row.amountFen),
    createTime: row.createdAt.getTime(),
    settlementTime: epoch(row.settlementTime),
  };
}

const settlementPage = (db: DbOrTx, query: { pageNo: number; pageSize: number }, where: SQL | undefined) =>
  paged(db, query, {
    from: settlements,
    where,
    key: settlements.id,
    orderBy: [[settlements.id, 'desc']],
    rows: (page) =>
      db
        .select({ ...settlementColumns, ...page.columns })
        .from(settlements)
        .innerJoin(projects, eq(projects.id, settlements.projectId))
        .where(inArray(settlements.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => toSettlement(row),
  });

/** GET settlementList: the settlements an invoice covers (paged). */
export async function invoiceSettlementPage(
  db: DbOrTx,
  principal: Principal,
  query: { id: number; pageNo: number; pageSize: number },
): Promise<Page<InvoiceSettlement>> {
  const invoice = await invoiceIn(db, principal, query.id);
  return settlementPage(
    db,
    query,
    and(
      eq(settlements.tenantId, invoice.tenantId),
      inArray(
        settlements.id,
        db
          .select({ id: invoiceSettlements.settlementId })
          .from(invoiceSettlements)
          .where(and(eq(invoiceSettlements.tenantId, invoice.tenantId), eq(invoiceSettlements.invoiceId, invoice.id))),
      ),
    ),
  );
}

/**
 * The enterprise's paid-out settlements on no invoice yet. billStatus is the settlement's own mark of
 * it: an application that waited for another's row lock reads the row again after that one commits
 * and finds it marked (PostgreSQL rechecks a locked row's columns, not the subquery's snapshot).
 */
const invoiceableWhere = (tenantId: number, enterpriseId: number) =>
  and(
    eq(settlements.tenantId, tenantId),
    eq(settlements.enterpriseId, enterpriseId),
    eq(settlements.payStatus, SETTLED),
    eq(settlements.billStatus, 0),
    sql`not exists (select 1 from ${invoiceSettlements} where ${invoiceSettlements.settlementId} = ${settlements.id})`,
  );

const enterpriseOnly = (principal: Principal) => {
  if (principal.side !== 'enterprise' || principal.enterpriseId === null) throw fail.forbidden();
  return { tenantId: principal.tenantId, enterpriseId: principal.enterpriseId };
};

/** GET invoiceableSettlements: what the enterprise may apply for. */
export function invoiceableSettlements(
  db: DbOrTx,
  principal: Principal,
  query: { pageNo: number; pageSize: number; settlementSn?: string },
): Promise<Page<InvoiceSettlement>> {
  const owner = enterpriseOnly(principal);
  return settlementPage(
    db,
    query,
    and(
      invoiceableWhere(owner.tenantId, owner.enterpriseId),
      query.settlementSn ? sql`${settlements.settlementSn} ilike ${`%${escapeLike(query.settlementSn)}%`}` : undefined,
    ),
  );
}

// ---- moves

/**
 * POST apply: one invoice over the chosen settlements, for their amounts' sum, with the enterprise's
 * invoice info. The settlements are locked; any that is not the enterprise's, not paid out or
 * already invoiced refuses the whole application.
 */
export async function applyInvoice(
  services: Services,
  principal: Principal,
  body: Input<typeof invoiceApplyOperation>,
  actor: AuditActor,
  now = new Date(),
): Promise<{ id: number; invoiceSn: string }> {
  const { db } = services.ctx;
  const owner = enterpriseOnly(principal);
  const ids = [...new Set(body.settlementIds)];
  const [company] = await db
    .select({ id: enterprises.id, name: enterprises.name, taxNumber: enterprises.taxNumber })
    .from(enterprises)
    .where(and(eq(enterprises.tenantId, owner.tenantId), eq(enterprises.id, owner.enterpriseId)));
  const info = await storedInfo(db, owner.tenantId, owner.enterpriseId);
  if (!company || !info) throw fail.rule(INVOICE_MSG.invoiceInfoMissing);
  const chosen = await db
    .select({ id: settlements.id, settlementSn: settlements.settlementSn, amountFen: settlements.amountFen })
    .from(settlements)
    .where(and(invoiceableWhere(owner.tenantId, owner.enterpriseId), inArray(settlements.id, ids)))
    .orderBy(asc(settlements.id))
    .for('update', { of: settlements });
  if (chosen.length !== ids.length) throw fail.rule(INVOICE_MSG.settlementNotInvoiceable);
  const [{ id }] = (
    await db.execute<{ id: number }>(sql`select nextval(pg_get_serial_sequence('invoices', 'id'))::int as id`)
  ).rows;
  const invoiceSn = `FP${chinaDay(now)}${String(id).padStart(8, '0')}`;
  const priceFen = chosen.reduce((sum, row) => sum + row.amountFen, 0);
  const [row] = await db
    .insert(invoices)
    .values({
      id,
      ...owner,
      invoiceSn,
      invoiceName: company.name,
      taxpayerNumber: company.taxNumber,
      mobile: info.companyPhone,
      enterpriseAddress: info.companyAddress,
      bankName: info.bankDeposit,
      bankCard: info.bankAccount,
      invoiceType: body.invoiceType,
      invoiceCategory: body.invoiceCategory,
      priceFen,
      sendingType: body.invoiceSendingType,
      sendStatus: INVOICE_STATE.applied.send,
      recipientStatus: INVOICE_STATE.applied.recipient,
      ...(body.invoiceSendingType === 1
        ? { recipient: body.recipient, recipientPhone: body.recipientPhone, recipientAddress: body.recipientAddress }
        : { recipientEmail: body.recipientEmail }),
      remarks: body.remarks,
      createdBy: actor.userId,
      createName: actor.name.slice(0, 64),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  // the unique index on settlement_id turns a concurrent application for the same settlement into an error
  await db
    .insert(invoiceSettlements)
    .values(chosen.map((settlement) => ({ ...owner, invoiceId: row.id, settlementId: settlement.id, createdAt: now })));
  await db
    .update(settlements)
    .set({ billStatus: 1, updatedAt: now })
    .where(and(eq(settlements.tenantId, owner.tenantId), inArray(settlements.id, ids)));
  const sns = chosen.map((settlement) => settlement.settlementSn).join('、');
  await addEvent(
    db,
    row,
    '申请开票',
    actor.name,
    `${INVOICE_TYPES[body.invoiceType as InvoiceTypeCode]}，${fenToYuan(priceFen)}元，${INVOICE_SENDING_TYPES[body.invoiceSendingType]}；结算单${sns}`,
    now,
  );
  await writeAudit(db, actor, {
    action: 'invoice.apply',
    targetType: 'invoice',
    targetId: row.id,
    after: {
      invoiceSn,
      priceFen,
      settlementIds: ids,
      invoiceType: body.invoiceType,
      sendingType: body.invoiceSendingType,
    },
  });
  await createNotice(db, {
    tenantId: owner.tenantId,
    userIds: await tenantStaffIds(db, owner.tenantId),
    type: 'invoice',
    title: '新的开票申请',
    content: `${company.name}申请开票${fenToYuan(priceFen)}元（${chosen.length}个结算单），请及时开票。`,
    bizId: row.id,
    link: invoiceLink(row.id),
    createdAt: now,
  });
  return { id: row.id, invoiceSn };
}

/** The configuration value invoice.number: how many invoice numbers one invoice may carry (default 10). */
async function invoiceNumberLimit(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ content: configs.content })
    .from(configs)
    .where(eq(configs.configKey, INVOICE_NUMBER_CONFIG_KEY));
  return wholeNumberConfig(INVOICE_NUMBER_CONFIG_KEY, row?.content, 10);
}

/**
 * POST updateStatus: 状态更新 on an applied invoice (it becomes sent, waiting for receipt), or
 * 编辑状态信息 on a sent one; a received invoice is final. Express numbers go with paper invoices.
 */
export async function updateInvoiceStatus(
  services: Services,
  principal: Principal,
  body: Input<typeof invoiceStatusUpdateOperation>,
  actor: AuditActor,
  now = new Date(),
): Promise<null> {
  const { db } = services.ctx;
  if (principal.side !== 'platform') throw fail.forbidden();
  const row = await invoiceIn(db, principal, body.invoiceId, true);
  if (row.recipientStatus === INVOICE_STATE.received.recipient) throw fail.rule(INVOICE_MSG.notUpdatable);
  const limit = await invoiceNumberLimit(db);
  const numbers = invoiceNumbersSchema(limit).safeParse(body.bizSnJson);
  if (!numbers.success) throw fail.validation(numbers.error.issues[0].message);
  if (row.sendingType === 1 && body.expressJson.length === 0) throw fail.validation(INVOICE_MSG.expressNumbersRequired);
  const fileIds: number[] = [];
  for (const address of new Set(body.picListJson)) {
    const file = await services.files.findByAddress(address);
    if (
      file?.delFlag !== 0 ||
      file.tenantId !== row.tenantId ||
      file.uploadPath !== INVOICE_UPLOAD_PATH ||
      file.bizId !== String(row.id) ||
      (file.enterpriseId !== null && file.enterpriseId !== row.enterpriseId)
    )
      throw fail.validation(INVOICE_MSG.invoiceFileNotYours);
    fileIds.push(file.id);
  }
  // the staff's upload becomes the enterprise's document too: its users may read and download it
  if (fileIds.length)
    await db
      .update(files)
      .set({ enterpriseId: row.enterpriseId })
      .where(and(eq(files.tenantId, row.tenantId), inArray(files.id, fileIds)));
  const first = row.sendStatus === INVOICE_STATE.applied.send;
  const next = {
    sendStatus: INVOICE_STATE.sent.send,
    recipientStatus: INVOICE_STATE.sent.recipient,
    invoiceTime: body.invoiceTime,
    invoiceNumbers: numbers.data,
    expressNumbers: row.sendingType === 1 ? body.expressJson : [],
    fileIds,
    invoiceUserId: actor.userId,
    invoiceUserName: actor.name.slice(0, 64),
    updatedAt: now,
  };
  await db.update(invoices).set(next).where(eq(invoices.id, row.id));
  const content = [
    `发票号码：${numbers.data.join(INVOICE_NUMBER_SEPARATOR)}`,
    next.expressNumbers.length ? `快递号码：${next.expressNumbers.join(INVOICE_NUMBER_SEPARATOR)}` : '',
    `发票文件${fileIds.length}个`,
  ]
    .filter(Boolean)
    .join('；');
  await addEvent(db, row, first ? '开票并发送' : '编辑状态信息', actor.name, content, now);
  await writeAudit(db, actor, {
    action: first ? 'invoice.send' : 'invoice.edit',
    targetType: 'invoice',
    targetId: row.id,
    before: {
      sendStatus: row.sendStatus,
      recipientStatus: row.recipientStatus,
      invoiceNumbers: row.invoiceNumbers,
      expressNumbers: row.expressNumbers,
      fileIds: row.fileIds,
    },
    after: { ...next, invoiceTime: body.invoiceTime.toISOString(), updatedAt: undefined },
  });
  if (first)
    await createNotice(db, {
      tenantId: row.tenantId,
      userIds: await enterpriseMemberIds(db, row.tenantId, row.enterpriseId),
      type: 'invoice',
      title: '发票已开具',
      content: `发票${row.invoiceSn}（${fenToYuan(row.priceFen)}元）已开具并${row.sendingType === 1 ? '寄出' : '发送至邮箱'}，收到后请查收。`,
      bizId: row.id,
      link: invoiceLink(row.id),
      createdAt: now,
    });
  return null;
}

/** POST confirmReceipt: the enterprise received these invoices (each must be waiting for receipt). */
export async function confirmInvoiceReceipt(
  services: Services,
  principal: Principal,
  ids: number[],
  actor: AuditActor,
  now = new Date(),
): Promise<{ received: number }> {
  const { db } = services.ctx;
  enterpriseOnly(principal);
  const unique = [...new Set(ids)];
  const rows = await db
    .select()
    .from(invoices)
    .where(and(invoiceScope(principal), inArray(invoices.id, unique)))
    .orderBy(asc(invoices.id))
    .for('update');
  if (rows.length !== unique.length) throw fail.notFound(INVOICE_MSG.notFound);
  if (rows.some((row) => row.recipientStatus !== INVOICE_STATE.sent.recipient))
    throw fail.rule(INVOICE_MSG.notReceivable);
  for (const row of rows) {
    await db
      .update(invoices)
      .set({
        recipientStatus: INVOICE_STATE.received.recipient,
        receiveTime: now,
        receiveUserId: actor.userId,
        receiveUserName: actor.name.slice(0, 64),
        updatedAt: now,
      })
      .where(eq(invoices.id, row.id));
    await addEvent(db, row, '确认收票', actor.name, `已收到${row.sendingType === 1 ? '纸质' : '电子'}发票`, now);
    await writeAudit(db, actor, {
      action: 'invoice.receive',
      targetType: 'invoice',
      targetId: row.id,
      before: { recipientStatus: row.recipientStatus },
      after: { recipientStatus: INVOICE_STATE.received.recipient },
    });
  }
  return { received: rows.length };
}

/** The project summary's invoice count: invoices holding a settlement of the project. */
export async function projectInvoiceCount(db: DbOrTx, project: { tenantId: number; id: number }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${invoiceSettlements.invoiceId})::int` })
    .from(invoiceSettlements)
    .innerJoin(settlements, eq(settlements.id, invoiceSettlements.settlementId))
    .where(and(eq(invoiceSettlements.tenantId, project.tenantId), eq(settlements.projectId, project.id)));
  return row?.n ?? 0;
}

/**
 * GET pictures: the invoice a settlement (or the settlement of a line) is on, with its files; no
 * invoice yet answers null and an empty list. Another party's settlement is 结算单不存在.
 */
export async function settlementInvoice(
  db: DbOrTx,
  principal: Principal,
  query: { settId?: number; settDetailId?: number },
): Promise<SettlementInvoice> {
  const [settlement] = await db
    .select({ id: settlements.id, tenantId: settlements.tenantId })
    .from(settlements)
    .where(
      and(
        enterpriseScope(principal, settlements.tenantId, settlements.enterpriseId),
        query.settId !== undefined ? eq(settlements.id, query.settId) : undefined,
        query.settDetailId !== undefined
          ? inArray(
              settlements.id,
              db
                .select({ id: settlementLines.settlementId })
                .from(settlementLines)
                .where(eq(settlementLines.id, query.settDetailId)),
            )
          : undefined,
      ),
    );
  if (!settlement) throw fail.notFound(SETTLEMENT_MSG.notFound);
  const [row] = await db
    .select(listColumns)
    .from(invoiceSettlements)
    .innerJoin(invoices, eq(invoices.id, invoiceSettlements.invoiceId))
    .innerJoin(enterprises, eq(enterprises.id, invoices.enterpriseId))
    .innerJoin(tenants, eq(tenants.id, invoices.tenantId))
    .where(
      and(eq(invoiceSettlements.tenantId, settlement.tenantId), eq(invoiceSettlements.settlementId, settlement.id)),
    );
  if (!row) return { invoice: null, list: [] };
  const record = toRecord(row);
  return {
    invoice: {
      id: record.id,
      invoiceSn: record.invoiceSn,
      invoiceNum: record.invoiceNum,
      invoiceRecipientStatus: record.invoiceRecipientStatus,
      invoiceRecipientStatus_dictText: record.invoiceRecipientStatus_dictText,
    },
    list: await filesOf(db, row.invoice),
  };
}
