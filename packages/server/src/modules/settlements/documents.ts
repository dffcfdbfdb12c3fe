/**
 * The documents of a settlement (decision 0024): the reconciliation statement (对账确认单) made by a
 * durable job, the voucher sheets, the attachments, and the exports of its tasks and records.
 *
 * Statement: `requestStatement` moves voucherStatus 0 -> 1 under the row lock (the domain's
 * generateStatement) and sends the job; the job (`generateStatement`) renders the PDF outside any
 * transaction, stores it, and under the row lock records the file and moves 1 -> 2. A second run
 * finds 2 and stops; a run that lost the race removes the bytes it stored. A statement left at 1
 * (the job never sent, or its process died) is made by the sweep every minute.
 */
import crypto from 'node:crypto';
import {
  DOWNLOAD_TYPES,
  exportSettlementRecordsOperation,
  exportTaskOfSettOperation,
  SETTLEMENT_DOCUMENT_PATHS,
  STATEMENT_CONFIRMATION_TEXT,
  type StatementOverview,
  statementOverviewOperation,
  settlementAttachmentDeleteOperation,
  settlementAttachmentListOperation,
  settlementAttachmentSaveOperation,
  statementCreateOperation,
  statementDownloadQuerySchema,
  voucherDownloadQuerySchema,
  fenToYuan,
  formatChinaDate,
  illegalSettlementMoveMessage,
  maskBankCard,
  maskIdCard,
  maskPhone,
  MSG,
  SETTLEMENT_ATTACHMENT_TYPE,
  SETTLEMENT_ATTACHMENT_UPLOAD_PATH,
  ORDER_GENERATE_UPLOAD_PATH,
  SETTLEMENT_DOCUMENT_MSG,
  SETTLEMENT_MSG,
  SETTLEMENT_RECORD_PAY_STATUS,
  type SettlementAttachment,
  type SettlementVoucherType,
  settlementTransition,
  SETTLEMENT_VOUCHER_TYPES,
  settlementRecordExportFiltersSchema,
  settlementTaskExportFiltersSchema,
  statusLabel,
  TASK_AUDIT_STATUS,
  TASK_STATUS,
  TASK_TYPES,
  type TaskTypeId,
} from '@fieldpay/domain';
import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { fail } from '../../core/errors';
import { enterpriseScope, type Viewer } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import {
  enterprises,
  files,
  persons,
  projects,
  settlementAttachments,
  settlementLines,
  settlements,
  settlementTasks,
  settlementTransfers,
  tasks,
  tenants,
} from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { chinaDateTime, chinaTimestamp } from '../../platform/china-time';
import type { ExportDefinition } from '../../platform/exports/definition';
import { readAhead } from '../../platform/exports/definition';
import { addressOf, parseAddress } from '../../platform/files/links';
import { registerExportRoute } from '../../platform/exports/routes';
import { contentDisposition } from '../../http/content-disposition';
import { registerOperation } from '../../http/operation';
import { actorOf, principalOf } from '../../platform/auth/guards';
import type { RouteDeps } from '../../platform/modules';
import { type AuditActor, writeAudit } from '../../platform/system/audit';
import type { Services } from '../../services';
import { addEvent } from './moves';
import { type PdfDocumentSpec, renderPdf, type TableColumn } from '../../platform/pdf';

export const STATEMENT_JOB = 'settlements.statement';
export const STATEMENT_SWEEP_JOB = 'settlements.statement-sweep';
/** the files row of a statement: its folder and record */
export const STATEMENT_UPLOAD_PATH = 'settlementStatement';

type SettlementRow = typeof settlements.$inferSelect;

/** The job's data: the settlement, and who asked (the statement file is theirs). */
export interface StatementJobData {
  settlementId: number;
  userId?: number;
}

const stateOf = (row: SettlementRow) => ({
  auditStatus: row.auditStatus,
  enterprisePayStatus: row.enterprisePayStatus,
  payStatus: row.payStatus,
  voucherStatus: row.voucherStatus,
});

const scopeOf = (viewer: Viewer) => enterpriseScope(viewer, settlements.tenantId, settlements.enterpriseId);

