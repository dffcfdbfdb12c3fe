/**
 * The documents of a settlement (spec 2 §2.1, §2.2, §4, §5, §7, §8; decision 0024): the
 * reconciliation statement (对账确认单, a PDF a job makes: voucherStatus 0 -> 1 -> 2), the
 * settlement voucher (type 1 the payment-amount summary sheet, type 3 the per-person payment detail
 * sheet), the attachments the enterprise adds while the settlement waits for its audit, and the two
 * exports (the settlement's tasks, its per-person records) through the download cache.
 */
import { z } from 'zod';
import { recordIdSchema } from '../api/ids';
import { defineOperation } from '../api/operation';
import { defineExportOperation } from '../exports/operations';

/** The PDF streams are files, not envelopes: the server registers them by hand, the web downloads them. */
export const SETTLEMENT_DOCUMENT_PATHS = {
  statementDownload: '/api/sys/order/pdf/download',
  voucherDownload: '/api/sys/order/voucher/download',
  attachmentZip: '/api/sys/order/exportAttachmentZip',
} as const;

/** Settlement voucher kinds (spec 2 §7 voucher download type). */
export const SETTLEMENT_VOUCHER_TYPES = {
  1: '付款金额汇总单',
  3: '个人付款明细单',
} as const;
export type SettlementVoucherType = 1 | 3;

/** The attachment type of a settlement's files (spec 2 §5 "type 1": the default attachment rule). */
export const SETTLEMENT_ATTACHMENT_TYPE = 1;

/** Messages of the settlement documents beyond the catalogue's (MSG.statementGenerating, MSG.invalidFile…). */
export const SETTLEMENT_DOCUMENT_MSG = {
  voucherUnavailable: '仅招商银行付款且审核通过、已付款的结算单可下载结算凭证',
  voucherLineNotPaid: '该笔发放尚未成功，暂无个人付款明细单',
  voucherNoPaidLine: '该结算单暂无发放成功的人员',
  attachmentNotAllowed: '仅待审核的结算单可由企业上传或删除附件',
  attachmentNotFound: '附件不存在或已删除',
  attachmentFileNotYours: '请上传附件后再保存',
  attachmentSaved: '上传成功',
} as const;

export const statementCreateOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/order/pdf/create',
  tag: '结算',
  summary: '生成对账确认单（企业端；企业已付款且未生成：对账单状态 0→1，由后台任务生成 PDF 后为 2）',
  access: { permission: 'settlement:list:view' },
  input: z.object({ id: recordIdSchema() }),
  answer: z.object({ id: z.number().int(), voucherStatus: z.number().int() }),
});

/**
 * The settlement overview (spec 2 §3 "Settlement overview (summary)"): the head of the
 * reconciliation statement, which the 任务对账单预览 shows before the statement is made.
 * projectDate is the project's period in China dates ('2026-11-01 至 2026-11-30', empty without one);
 * money is the settlement's amount and fee the service fee inside it, yuan.
 */
export const statementOverviewSchema = z.object({
  settlementId: z.number().int(),
  settlementSn: z.string(),
  enterpriseName: z.string(),
  tenantName: z.string(),
  projectName: z.string(),
  projectDate: z.string(),
  money: z.string(),
  fee: z.string(),
});
export type StatementOverview = z.infer<typeof statementOverviewSchema>;

export const statementOverviewOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/order/pdf/overview',
  tag: '结算',
  summary: '对账单概要（企业名称、所属平台、项目名称、项目周期、结算金额、服务费；任务对账单预览）',
  access: { permission: 'settlement:list:view' },
  input: z.object({ id: recordIdSchema() }),
  answer: statementOverviewSchema,
});

/** The fixed wording of the statement (its PDF and its preview): what the two parties confirm. */
export const STATEMENT_CONFIRMATION_TEXT =
  '经企业与平台双方核对，确认本结算单所列任务、人员及结算金额无误，结算金额含平台服务费。';

/** Query of the statement download (a PDF stream, registered by hand). */
export const statementDownloadQuerySchema = z.object({ id: recordIdSchema() });

/**
 * Query of the attachment zip (spec 3 §6; decision 0045): a settlement by `id`, or one person's
 * line of it (a sub-order) by `subOrderId`; exactly one of them.
 */
