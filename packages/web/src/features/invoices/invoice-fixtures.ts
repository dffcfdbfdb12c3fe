/** Rows the invoice screens' tests show, in the shapes the server answers. */
import type { InvoiceDetail, InvoiceInfo, InvoiceRecord, InvoiceSettlement } from '@fieldpay/domain';
import { vi } from 'vitest';

/**
 * `./invoice-calls` with every call a mock and the query keys kept:
 * `const api = await vi.hoisted(async () => (await import('./invoice-fixtures')).mockInvoiceCalls());`
 * then `vi.mock('./invoice-calls', () => api)`.
 */
export const mockInvoiceCalls = () => ({
  INVOICE_KEY: ['invoices'],
  INVOICE_LIST_KEY: ['invoices', 'list'],
  INVOICEABLE_SETTLEMENTS_KEY: ['invoices', 'invoiceable'],
  invoiceDetailKey: (id: number) => ['invoices', 'detail', id],
  invoiceSettlementsKey: (id: number) => ['invoices', 'settlements', id],
  invoiceInfoKey: (companyId?: number) => ['invoices', 'info', companyId ?? null],
  settlementInvoiceKey: (settlementId: number) => ['invoices', 'of-settlement', settlementId],
  fetchSettlementInvoice: vi.fn(),
  invoiceInfoRecordsKey: (companyId: number | undefined, pageNo: number) => [
    'invoices',
    'info-records',
    companyId ?? null,
    pageNo,
  ],
  fetchInvoiceInfoRecords: vi.fn(),
  exportInvoice: vi.fn(),
  fetchInvoices: vi.fn(),
  companyInvoicesKey: (companyId: number, pageNo: number) => ['invoices', 'company', companyId, pageNo],
  fetchCompanyInvoices: vi.fn(),
  fetchInvoiceDetail: vi.fn(),
  fetchInvoiceSettlements: vi.fn(),
  fetchInvoiceableSettlements: vi.fn(),
  applyInvoice: vi.fn(),
  updateInvoiceStatus: vi.fn(),
  confirmInvoiceReceipt: vi.fn(),
  fetchInvoiceInfo: vi.fn(),
  saveInvoiceInfo: vi.fn(),
});

export const at = (text: string) => new Date(`${text}+08:00`).getTime();

export function invoiceRow(id: number, extra: Partial<InvoiceRecord> = {}): InvoiceRecord {
  return {
    id,
    invoiceSn: `FP2026112000${id}`,
    invoiceName: '杭州星联医药科技有限公司',
    invoicePrice: '1060.00',
    enterpriseId: 9,
    enterpriseName: '杭州星联医药科技有限公司',
    tenantId: 3,
    tenantName: '华东众包服务平台',
    invoiceType: 1,
    invoiceSendingType: 1,
    invoiceSendStatus: 1,
    invoiceSendStatus_dictText: '待发送',
    invoiceRecipientStatus: 0,
    invoiceRecipientStatus_dictText: '待开票',
    createTime: at('2026-11-20T09:30:00'),
    createName: '周敏',
    invoiceTime: null,
    invoiceNum: '',
    settlementNum: 2,
    ...extra,
  };
}

/** A sent paper invoice: two invoice numbers, one express number, an image and a PDF. */
export function invoiceDetail(id: number, extra: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return {
    ...invoiceRow(id, {
      invoiceSendStatus: 2,
      invoiceSendStatus_dictText: '已发送',
      invoiceRecipientStatus: 1,
      invoiceRecipientStatus_dictText: '待查收',
      invoiceTime: at('2026-11-21T10:00:00'),
      invoiceNum: '04400001，04400002',
    }),
    taxpayerNumber: '91330100MA2XXXXX1K',
    mobile: '0571-88880000',
    enterpriseAddress: '杭州市西湖区文三路 100 号',
    bankName: '中国工商银行杭州分行',
    bankCard: '6222020000000001234',
    invoiceCategory: '现代服务*企业管理服务',
    recipient: '王芳',
    recipientPhone: '13800000002',
    recipientAddress: '杭州市滨江区网商路 1 号',
    recipientEmail: '',
    remarks: '',
    invoiceUserName: '李开票',
    receiveTime: null,
    receiveUserName: '',
    bizSn: [
      { type: 1, bizSn: '04400001' },
      { type: 1, bizSn: '04400002' },
      { type: 2, bizSn: 'SF1234567890' },
    ],
    expressNum: 'SF1234567890',
    picAddress: [
      { id: 1, name: '发票一.png', address: '/api/resource/file/3/INVOICE000000000001', fileType: 'png' },
      { id: 2, name: '发票二.pdf', address: '/api/resource/file/3/INVOICE000000000002', fileType: 'pdf' },
    ],
    records: [
      { id: 1, action: '申请开票', content: '', userName: '周敏', createTime: at('2026-11-20T09:30:00') },
      {
        id: 2,
        action: '状态更新',
        content: '发票号码：04400001，04400002',
        userName: '李开票',
        createTime: at('2026-11-21T10:00:00'),
      },
    ],
    ...extra,
  };
}

export function invoiceSettlement(id: number, extra: Partial<InvoiceSettlement> = {}): InvoiceSettlement {
  return {
    id,
    settlementSn: `JS2026111000${id}`,
    projectId: 7,
    projectName: '全渠道终端服务示范项目',
    visitTypeValue: '拜访',
    amount: '530.00',
    createTime: at('2026-11-10T09:00:00'),
    settlementTime: at('2026-11-12T15:00:00'),
    ...extra,
  };
}

export function invoiceInfo(extra: Partial<InvoiceInfo> = {}): InvoiceInfo {
  return {
    companyId: 9,
    companyName: '杭州星联医药科技有限公司',
    taxNumber: '91330100MA2XXXXX1K',
    companyAddress: '杭州市西湖区文三路 100 号',
    companyPhone: '0571-88880000',
    bankDeposit: '中国工商银行杭州分行',
    bankAccount: '6222020000000001234',
    createName: '周敏',
    createTime: at('2026-11-01T09:00:00'),
    ...extra,
  };
}