/** The settlement the viewer may see (locked when `lock`), or 404. */
export async function visibleSettlement(db: DbOrTx, viewer: Viewer, id: number, lock = false): Promise<SettlementRow> {
  const query = db
    .select()
    .from(settlements)
    .where(and(scopeOf(viewer), eq(settlements.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw fail.notFound(SETTLEMENT_MSG.notFound);
  return row;
}

const enterpriseOnly = (principal: Principal) => {
  if (principal.side !== 'enterprise' || principal.enterpriseId === null) throw fail.forbidden();
};

// ---- the reconciliation statement

/**
 * POST pdf/create: the enterprise asks for its statement once it has paid (voucherStatus 0 -> 1);
 * the job makes the file. Any other state is refused with the state machine's message.
 */
export async function requestStatement(
  services: Services,
  principal: Principal,
  id: number,
  actor: AuditActor,
  now = new Date(),
) {
  enterpriseOnly(principal);
  const { db } = services.ctx;
  const row = await visibleSettlement(db, principal, id, true);
  const next = settlementTransition('generateStatement', stateOf(row));
  if (!next) throw fail.conflict(illegalSettlementMoveMessage('generateStatement', stateOf(row)));
  await db
    .update(settlements)
    .set({ voucherStatus: next.voucherStatus, updatedAt: now })
    .where(eq(settlements.id, row.id));
  await addEvent(db, row, '生成对账单', actor.name, '对账确认单生成中', now);
  await writeAudit(db, actor, {
    action: 'settlement.generateStatement',
    targetType: 'settlement',
    targetId: row.id,
    before: { voucherStatus: row.voucherStatus },
    after: { voucherStatus: next.voucherStatus },
  });
  await services.jobs.send(
    STATEMENT_JOB,
    { settlementId: row.id, userId: principal.userId } satisfies StatementJobData,
    `statement:${row.id}`,
  );
  return { id: row.id, voucherStatus: next.voucherStatus };
}

/** What the statement and the vouchers print of a settlement. */
async function settlementFacts(db: DbOrTx, settlementId: number) {
  const [head] = await db
    .select({
      settlement: settlements,
      projectName: projects.projectName,
      projectStart: projects.startTime,
      projectEnd: projects.endTime,
      enterpriseName: enterprises.name,
      tenantName: tenants.name,
    })
    .from(settlements)
    .innerJoin(projects, eq(projects.id, settlements.projectId))
    .innerJoin(enterprises, eq(enterprises.id, settlements.enterpriseId))
    .innerJoin(tenants, eq(tenants.id, settlements.tenantId))
    .where(eq(settlements.id, settlementId));
  if (!head) throw fail.notFound(SETTLEMENT_MSG.notFound);
  const lines = await db
    .select({ line: settlementLines, name: persons.name, idCard: persons.idCard, phone: persons.phone })
    .from(settlementLines)
    .innerJoin(persons, eq(persons.id, settlementLines.personId))
    .where(and(eq(settlementLines.tenantId, head.settlement.tenantId), eq(settlementLines.settlementId, settlementId)))
    .orderBy(asc(settlementLines.id));
  const transfers = await db
    .select()
    .from(settlementTransfers)
    .where(
      and(
        eq(settlementTransfers.tenantId, head.settlement.tenantId),
        eq(settlementTransfers.settlementId, settlementId),
      ),
    )
    .orderBy(asc(settlementTransfers.attempt));
  return { ...head, lines, transfers };
}
type Facts = Awaited<ReturnType<typeof settlementFacts>>;

const visitTypeOf = (id: string) => TASK_TYPES[id as TaskTypeId] ?? id;

/** The project's period in China dates ('2026-11-01 至 2026-11-30'); empty when it has neither end. */
export function projectDateOf(start: Date | null, end: Date | null): string {
  if (!start && !end) return '';
  const date = (value: Date | null) => (value ? formatChinaDate(value.getTime()) : '');
  return `${date(start)} 至 ${date(end)}`;
}
const timeText = (date: Date | null | undefined) => (date ? chinaDateTime(date) : '-');

/** The successful payout of each line (its yurref and time), when there is one. */
function paidTransferOf(facts: Facts, lineId: number) {
  return facts.transfers.find((transfer) => transfer.lineId === lineId && transfer.status === 'success');
}

function statementSpec(facts: Facts, now: Date): PdfDocumentSpec {
  const s = facts.settlement;
  const payment = facts.transfers.find((transfer) => transfer.kind === 'S');
  const taxed = s.taxModel === 1;
  const columns: TableColumn[] = [
    { header: '姓名', width: 14 },
    { header: '身份证号', width: 17 },
    { header: '银行卡号', width: 19 },
    { header: '开户银行', width: 13 },
    { header: '任务数', width: 6, align: 'right' },
    { header: '结算金额(元)', width: 11, align: 'right' },
    ...(taxed
      ? ([
          { header: '个税(元)', width: 9, align: 'right' },
          { header: '增值税及附加(元)', width: 12, align: 'right' },
          { header: '实发金额(元)', width: 11, align: 'right' },
        ] as TableColumn[])
      : []),
    { header: '状态', width: 8 },
  ];
  const rows = facts.lines.map(({ line, name, idCard }) => [
    name,
    maskIdCard(idCard ?? ''),
    maskBankCard(line.accountNo),
    line.bankName,
    String(line.totalTask),
    fenToYuan(line.payFen),
    ...(taxed
      ? [
          fenToYuan(line.incomeTaxFen),
          fenToYuan(line.valueAddedTaxFen + line.surchargeTaxFen),
          fenToYuan(line.receivedFen),
        ]
      : []),
    statusLabel(SETTLEMENT_RECORD_PAY_STATUS, line.payStatus) || '待发放',
  ]);
  return {
    title: '对账确认单',
    subtitle: `结算单号：${s.settlementSn}`,
    subject: `settlement ${s.settlementSn}`,
    landscape: true,
    footer: `${facts.tenantName} · 对账确认单 ${s.settlementSn} · 生成时间 ${chinaDateTime(now)}`,
    sections: [
      {
        title: '结算信息',
        fields: [
          ['结算单号', s.settlementSn],
          ['所属平台', facts.tenantName],
          ['企业名称', facts.enterpriseName],
          ['项目名称', facts.projectName],
          ['项目周期', projectDateOf(facts.projectStart, facts.projectEnd) || '-'],
          ['服务类型', visitTypeOf(s.visitTypeId)],
          ['结算人数', `${s.totalPersonNum}人`],
          ['任务总数', `${s.totalTask}个`],
          ['申请时间', timeText(s.createdAt)],
        ],
      },
      {
        title: '金额',
        fields: [
          ['结算总金额', `¥${fenToYuan(s.amountFen)}元`],
          ['服务费', `¥${fenToYuan(s.feeFen)}元`],
          ['人员结算金额', `¥${fenToYuan(s.payFen)}元`],
          ...(taxed
            ? ([
                ['代扣税费合计', `¥${fenToYuan(s.taxFen)}元`],
                ['实发金额合计', `¥${fenToYuan(s.payFen - s.taxFen)}元`],
              ] as Array<readonly [string, string]>)
            : []),
        ],
      },
      {
        title: '付款信息',
        fields: [
          ['付款时间', timeText(payment?.finishedAt ?? s.enterprisePayTime)],
          ['业务参考号', s.yurref ?? '-'],
          ['付款银行', payment?.bankName || s.bankNo || '-'],
          ['平台结算时间', timeText(s.settlementTime)],
        ],
      },
      { title: '人员明细', table: { columns, rows } },
    ],
    closing: [STATEMENT_CONFIRMATION_TEXT],
  };
}

/**
 * GET pdf/overview: the statement's head (spec 2 §3 "Settlement overview"), what the 任务对账单预览
 * shows before the statement is made; either side, in the settlement's scope.
 */
export async function statementOverview(db: DbOrTx, principal: Principal, id: number): Promise<StatementOverview> {
  const row = await visibleSettlement(db, principal, id);
  const [head] = await db
    .select({
      projectName: projects.projectName,
      projectStart: projects.startTime,
      projectEnd: projects.endTime,
      enterpriseName: enterprises.name,
      tenantName: tenants.name,
    })
    .from(projects)
    .innerJoin(enterprises, eq(enterprises.id, row.enterpriseId))
    .innerJoin(tenants, eq(tenants.id, row.tenantId))
    .where(and(eq(projects.tenantId, row.tenantId), eq(projects.id, row.projectId)));
  if (!head) throw fail.notFound(SETTLEMENT_MSG.notFound);
  return {
    settlementId: row.id,
    settlementSn: row.settlementSn,
    enterpriseName: head.enterpriseName,
    tenantName: head.tenantName,
    projectName: head.projectName,
    projectDate: projectDateOf(head.projectStart, head.projectEnd),
    money: fenToYuan(row.amountFen),
    fee: fenToYuan(row.feeFen),
  };
}

/** The statement's file row, when it was made. */
async function statementFile(db: DbOrTx, row: SettlementRow) {
  const [file] = await db
    .select()
    .from(files)
    .where(
      and(
        eq(files.tenantId, row.tenantId),
        eq(files.uploadPath, STATEMENT_UPLOAD_PATH),
        eq(files.bizId, String(row.id)),
        eq(files.delFlag, 0),
      ),
    )
    .orderBy(asc(files.id))
    .limit(1);
  return file;
}

/**
 * The job: renders and stores the statement of a settlement at voucherStatus 1, then moves it to 2.
 * The file is the requester's (the sweep, which does not know them, gives it to the payer).
 * Answers whether it made the file.
 */
export async function generateStatement(
  services: Services,
  { settlementId, userId }: StatementJobData,
  now = new Date(),
): Promise<boolean> {
  const { scopes } = services.ctx;
  const facts = await scopes.withSystem('statement job: the settlement to print', async (db) => {
    const [row] = await db.select().from(settlements).where(eq(settlements.id, settlementId));
    return row?.voucherStatus === 1 ? settlementFacts(db, settlementId) : null;
  });
  if (!facts) return false;
  const s = facts.settlement;
  const bytes = await renderPdf(statementSpec(facts, now), now);
  const fileKey = crypto.randomBytes(16).toString('base64url');
  const storageKey = `t${s.tenantId}/${chinaTimestamp(now).slice(0, 6)}/${fileKey}.pdf`;
  await services.files.storage.putBuffer(storageKey, bytes);
  const made = await scopes.withSystem('statement job: recording the file and the state', async (db) => {
    const [row] = await db.select().from(settlements).where(eq(settlements.id, settlementId)).for('update');
    const next = row && settlementTransition('statementGenerated', stateOf(row));
    if (!row || !next) return false;
    const [file] = await db
      .insert(files)
      .values({
        tenantId: row.tenantId,
        enterpriseId: row.enterpriseId,
        ownerUserId: userId ?? row.payUserId ?? row.createdBy ?? 0,
        ownerSide: 'enterprise',
        fileKey,
        fileName: `对账确认单_${row.settlementSn}.pdf`.slice(0, 64),
        extension: 'pdf',
        fileSize: bytes.length,
        sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
        storageKey,
        target: 'statement',
        scene: 'settleReport',
        uploadPath: STATEMENT_UPLOAD_PATH,
        bizId: String(row.id),
        visibility: 'tenant',
        createdAt: now,
      })
      .returning({ id: files.id });
    await db
      .update(settlements)
      .set({ voucherStatus: next.voucherStatus, updatedAt: now })
      .where(eq(settlements.id, row.id));
    await addEvent(db, row, '生成对账单', '系统', `对账确认单已生成（文件${file.id}）`, now);
    return true;
  });
  // another run recorded its file first: these bytes are nobody's
  if (!made) await services.files.storage.remove(storageKey);
  return made;
}

/** Every statement still at voucherStatus 1 (the sweep after a lost job or a crash). */
export async function generatePendingStatements(services: Services): Promise<number> {
  const pending = await services.ctx.scopes.withSystem(
    'statement sweep: statements of every tenant still generating',
    (db) => db.select({ id: settlements.id }).from(settlements).where(eq(settlements.voucherStatus, 1)).limit(100),
  );
  let made = 0;
  for (const { id } of pending) if (await generateStatement(services, { settlementId: id })) made++;
  return made;
}

/** GET pdf/download: the statement's bytes, or 404 无效文件 while it is not made. */
export async function openStatement(services: Services, principal: Principal, id: number) {
  const { db } = services.ctx;
  const row = await visibleSettlement(db, principal, id);
  const file = row.voucherStatus === 2 ? await statementFile(db, row) : undefined;
  if (!file) throw fail.notFound(MSG.invalidFile);
  try {
    return {
      stream: await services.files.storage.openRead(file.storageKey),
      fileName: file.fileName,
      size: file.fileSize,
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw fail.notFound(MSG.invalidFile);
    throw error;
  }
}

// ---- the settlement voucher

/**
 * GET voucher/download: type 1 the payment-amount summary sheet, type 3 the per-person payment
 * detail sheet (one line when `lineId` is given and paid out; else every line paid out). Only for a
 * settlement paid through CMB, approved, and paid (payStatus 1 or 2), as the row rule shows it.
 */
export async function voucherPdf(
  services: Services,
  principal: Principal,
  query: { id: number; type: number; lineId?: number; name?: string },
  now = new Date(),
) {
  const { db } = services.ctx;
  const row = await visibleSettlement(db, principal, query.id);
  if (!(row.bankNo === 'CMB' && row.auditStatus === 2 && (row.payStatus === 1 || row.payStatus === 2)))
    throw fail.rule(SETTLEMENT_DOCUMENT_MSG.voucherUnavailable);
  const facts = await settlementFacts(db, row.id);
  const type = query.type as SettlementVoucherType;
  let lines = facts.lines;
  if (query.lineId !== undefined) {
    lines = lines.filter(({ line }) => line.id === query.lineId);
    if (lines.length === 0) throw fail.notFound(SETTLEMENT_MSG.lineNotFound);
  }
  const title = `结算凭证（${SETTLEMENT_VOUCHER_TYPES[type]}）`;
  const s = facts.settlement;
  const payment = facts.transfers.find((transfer) => transfer.kind === 'S');
  const base = {
    title,
    subtitle: `结算单号：${s.settlementSn}`,
    subject: `settlement ${s.settlementSn} voucher ${type}`,
    footer: `${facts.tenantName} · ${title} · 生成时间 ${chinaDateTime(now)}`,
  };
  let spec: PdfDocumentSpec;
  if (type === 1) {
    const paidLines = lines.filter(({ line }) => line.payStatus === 1);
    spec = {
      ...base,
      sections: [
        {
          title: '付款信息',
          fields: [
            ['结算单号', s.settlementSn],
            ['付款企业', facts.enterpriseName],
            ['项目名称', facts.projectName],
            ['服务类型', visitTypeOf(s.visitTypeId)],
            ['付款银行', payment?.bankName || '招商银行'],
            ['付款账号', maskBankCard(payment?.payerAccountNo ?? '')],
            ['收款户名', payment?.payeeName ?? '-'],
            ['收款账号', maskBankCard(payment?.payeeAccountNo ?? '')],
            ['业务参考号', s.yurref ?? '-'],
            ['付款时间', timeText(payment?.finishedAt ?? s.enterprisePayTime)],
          ],
        },
        {
          title: '金额汇总',
          fields: [
            ['付款总金额', `¥${fenToYuan(s.amountFen)}元`],
            ['服务费', `¥${fenToYuan(s.feeFen)}元`],
            ['人员结算金额', `¥${fenToYuan(s.payFen)}元`],
            ['代扣税费', `¥${fenToYuan(s.taxFen)}元`],
            ['已发放人数', `${paidLines.length}/${s.totalPersonNum}人`],
            ['已发放金额', `¥${fenToYuan(paidLines.reduce((sum, { line }) => sum + line.receivedFen, 0))}元`],
          ],
        },
      ],
    };
  } else {
    const paid = lines.filter(({ line }) => line.payStatus === 1);
    if (query.lineId !== undefined && paid.length === 0) throw fail.rule(SETTLEMENT_DOCUMENT_MSG.voucherLineNotPaid);
    if (paid.length === 0) throw fail.rule(SETTLEMENT_DOCUMENT_MSG.voucherNoPaidLine);
    spec = {
      ...base,
      sections: paid.map(({ line, name, idCard, phone }) => {
        const transfer = paidTransferOf(facts, line.id);
        return {
          title: `${name}（${line.subOrderNum}）`,
          fields: [
            ['结算单号', s.settlementSn],
            ['子结算单号', line.subOrderNum],
            ['付款方', facts.tenantName],
            ['付款银行', transfer?.bankName || '招商银行'],
            ['收款人', name],
            ['身份证号', maskIdCard(idCard ?? '')],
            ['手机号', maskPhone(phone)],
            ['收款银行', line.bankName],
            ['收款卡号', maskBankCard(line.accountNo)],
            ['结算金额', `¥${fenToYuan(line.payFen)}元`],
            ['代扣税费', `¥${fenToYuan(line.totalTaxFen)}元`],
            ['实发金额', `¥${fenToYuan(line.receivedFen)}元`],
            ['业务参考号', transfer?.yurref ?? '-'],
            ['发放时间', timeText(line.payTime ?? transfer?.finishedAt)],
          ],
        };
      }),
    };
  }
  const bytes = await renderPdf(spec, now);
  const fileName = `${(query.name || `${SETTLEMENT_VOUCHER_TYPES[type]}_${s.settlementSn}`).replace(/[\\/:*?"<>|]/g, '_')}.pdf`;
  return { bytes, fileName };
}

// ---- attachments

const attachmentScope = (viewer: Viewer) =>
  enterpriseScope(viewer, settlementAttachments.tenantId, settlementAttachments.enterpriseId);

/**
 * The settlement's attachments the viewer may see and that are still there, over settlement_attachments
 * joined with files: a file deleted through the generic file call is gone from the settlement too.
 */
export const activeAttachmentsOf = (viewer: Viewer, settlementId: number) =>
  and(
    attachmentScope(viewer),
    eq(settlementAttachments.settlementId, settlementId),
    eq(settlementAttachments.delFlag, 0),
    eq(files.delFlag, 0),
  );

const attachmentColumns = {
  attachment: settlementAttachments,
  fileKey: files.fileKey,
  fileName: files.fileName,
  extension: files.extension,
  fileSize: files.fileSize,
};

function toAttachment(row: {
  attachment: typeof settlementAttachments.$inferSelect;
  fileKey: string;
  fileName: string;
  extension: string;
  fileSize: number;
}): SettlementAttachment {
  const a = row.attachment;
  return {
    id: a.id,
    settId: a.settlementId,
    fileId: a.fileId,
    name: a.name,
    fileName: row.fileName,
    address: addressOf({ tenantId: a.tenantId, fileKey: row.fileKey }),
    type: a.type,
    fileType: row.extension,
    fileSize: row.fileSize,
    createName: a.createName,
    createTime: a.createdAt.getTime(),
  };
}

/** GET queryfile: the settlement's active attachments, oldest first. */
export async function listAttachments(db: DbOrTx, principal: Principal, settlementId: number) {
  await visibleSettlement(db, principal, settlementId);
  const rows = await db
    .select(attachmentColumns)
    .from(settlementAttachments)
    .innerJoin(files, eq(files.id, settlementAttachments.fileId))
    .where(activeAttachmentsOf(principal, settlementId))
    .orderBy(asc(settlementAttachments.id));
  return { list: rows.map(toAttachment) };
}

/** The enterprise's settlement, locked, while it waits for the audit (row rule 'uploadAttachment'). */
async function attachableSettlement(db: DbOrTx, principal: Principal, settlementId: number) {
  enterpriseOnly(principal);
  const row = await visibleSettlement(db, principal, settlementId, true);
  if (row.auditStatus !== 1) throw fail.rule(SETTLEMENT_DOCUMENT_MSG.attachmentNotAllowed);
  return row;
}

/** A live file the owner's enterprise uploaded to the given place itself (not a generated or another company's file). */
function isOwnUpload(file: FileRow, owner: { tenantId: number; enterpriseId: number }, uploadPath: string): boolean {
  return (
    file.delFlag === 0 &&
    file.tenantId === owner.tenantId &&
    file.enterpriseId === owner.enterpriseId &&
    file.uploadPath === uploadPath &&
    file.scene === 'default'
  );
}

/**
 * POST attachment/save: attaches a file the user uploaded for this settlement (the common upload
 * with uploadPath settlement and the settlement's id, so the upload's rules and count applied).
 * Saving the same file again answers the attachment already there.
 */
export async function saveAttachment(
  services: Services,
  principal: Principal,
  input: { settId: number; address: string },
  actor: AuditActor,
) {
  const { db } = services.ctx;
  const row = await attachableSettlement(db, principal, input.settId);
  const file = await services.files.findByAddress(input.address);
  if (!file || !isOwnUpload(file, row, SETTLEMENT_ATTACHMENT_UPLOAD_PATH) || file.bizId !== String(row.id))
    throw fail.validation(SETTLEMENT_DOCUMENT_MSG.attachmentFileNotYours);
  const [existing] = await db
    .select(attachmentColumns)
    .from(settlementAttachments)
    .innerJoin(files, eq(files.id, settlementAttachments.fileId))
    .where(and(eq(settlementAttachments.tenantId, row.tenantId), eq(settlementAttachments.fileId, file.id)));
  if (existing) {
    if (existing.attachment.settlementId !== row.id || existing.attachment.delFlag !== 0)
      throw fail.validation(SETTLEMENT_DOCUMENT_MSG.attachmentFileNotYours);
    return toAttachment(existing);
  }
  const [inserted] = await db
    .insert(settlementAttachments)
    .values({
      tenantId: row.tenantId,
      enterpriseId: row.enterpriseId,
      settlementId: row.id,
      fileId: file.id,
      name: file.fileName,
      type: SETTLEMENT_ATTACHMENT_TYPE,
      createdBy: actor.userId,
      createName: actor.name.slice(0, 64),
    })
    .returning();
  await addEvent(db, row, '上传附件', actor.name, file.fileName);
  await writeAudit(db, actor, {
    action: 'settlement.attachment.add',
    targetType: 'settlement',
    targetId: row.id,
    after: { attachmentId: inserted.id, fileId: file.id, fileName: file.fileName },
  });
  return toAttachment({
    attachment: inserted,
    fileKey: file.fileKey,
    fileName: file.fileName,
    extension: file.extension,
    fileSize: file.fileSize,
  });
}

type FileRow = typeof files.$inferSelect;

/**
 * The files uploaded on the 生成结算单 page and named on creation, checked before anything is made
 * (a business refusal keeps what was written before it): each the enterprise's own upload to that
 * page, not deleted and on no settlement yet; else 请上传附件后再保存.
 */
export async function generatedFilesOf(
  db: DbOrTx,
  owner: { tenantId: number; enterpriseId: number },
  addresses: readonly string[],
): Promise<FileRow[]> {
  const found: FileRow[] = [];
  for (const address of new Set(addresses)) {
    const ref = parseAddress(address);
    const [file] =
      ref?.tenantId === owner.tenantId
        ? await db
            .select()
            .from(files)
            .where(and(eq(files.tenantId, owner.tenantId), eq(files.fileKey, ref.fileKey)))
        : [];
    const [elsewhere] = file
      ? await db
          .select({ id: settlementAttachments.id })
          .from(settlementAttachments)
          .where(and(eq(settlementAttachments.tenantId, file.tenantId), eq(settlementAttachments.fileId, file.id)))
      : [];
    if (!file || !isOwnUpload(file, owner, ORDER_GENERATE_UPLOAD_PATH) || elsewhere)
      throw fail.validation(SETTLEMENT_DOCUMENT_MSG.attachmentFileNotYours);
    found.push(file);
  }
  return found;
}

/** The checked files of the 生成结算单 page become the new settlement's attachments. */
export async function attachGeneratedFiles(
  db: DbOrTx,
  settlement: SettlementRow,
  checked: readonly FileRow[],
  actor: AuditActor,
): Promise<void> {
  if (checked.length === 0) return;
  await db.insert(settlementAttachments).values(
    checked.map((file) => ({
      tenantId: settlement.tenantId,
      enterpriseId: settlement.enterpriseId,
      settlementId: settlement.id,
      fileId: file.id,
      name: file.fileName,
      type: SETTLEMENT_ATTACHMENT_TYPE,
      createdBy: actor.userId,
      createName: actor.name.slice(0, 64),
    })),
  );
  await addEvent(db, settlement, '上传附件', actor.name, checked.map((file) => file.fileName).join('、'));
}

/** POST attachment/delete {fileId, settId}: fileId is the attachment's id; it and its file are marked deleted. */
export async function deleteAttachment(
  services: Services,
  principal: Principal,
  input: { fileId: number; settId: number },
  actor: AuditActor,
) {
  const { db } = services.ctx;
  const row = await attachableSettlement(db, principal, input.settId);
  const [attachment] = await db
    .select()
    .from(settlementAttachments)
    .where(
      and(
        attachmentScope(principal),
        eq(settlementAttachments.id, input.fileId),
        eq(settlementAttachments.settlementId, row.id),
        eq(settlementAttachments.delFlag, 0),
      ),
    )
    .for('update');
  if (!attachment) throw fail.notFound(SETTLEMENT_DOCUMENT_MSG.attachmentNotFound);
  await db.update(settlementAttachments).set({ delFlag: 1 }).where(eq(settlementAttachments.id, attachment.id));
  // the file goes too, so the settlement's upload count frees a place
  await db
    .update(files)
    .set({ delFlag: 1 })
    .where(and(eq(files.tenantId, row.tenantId), eq(files.id, attachment.fileId)));
  await addEvent(db, row, '删除附件', actor.name, attachment.name);
  await writeAudit(db, actor, {
    action: 'settlement.attachment.delete',
    targetType: 'settlement',
    targetId: row.id,
    before: { attachmentId: attachment.id, fileId: attachment.fileId, delFlag: 0 },
    after: { delFlag: 1 },
  });
  return null;
}

/** Active attachments per settlement (the detail's attachmentCount). */
export async function attachmentCountOf(db: DbOrTx, settlementId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(settlementAttachments)
    .innerJoin(files, eq(files.id, settlementAttachments.fileId))
    .where(
      and(
        eq(settlementAttachments.settlementId, settlementId),
        eq(settlementAttachments.delFlag, 0),
        eq(files.delFlag, 0),
      ),
    );
  return row?.n ?? 0;
}

// ---- exports

type TaskExportFilters = z.output<typeof settlementTaskExportFiltersSchema>;
type RecordExportFilters = z.output<typeof settlementRecordExportFiltersSchema>;

async function exportLabels(db: DbOrTx, viewer: Viewer, settlementId: number) {
  const [row] = await db
    .select({ projectName: projects.projectName, visitTypeId: settlements.visitTypeId })
    .from(settlements)
    .innerJoin(projects, eq(projects.id, settlements.projectId))
    .where(and(scopeOf(viewer), eq(settlements.id, settlementId)));
  if (!row) throw fail.notFound(SETTLEMENT_MSG.notFound);
  return { projectName: row.projectName, serviceType: visitTypeOf(row.visitTypeId) };
}

const taskRowsOf = (db: DbOrTx, ids: readonly number[]) =>
  db
    .select({
      id: settlementTasks.id,
      settlementSn: settlements.settlementSn,
      taskSn: tasks.taskSn,
      title: tasks.title,
      projectName: projects.projectName,
      visitTypeId: tasks.visitTypeId,
      userName: persons.name,
      phone: persons.phone,
      orgName: tasks.orgName,
      productName: tasks.productName,
      status: tasks.status,
      auditStatus: tasks.auditStatus,
      endTime: tasks.endTime,
      actTime: tasks.actTime,
      priceFen: settlementTasks.priceFen,
    })
    .from(settlementTasks)
    .innerJoin(settlements, eq(settlements.id, settlementTasks.settlementId))
    .innerJoin(tasks, eq(tasks.id, settlementTasks.taskId))
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .leftJoin(persons, eq(persons.id, tasks.personId))
    .where(inArray(settlementTasks.id, [...ids]))
    .orderBy(asc(settlementTasks.id));
type TaskRow = Awaited<ReturnType<typeof taskRowsOf>>[number];

const taskExportWhere = (viewer: Viewer, filters: TaskExportFilters) =>
  and(
    enterpriseScope(viewer, settlementTasks.tenantId, settlementTasks.enterpriseId),
    eq(settlementTasks.settlementId, filters.id),
  );

/** exportTaskOfSett: the tasks a settlement settles, one row each. */
export const settlementTaskExport: ExportDefinition<TaskExportFilters, TaskRow> = {
  kind: 'settlement.tasks',
  downloadType: DOWNLOAD_TYPES.taskDetails,
  title: '结算任务明细',
  filters: settlementTaskExportFiltersSchema,
  columns: [
    { header: '结算单号', width: 24, value: (row) => row.settlementSn },
    { header: '任务编号', width: 22, value: (row) => row.taskSn },
    { header: '任务名称', width: 24, value: (row) => row.title },
    { header: '项目名称', width: 24, value: (row) => row.projectName },
    { header: '服务类型', width: 14, value: (row) => visitTypeOf(row.visitTypeId) },
    { header: '任务人员', width: 12, value: (row) => row.userName ?? '' },
    { header: '手机号码', width: 14, value: (row) => row.phone ?? '', mask: maskPhone },
    { header: '终端', width: 20, value: (row) => row.orgName },
    { header: '产品', width: 20, value: (row) => row.productName },
    { header: '任务状态', width: 10, value: (row) => statusLabel(TASK_STATUS, row.status) },
    { header: '审核状态', width: 10, value: (row) => statusLabel(TASK_AUDIT_STATUS, row.auditStatus) },
    { header: '完成时间', width: 20, value: (row) => row.actTime ?? row.endTime },
    { header: '结算金额(元)', width: 14, value: (row) => fenToYuan(row.priceFen) },
  ],
  labels: (db, viewer, filters) => exportLabels(db, viewer, filters.id),
  count: async (db, viewer, filters) =>
    (await db.select({ n: count() }).from(settlementTasks).where(taskExportWhere(viewer, filters)))[0].n,
  rows: (db, viewer, filters, windowRows) =>
    readAhead(
      async (afterId, limit) =>
        (
          await db
            .select({ id: settlementTasks.id })
            .from(settlementTasks)
            .where(and(taskExportWhere(viewer, filters), gt(settlementTasks.id, afterId)))
            .orderBy(asc(settlementTasks.id))
            .limit(limit)
        ).map((row) => row.id),
      (ids) => taskRowsOf(db, ids),
      windowRows,
    ),
};

const recordRowsOf = (db: DbOrTx, ids: readonly number[]) =>
  db
    .select({
      id: settlementLines.id,
      settlementSn: settlements.settlementSn,
      subOrderNum: settlementLines.subOrderNum,
      userName: persons.name,
      phone: persons.phone,
      idCard: persons.idCard,
      accountNo: settlementLines.accountNo,
      bankName: settlementLines.bankName,
      totalTask: settlementLines.totalTask,
      payFen: settlementLines.payFen,
      feeFen: settlementLines.feeFen,
      incomeTaxFen: settlementLines.incomeTaxFen,
      valueAddedTaxFen: settlementLines.valueAddedTaxFen,
      surchargeTaxFen: settlementLines.surchargeTaxFen,
      totalTaxFen: settlementLines.totalTaxFen,
      receivedFen: settlementLines.receivedFen,
      payStatus: settlementLines.payStatus,
      payTime: settlementLines.payTime,
      failureMsg: settlementLines.failureMsg,
    })
    .from(settlementLines)
    .innerJoin(settlements, eq(settlements.id, settlementLines.settlementId))
    .innerJoin(persons, eq(persons.id, settlementLines.personId))
    .where(inArray(settlementLines.id, [...ids]))
    .orderBy(asc(settlementLines.id));
type RecordRow = Awaited<ReturnType<typeof recordRowsOf>>[number];

const recordExportWhere = (viewer: Viewer, filters: RecordExportFilters) =>
  and(
    enterpriseScope(viewer, settlementLines.tenantId, settlementLines.enterpriseId),
    eq(settlementLines.settlementId, filters.settlementId),
  );

/** The per-person settlement records of a settlement (the records' download button). */
export const settlementRecordExport: ExportDefinition<RecordExportFilters, RecordRow> = {
  kind: 'settlement.records',
  downloadType: DOWNLOAD_TYPES.settlementDetails,
  title: '结算明细',
  filters: settlementRecordExportFiltersSchema,
  columns: [
    { header: '结算单号', width: 24, value: (row) => row.settlementSn },
    { header: '子结算单号', width: 26, value: (row) => row.subOrderNum },
    { header: '姓名', width: 12, value: (row) => row.userName },
    { header: '手机号码', width: 14, value: (row) => row.phone, mask: maskPhone },
    { header: '身份证号', width: 22, value: (row) => row.idCard ?? '', mask: maskIdCard },
    { header: '银行卡号', width: 24, value: (row) => row.accountNo, mask: maskBankCard },
    { header: '开户银行', width: 16, value: (row) => row.bankName },
    { header: '任务数', width: 8, value: (row) => row.totalTask },
    { header: '结算金额(元)', width: 14, value: (row) => fenToYuan(row.payFen) },
    { header: '服务费(元)', width: 12, value: (row) => fenToYuan(row.feeFen) },
    { header: '个税(元)', width: 12, value: (row) => fenToYuan(row.incomeTaxFen) },
    { header: '增值税(元)', width: 12, value: (row) => fenToYuan(row.valueAddedTaxFen) },
    { header: '附加税(元)', width: 12, value: (row) => fenToYuan(row.surchargeTaxFen) },
    { header: '税费合计(元)', width: 12, value: (row) => fenToYuan(row.totalTaxFen) },
    { header: '实发金额(元)', width: 14, value: (row) => fenToYuan(row.receivedFen) },
    {
      header: '结算状态',
      width: 10,
      value: (row) => statusLabel(SETTLEMENT_RECORD_PAY_STATUS, row.payStatus) || '待发放',
    },
    { header: '结算时间', width: 20, value: (row) => row.payTime },
    { header: '备注', width: 30, value: (row) => row.failureMsg },
  ],
  labels: (db, viewer, filters) => exportLabels(db, viewer, filters.settlementId),
  count: async (db, viewer, filters) =>
    (await db.select({ n: count() }).from(settlementLines).where(recordExportWhere(viewer, filters)))[0].n,
  rows: (db, viewer, filters, windowRows) =>
    readAhead(
      async (afterId, limit) =>
        (
          await db
            .select({ id: settlementLines.id })
            .from(settlementLines)
            .where(and(recordExportWhere(viewer, filters), gt(settlementLines.id, afterId)))
            .orderBy(asc(settlementLines.id))
            .limit(limit)
        ).map((row) => row.id),
      (ids) => recordRowsOf(db, ids),
      windowRows,
    ),
};

// ---- routes

/** 对账确认单_JS….pdf arrives whole in every browser; settlement.pdf for those that read only the ASCII name. */
const pdfDisposition = (fileName: string) => contentDisposition('attachment', fileName, 'settlement.pdf');

/**
 * The calls of the settlement documents. The two PDF downloads stream files: they are documented
 * hand-registered routes (http/operation.ts); the rest are operations.
 */
export function registerSettlementDocumentRoutes(deps: RouteDeps): void {
  const { app, services } = deps;
  const db = () => services.ctx.db;
  registerOperation(
    app,
    statementCreateOperation,
    async (body, request) => requestStatement(services, principalOf(request), body.id, actorOf(request)),
    { message: MSG.statementGenerating },
  );
  registerOperation(app, statementOverviewOperation, async (query, request) =>
    statementOverview(db(), principalOf(request), query.id),
  );
  app.get(
    SETTLEMENT_DOCUMENT_PATHS.statementDownload,
    {
      config: { access: { permission: 'settlement:list:view' } },
      schema: {
        tags: ['结算'],
        summary: '下载对账确认单（PDF；未生成时 404 无效文件）',
        querystring: statementDownloadQuerySchema,
      },
    },
    async (request, reply) => {
      const { id } = request.query as z.output<typeof statementDownloadQuerySchema>;
      const file = await openStatement(services, principalOf(request), id);
      return reply
        .type('application/pdf')
        .header('content-disposition', pdfDisposition(file.fileName))
        .header('content-length', String(file.size))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
  app.get(
    SETTLEMENT_DOCUMENT_PATHS.voucherDownload,
    {
      config: { access: { permission: 'settlement:list:view' } },
      schema: {
        tags: ['结算'],
        summary:
          '下载结算凭证（PDF；type 1 付款金额汇总单，type 3 个人付款明细单，lineId 为一人；仅招商银行付款、审核通过且已付款的结算单）',
        querystring: voucherDownloadQuerySchema,
      },
    },
    async (request, reply) => {
      const query = request.query as z.output<typeof voucherDownloadQuerySchema>;
      const { bytes, fileName } = await voucherPdf(services, principalOf(request), query);
      return reply
        .type('application/pdf')
        .header('content-disposition', pdfDisposition(fileName))
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
  registerOperation(app, settlementAttachmentListOperation, async (query, request) =>
    listAttachments(db(), principalOf(request), query.id),
  );
  registerOperation(
    app,
    settlementAttachmentSaveOperation,
    async (body, request) => saveAttachment(services, principalOf(request), body, actorOf(request)),
    { message: SETTLEMENT_DOCUMENT_MSG.attachmentSaved },
  );
  registerOperation(
    app,
    settlementAttachmentDeleteOperation,
    async (body, request) => deleteAttachment(services, principalOf(request), body, actorOf(request)),
    { message: MSG.deleteSuccess },
  );
  registerExportRoute(deps, exportTaskOfSettOperation, settlementTaskExport.kind);
  registerExportRoute(deps, exportSettlementRecordsOperation, settlementRecordExport.kind);
}