export const attachmentZipQuerySchema = z
  .object({ id: recordIdSchema().optional(), subOrderId: recordIdSchema().optional() })
  .refine((query) => (query.id === undefined) !== (query.subOrderId === undefined), {
    message: '请指定结算单（id）或子结算单（subOrderId）其中之一',
    path: ['id'],
  });

/**
 * The attachment zip's file name (spec 3 §6: 确认单附件, 子确认单附件, 结算单附件, 子结算单附件). Until the
 * platform approves it a settlement is the enterprise's confirmation order (确认单), once approved
 * (auditStatus 2) a settlement order (结算单); one person's line of it is a sub-order (子…).
 */
export function attachmentZipTitle(auditStatus: number, subOrder: boolean): string {
  const order = auditStatus === 2 ? '结算单' : '确认单';
  return `${subOrder ? '子' : ''}${order}附件`;
}

/** Query of the voucher download (a PDF stream, registered by hand). */
export const voucherDownloadQuerySchema = z.object({
  id: recordIdSchema(),
  type: z.coerce
    .number()
    .int()
    .refine((type) => type === 1 || type === 3, '凭证类型不正确'),
  /** type 3: one person's line; absent, every line paid out successfully */
  lineId: recordIdSchema().optional(),
  /** the file name the dialog asks for (without .pdf); the server's own otherwise */
  name: z.string().trim().max(64).optional(),
});

/** One attachment of a settlement (spec 2 §3 "Settlement attachment": id, name / fileName, address, type). */
export const settlementAttachmentSchema = z.object({
  id: z.number().int(),
  settId: z.number().int(),
  fileId: z.number().int(),
  name: z.string(),
  fileName: z.string(),
  address: z.string(),
  type: z.number().int(),
  fileType: z.string(),
  fileSize: z.number().int(),
  createName: z.string(),
  createTime: z.number().int(),
});
export type SettlementAttachment = z.infer<typeof settlementAttachmentSchema>;

export const settlementAttachmentListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/order/queryfile',
  tag: '结算',
  summary: '结算单附件列表（result.list）',
  access: { permission: 'settlement:list:view' },
  input: z.object({ id: recordIdSchema() }),
  answer: z.object({ list: z.array(settlementAttachmentSchema) }),
});

export const settlementAttachmentSaveOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/order/attachment/save',
  tag: '结算',
  summary:
    '结算单添加附件（企业端，结算单待审核；文件先经 /api/resource/upload/upload 以 uploadPath=settlement、id=结算单ID 上传）',
  access: { permission: 'settlement:list:view' },
  input: z.object({ settId: recordIdSchema(), address: z.string().trim().min(1).max(200) }),
  answer: settlementAttachmentSchema,
});

export const settlementAttachmentDeleteOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/order/attachment/delete',
  tag: '结算',
  summary: '删除结算单附件（企业端，结算单待审核；标记删除）',
  access: { permission: 'settlement:list:view' },
  input: z.object({ fileId: recordIdSchema(), settId: recordIdSchema() }),
  answer: z.null(),
});

/** The upload folder of settlement attachments: the server counts a settlement's files by it. */
export const SETTLEMENT_ATTACHMENT_UPLOAD_PATH = 'settlement';

/**
 * The upload folder of the 生成结算单 page's attachments (the order-generation page), before the
 * settlement exists: the page uploads them under its own batch id and names them on creation, when
 * they become the new settlement's attachments.
 */
export const ORDER_GENERATE_UPLOAD_PATH = 'orderGenerate';

export const settlementTaskExportFiltersSchema = z.object({ id: recordIdSchema() });
export const settlementRecordExportFiltersSchema = z.object({ settlementId: recordIdSchema() });

export const exportTaskOfSettOperation = defineExportOperation({
  path: '/api/sys/order/exportTaskOfSett',
  tag: '结算',
  summary: '导出结算单的任务明细',
  filters: settlementTaskExportFiltersSchema,
  permission: 'settlement:list:view',
});

export const exportSettlementRecordsOperation = defineExportOperation({
  path: '/api/sys/order/exportSettlementRecords',
  tag: '结算',
  summary: '导出结算明细（每人一行；身份证号、银行卡号脱敏，带脱敏令牌时为明文）',
  filters: settlementRecordExportFiltersSchema,
  permission: 'settlement:Infor:download',
});
