/** Rows the settlement screens' tests show, in the shapes the server answers. */
import type { SettlementDetail, SettlementLine, SettlementRecord } from '@fieldpay/domain';
import { vi } from 'vitest';

/**
 * `./settlement-calls` and `./settlement-documents-calls` with every call a mock and the query keys
 * kept: `const { api, documents } = await vi.hoisted(async () => (await import('./settlement-fixtures')).mockSettlementCalls());`
 * then `vi.mock('./settlement-calls', () => api)` and `vi.mock('./settlement-documents-calls', () => documents)`.
 */
export const mockSettlementCalls = () => ({
  api: {
    SETTLEMENT_KEY: ['settlements'],
    SETTLEMENT_LIST_KEY: ['settlements', 'list'],
    APPLY_SETTLEMENT_KEY: ['settlements', 'apply'],
    settlementDetailKey: (id: number) => ['settlements', 'detail', id],
    settlementTimelineKey: (id: number) => ['settlements', 'timeline', id],
    settlementRecordsKey: (id: number) => ['settlements', 'records', id],
    personSettlementsKey: (id: number) => ['settlements', 'person', id],
    maxSelectTimeKey: (id: number) => ['settlements', 'maxSelectTime', id],
    enterpriseBriefKey: (id: number, tenantId: number | undefined) => [
      'settlements',
      'enterprise',
      id,
      tenantId ?? null,
    ],
    parentProjectTypesKey: (id: number) => ['settlements', 'parentProjectTypes', id],
    fetchMaxSelectTime: vi.fn(),
    fetchEnterpriseBrief: vi.fn(),
    fetchParentProjectTypes: vi.fn(),
    fetchPersonSettlements: vi.fn(),
    fetchSettlements: vi.fn(),
    fetchApplySettlements: vi.fn(),
    fetchSettlementDetail: vi.fn(),
    fetchSettlementTimeline: vi.fn(),
    fetchSettlementRecords: vi.fn(),
    fetchSettlementProcess: vi.fn(),
    fetchReissueInfo: vi.fn(),
    reissueLine: vi.fn(),
    auditSettlement: vi.fn(),
  },
  documents: {
    exportSettlementTasks: vi.fn(),
    exportSettlementRecords: vi.fn(),
    generateStatement: vi.fn(),
    statementOverviewKey: (id: number) => ['settlements', 'statementOverview', id],
    fetchStatementOverview: vi.fn(),
    downloadStatement: vi.fn(),
    downloadVoucher: vi.fn(),
    downloadAttachmentZip: vi.fn(),
    settlementAttachmentsKey: (id: number) => ['settlements', 'attachments', id],
    listSettlementAttachments: vi.fn(),
    saveSettlementAttachment: vi.fn(),
    deleteSettlementAttachment: vi.fn(),
  },
});

const at = (text: string) => new Date(`${text}+08:00`).getTime();

export function settlementRow(id: number, extra: Partial<SettlementRecord> = {}): SettlementRecord {
  return {
    id,
    settlementSn: `JS2026112000${id}`,
    projectId: 7,
    projectName: '全渠道终端服务示范项目',
    visitTypeId: 'p-bf',
    visitTypeValue: '拜访',
    enterpriseId: 9,
    enterpriseName: '杭州星联医药科技有限公司',
    tenantId: 3,
    tenantName: '华东众包服务平台',
    amount: '1060.00',
    fee: '60.00',
    totalTask: 4,
    totalPersonNum: 2,
    settlementNum: 0,
    unSettlementNum: 2,
    unPayAmount: '1000.00',
    auditStatus: 1,
    auditStatusLabel: '待审核',
    payStatus: 0,
    payStatusLabel: '未结算',
    enterprisePayStatus: 0,
    enterprisePayStatusLabel: '未结算',
    billStatus: 0,
    voucherStatus: 0,
    bankNo: null,
    bankNo_dictText: '',
    taxModel: 0,
    yurref: '',
    sourceType: 1,
    createName: '周敏',
    createTime: at('2026-11-20T09:30:00'),
    auditUserName: '',
    auditTime: null,
    enterprisePayTime: null,
    settlementTime: null,
    revokeTime: null,
    remarks: '',
    ...extra,
  };
}

export function settlementDetail(id: number, extra: Partial<SettlementDetail> = {}): SettlementDetail {
  return {
    ...settlementRow(id),
    pendingPersonNum: 2,
    pendingAmount: '1000.00',
    pendingTaskNum: 4,
    platformFee: '1000.00',
    attachmentCount: 1,
    payTime: null,
    payPhone: '',
    ...extra,
  };
}

export function settlementLine(id: number, extra: Partial<SettlementLine> = {}): SettlementLine {
  return {
    id,
    settlementId: 5,
    settlementSn: 'JS20261120005',
    projectId: 7,
    userId: 40 + id,
    userName: `张${id}`,
    phone: '138****0001',
    idCard: '330***********1234',
    accountNo: '6222 **** **** 1234',
    bankName: '中国工商银行',
    amount: '500.00',
    fee: '30.00',
    subOrderNum: `JS20261120005-0${id}`,
    totalTask: 2,
    isSuccess: 1,
    thirdResponseMsg: '',
    thirdPayStatus: 2,
    payStatus: 1,
    payStatusLabel: '结算成功',
    payTime: at('2026-11-21T10:00:00'),
    payProcessed: 1,
    remarks: '',
    updateTime: at('2026-11-21T10:00:00'),
    totalTaxAmount: '12.00',
    individualIncomeTax: '0.00',
    valueAddedTax: '10.00',
    surchargeTax: '2.00',
    receivedAmount: '488.00',
    ...extra,
  };
}
