/** The invoice screens' calls and query keys (spec 2 §2.6, §7; spec 3 §2, §5). */
import {
  invoiceApplyOperation,
  invoiceCompanyListOperation,
  invoiceableSettlementsOperation,
  invoiceDetailOperation,
  invoiceExportOperation,
  invoiceInfoOperation,
  invoiceInfoRecordsOperation,
  invoiceInfoSaveOperation,
  invoiceListOperation,
  invoiceReceiptOperation,
  invoiceSettlementsOperation,
  invoiceStatusUpdateOperation,
  type OperationInput,
  settlementInvoiceOperation,
} from '@fieldpay/domain';
import { call, callWithMessage } from '../../app/api-client';
import { submitExport } from '../../app/export-calls';

/** Every invoice query: invalidate it after an invoice changed (applied, updated, received). */
export const INVOICE_KEY = ['invoices'] as const;
export const INVOICE_LIST_KEY = ['invoices', 'list'] as const;
export const invoiceDetailKey = (id: number) => ['invoices', 'detail', id] as const;
export const invoiceSettlementsKey = (id: number) => ['invoices', 'settlements', id] as const;
export const INVOICEABLE_SETTLEMENTS_KEY = ['invoices', 'invoiceable'] as const;
/** The enterprise's own invoice info without a companyId (enterprise side). */
export const invoiceInfoKey = (companyId?: number) => ['invoices', 'info', companyId ?? null] as const;

/** The invoice a settlement is on (its detail's 关联发票). */
export const settlementInvoiceKey = (settlementId: number) => ['invoices', 'of-settlement', settlementId] as const;

export const fetchSettlementInvoice = (settId: number) => call(settlementInvoiceOperation, { settId });

export const fetchInvoices = (query: OperationInput<typeof invoiceListOperation>) => call(invoiceListOperation, query);

/** One company's invoices, a page at a time (the enterprise info's 开票信息). */
export const companyInvoicesKey = (companyId: number, pageNo: number) =>
  ['invoices', 'company', companyId, pageNo] as const;

export const fetchCompanyInvoices = (query: OperationInput<typeof invoiceCompanyListOperation>) =>
  call(invoiceCompanyListOperation, query);

/** Silent: the detail view shows 发票不存在 itself. */
export const fetchInvoiceDetail = (id: number) => call(invoiceDetailOperation, { id }, { silent: true });

export const fetchInvoiceSettlements = (id: number, pageNo: number, pageSize: number) =>
  call(invoiceSettlementsOperation, { id, pageNo, pageSize });

/** The enterprise's settled statements not yet on an invoice (申请开票). */
export const fetchInvoiceableSettlements = (query: OperationInput<typeof invoiceableSettlementsOperation>) =>
  call(invoiceableSettlementsOperation, query);

/** 申请开票; answers the server's words (开票申请已提交…). */
export async function applyInvoice(body: OperationInput<typeof invoiceApplyOperation>): Promise<string> {
  return (await callWithMessage(invoiceApplyOperation, body)).message;
}

/** 状态更新 / 编辑状态信息; answers the server's words. */
export async function updateInvoiceStatus(body: OperationInput<typeof invoiceStatusUpdateOperation>): Promise<string> {
  return (await callWithMessage(invoiceStatusUpdateOperation, body)).message;
}

/** 查收 of pending invoices; answers the server's words. */
export async function confirmInvoiceReceipt(ids: number[]): Promise<string> {
  return (await callWithMessage(invoiceReceiptOperation, { ids })).message;
}

export const fetchInvoiceInfo = (companyId?: number) =>
  call(invoiceInfoOperation, companyId === undefined ? {} : { companyId });

/** 编辑开票信息; answers the server's words (保存成功). */
export async function saveInvoiceInfo(body: OperationInput<typeof invoiceInfoSaveOperation>): Promise<string> {
  return (await callWithMessage(invoiceInfoSaveOperation, body)).message;
}

/** 导出发票: the invoice's sheet, made in the background for the download list. */
export const exportInvoice = (id: number): Promise<number> => submitExport(invoiceExportOperation, { id });

/** 修改记录 of the invoice info, a page at a time. */
export const invoiceInfoRecordsKey = (companyId: number | undefined, pageNo: number) =>
  ['invoices', 'info-records', companyId ?? null, pageNo] as const;

export const fetchInvoiceInfoRecords = (query: OperationInput<typeof invoiceInfoRecordsOperation>) =>
  call(invoiceInfoRecordsOperation, query);
