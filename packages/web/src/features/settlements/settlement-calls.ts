/** The settlement list's, detail's and records' calls and query keys (spec 2 §7). */
import {
  applySettlementListOperation,
  auditSettlementOperation,
  confirmSettlementDetailListOperation,
  enterpriseBriefOperation,
  maxSelectTimeOperation,
  type ParentProjectType,
  parentProjectTypesOperation,
  personSettlementPageOperation,
  type OperationInput,
  reissueInfoOperation,
  reissueOperation,
  settlementDetailOperation,
  settlementPageOperation,
  settlementProcessOperation,
  settlementRecordsOperation,
  settlementTimelineOperation,
} from '@fieldpay/domain';
import { call, callWithMessage } from '../../app/api-client';

export const SETTLEMENT_LIST_KEY = ['settlements', 'list'] as const;
export const SETTLEMENT_KEY = ['settlements'] as const;
export const settlementDetailKey = (id: number) => ['settlements', 'detail', id] as const;
export const settlementTimelineKey = (id: number) => ['settlements', 'timeline', id] as const;
export const settlementRecordsKey = (id: number) => ['settlements', 'records', id] as const;

export const APPLY_SETTLEMENT_KEY = ['settlements', 'apply'] as const;

/** The enterprise-settlement variant: paid-out and pending persons per statement. */
export const fetchApplySettlements = (query: OperationInput<typeof applySettlementListOperation>) =>
  call(applySettlementListOperation, query);

export const fetchSettlements = (query: OperationInput<typeof settlementPageOperation>) =>
  call(settlementPageOperation, query);

/** Silent: the detail view shows 结算单不存在 itself. */
export const fetchSettlementDetail = (settlementId: number) =>
  call(settlementDetailOperation, { settlementId }, { silent: true });

export const fetchSettlementTimeline = (settlementId: number) => call(settlementTimelineOperation, { settlementId });

export const fetchSettlementLines = (settlementId: number) =>
  call(confirmSettlementDetailListOperation, { settlementId });

export const fetchSettlementRecords = (query: OperationInput<typeof settlementRecordsOperation>) =>
  call(settlementRecordsOperation, query);

/** A line's instructions through its settlement's paying bank (the call's default, CMB, when it has none yet). */
export const fetchSettlementProcess = (settlementDetailId: number, bankNo: string | null) =>
  call(settlementProcessOperation, { settlementDetailId, ...(bankNo ? { bankNo } : {}) });

export const fetchReissueInfo = (settlementDetailId: number) => call(reissueInfoOperation, { settlementDetailId });

/** Re-issues a failed line; answers the server's words (已重新发放). */
export async function reissueLine(id: number): Promise<string> {
  return (await callWithMessage(reissueOperation, { id })).message;
}

/** 通过 (2), 驳回 (3) or 撤回 (-1); answers the server's words. */
export async function auditSettlement(body: OperationInput<typeof auditSettlementOperation>): Promise<string> {
  return (await callWithMessage(auditSettlementOperation, body)).message;
}

export const personSettlementsKey = (userId: number) => ['settlements', 'person', userId] as const;

/** A person's paid lines across settlements (the personal settlement list, spec 2 §2.4). */
export const fetchPersonSettlements = (userId: number, pageNo: number, pageSize: number) =>
  call(personSettlementPageOperation, { userId, isPay: 1, pageNo, pageSize });

export const maxSelectTimeKey = (enterpriseId: number) => ['settlements', 'maxSelectTime', enterpriseId] as const;

/** The enterprise's maximum selectable time (China time text), the cap of the enterprise side's date pickers. */
export const fetchMaxSelectTime = (enterpriseId: number) => call(maxSelectTimeOperation, { enterpriseId });

export const enterpriseBriefKey = (enterpriseId: number, tenantId: number | undefined) =>
  ['settlements', 'enterprise', enterpriseId, tenantId ?? null] as const;

/** The enterprise a list embedded under it is about: its name, its platform and its contact phone (masked). */
export const fetchEnterpriseBrief = (enterpriseId: number, tenantId: number | undefined) =>
  call(enterpriseBriefOperation, { enterpriseId, ...(tenantId !== undefined ? { tenantId } : {}) });

export const parentProjectTypesKey = (projectId: number) => ['settlements', 'parentProjectTypes', projectId] as const;

/** A project's service types under their parents (getParentProjectTypes). */
export const fetchParentProjectTypes = (projectId: number): Promise<ParentProjectType[]> =>
  call(parentProjectTypesOperation, { projectId });
