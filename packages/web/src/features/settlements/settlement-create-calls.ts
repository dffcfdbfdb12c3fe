/**
 * 生成结算单's calls (spec 2 §5, §7): the project's service types, the preview of what would be
 * settled now, and the creation itself (createSettlementListV2) under a request id, so a repeated
 * submission answers the settlement the first one made.
 */
import {
  createSettlementOperation,
  type OperationInput,
  projectDetailOperation,
  settleableTasksOperation,
  type TaskTypeId,
} from '@fieldpay/domain';
import { call, callWithMessage } from '../../app/api-client';

export const settleableSummaryKey = (projectId: number, visitTypeId: string) =>
  ['settlements', 'settleable', projectId, visitTypeId] as const;
export const projectServiceTypesKey = (projectId: number) => ['settlements', 'projectServiceTypes', projectId] as const;

export interface ServiceTypeOption {
  value: TaskTypeId;
  label: string;
}

/** The service types of a project (its service lines), each once. */
export async function fetchProjectServiceTypes(projectId: number): Promise<ServiceTypeOption[]> {
  const { visitTypeList } = await call(projectDetailOperation, { projectId });
  const byId = new Map(visitTypeList.map((row) => [row.visitId, row.serviceTypeName]));
  return [...byId].map(([value, label]) => ({ value: value as TaskTypeId, label }));
}

export const fetchSettleableSummary = (projectId: number, visitTypeId: TaskTypeId) =>
  call(settleableTasksOperation, { projectId, visitTypeId });

/** Answers the new settlement and the server's message (结算单已生成，请等待平台审核). */
export const createSettlement = (input: OperationInput<typeof createSettlementOperation>) =>
  callWithMessage(createSettlementOperation, input);
