/** 撤回: confirms with the spec's warning (spec 2 §4), then sets auditStatus -1. */
import { MSG, SETTLEMENT_MSG } from '@fieldpay/domain';
import { useConfirmedAction } from '../../components/list/ConfirmedAction';
import { auditSettlement } from './settlement-calls';

export function useWithdraw(onDone: () => void) {
  const run = useConfirmedAction(onDone);
  return (settlementId: number) =>
    run(
      MSG.confirmWithdrawSettlement,
      () => auditSettlement({ settlementId, auditStatus: -1, remarks: '' }),
      SETTLEMENT_MSG.withdrawn,
    );
}
