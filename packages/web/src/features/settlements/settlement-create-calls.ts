/**
 * 生成结算单's calls (spec 2 §5, §7): the preview of what would be settled now, and the creation
 * itself (createSettlementListV2) under a request id, so a repeated submission answers the
 * settlement the first one made. The project's service types are settlement-calls'
 * fetchParentProjectTypes.
 */
import {
  createSettlementOperation,
  type OperationInput,
  settleableTasksOperation,
  type TaskTypeId,
} from '@fieldpay/domain';
import { call, callWithMessage } from '../../app/api-client';

export const settleableSummaryKey = (projectId: number, visitTypeId: string) =>
  ['settlements', 'settleable', projectId, visitTypeId] as const;

export const fetchSettleableSummary = (projectId: number, visitTypeId: TaskTypeId) =>
  call(settleableTasksOperation, { projectId, visitTypeId });

/** Answers the new settlement and the server's message (结算单已生成，请等待平台审核). */
export const createSettlement = (input: OperationInput<typeof createSettlementOperation>) =>
  callWithMessage(createSettlementOperation, input);
