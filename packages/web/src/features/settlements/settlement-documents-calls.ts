/**
 * The calls of a settlement's documents (spec 2 §7; decision 0024): the reconciliation statement
 * (its overview for the preview, generate, download), the voucher PDFs, the attachments, and the two exports. The PDFs are files,
 * not envelopes, so they come through the raw client's download (a JSON refusal in the blob is shown
 * as a warning by the request layer).
 */
import {
  exportSettlementRecordsOperation,
  MSG,
  exportTaskOfSettOperation,
  SETTLEMENT_DOCUMENT_PATHS,
  type SettlementAttachment,
  type SettlementVoucherType,
  settlementAttachmentDeleteOperation,
  settlementAttachmentListOperation,
  settlementAttachmentSaveOperation,
  type StatementOverview,
  statementCreateOperation,
  statementOverviewOperation,
} from '@fieldpay/domain';
import { saveBlob } from '../../app/save-blob';
import { call, callWithMessage, http } from '../../app/api-client';
import { submitExport } from '../../app/export-calls';
import { notifier } from '../../app/notify';

export const settlementAttachmentsKey = (settlementId: number) => ['settlements', 'attachments', settlementId] as const;

/** POST pdf/create: answers the server's message (正在生成确认单，请稍后进行下载；). */
export async function generateStatement(id: number): Promise<string> {
  return (await callWithMessage(statementCreateOperation, { id })).message;
}

export const statementOverviewKey = (settlementId: number) =>
  ['settlements', 'statementOverview', settlementId] as const;

/** GET pdf/overview: the statement's head, shown by the 任务对账单预览 before it is made. */
export const fetchStatementOverview = (id: number): Promise<StatementOverview> =>
  call(statementOverviewOperation, { id });

/** GET pdf/download: saves 对账确认单_{settlementSn}.pdf. */
export async function downloadStatement(settlement: { id: number; settlementSn: string }): Promise<void> {
  const { blob, fileName } = await http.download(SETTLEMENT_DOCUMENT_PATHS.statementDownload, { id: settlement.id });
  saveBlob(blob, fileName ?? `对账确认单_${settlement.settlementSn}.pdf`);
}

export interface VoucherRequest {
  id: number;
  type: SettlementVoucherType;
  /** type 3 for one person's line */
  lineId?: number;
  /** the file name, without .pdf */
  name: string;
}

/** GET voucher/download: saves the voucher sheet as `{name}.pdf`. */
export async function downloadVoucher(request: VoucherRequest): Promise<void> {
  const params: Record<string, string | number> = { id: request.id, type: request.type, name: request.name };
  if (request.lineId !== undefined) params.lineId = request.lineId;
  const { blob, fileName } = await http.download(SETTLEMENT_DOCUMENT_PATHS.voucherDownload, params);
  saveBlob(blob, fileName ?? `${request.name}.pdf`);
}

export async function listSettlementAttachments(settlementId: number): Promise<SettlementAttachment[]> {
  return (await call(settlementAttachmentListOperation, { id: settlementId })).list;
}

/** Attaches a file uploaded with uploadPath settlement and the settlement's id. */
export async function saveSettlementAttachment(settId: number, address: string): Promise<SettlementAttachment> {
  return call(settlementAttachmentSaveOperation, { settId, address });
}

/** Deletes an attachment (its id as fileId); answers the server's message (删除成功). */
export async function deleteSettlementAttachment(settId: number, attachmentId: number): Promise<string> {
  return (await callWithMessage(settlementAttachmentDeleteOperation, { fileId: attachmentId, settId })).message;
}

/** exportTaskOfSett: the settlement's tasks to the download cache (下载任务已提交…). */
export function exportSettlementTasks(id: number): Promise<number> {
  return submitExport(exportTaskOfSettOperation, { id });
}

/** The per-person records of a settlement to the download cache (settlement:Infor:download). */
export function exportSettlementRecords(settlementId: number, unmaskToken?: string | null): Promise<number> {
  return submitExport(exportSettlementRecordsOperation, { settlementId }, unmaskToken);
}

/**
 * GET exportAttachmentZip: a settlement's attachments (`id`) or the photos of one person's tasks in
 * it (`subOrderId`), saved under the server's name (确认单附件.zip … 子结算单附件.zip). Nothing in it:
 * 无数据 (the server's refusal, or an empty answer).
 */
export async function downloadAttachmentZip(order: { id: number } | { subOrderId: number }): Promise<void> {
  const { blob, fileName } = await http.download(SETTLEMENT_DOCUMENT_PATHS.attachmentZip, order);
  if (blob.size === 0) {
    notifier().warning(MSG.noData);
    return;
  }
  saveBlob(blob, fileName ?? `${'id' in order ? '结算单附件' : '子结算单附件'}.zip`);
}
