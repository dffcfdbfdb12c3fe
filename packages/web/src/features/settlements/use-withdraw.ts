/** 撤回: confirms with the spec's warning (spec 2 §4), then sets auditStatus -1. */
import { SETTLEMENT_MSG } from '@fieldpay/domain';
import { useConfirmedAction } from '../../components/list/ConfirmedAction';
import { auditSettlement } from './settlement-calls';

export const WITHDRAW_WARNING = '当前结算单撤回可能会影响后续结算单的结算操作，是否确认撤回';

export function useWithdraw(onDone: () => void) {
  const run = useConfirmedAction(onDone);
  return (settlementId: number) =>
    run(
      WITHDRAW_WARNING,
      () => auditSettlement({ settlementId, auditStatus: -1, remarks: '' }),
      SETTLEMENT_MSG.withdrawn,
    );
}
