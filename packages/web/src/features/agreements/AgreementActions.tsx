/**
 * The row actions of an enterprise agreement (spec 3 §4): in the platform's list (`manage`) and in
 * the signing records (`records`). Status 1 (签署失败) offers none. 预览 and 下载 need the download
 * code; the online signature opens its one-time page in a new window and the list reloads after 40
 * seconds, when the signer has usually answered it.
 */
import { ApiCode, ENTERPRISE_AGREEMENT_MSG, type EnterpriseAgreementRecord } from '@fieldpay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { notifier } from '../../app/notify';
import { useSession } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import { ApiError } from '../../api/http';
import { useConfirm } from '../../components/ConfirmProvider';
import {
  type AgreementAction,
  changeAgreement,
  downloadAgreement,
  ENTERPRISE_AGREEMENT_LIST_KEY,
  fetchSignAddress,
  openInNewWindow,
  previewOnlineAgreement,
  reloadAfterSigning,
  SIGNING_RECORDS_KEY,
} from './enterprise-agreement-calls';

interface Props {
  row: EnterpriseAgreementRecord;
  mode: 'manage' | 'records';
  /** 预览 of an online agreement awaiting the platform's signature shows its text here */
  onViewContent(id: number): void;
  /** after the sign page opened (the records dialog closes itself after the wait) */
  onSignOpened?(): void;
}

const CONFIRMS: Record<AgreementAction, string> = {
  withdraw: ENTERPRISE_AGREEMENT_MSG.withdrawConfirm,
  cancel: ENTERPRISE_AGREEMENT_MSG.cancelConfirm,
  delete: ENTERPRISE_AGREEMENT_MSG.deleteConfirm,
  end: ENTERPRISE_AGREEMENT_MSG.endConfirm,
};

const LABELS: Record<AgreementAction, string> = { withdraw: '撤回', cancel: '取消签署', delete: '删除', end: '终止' };

/** Which actions a row offers, by its status and type (the codes are checked apart). */
export function agreementActionsOf(
  row: EnterpriseAgreementRecord,
  mode: Props['mode'],
  side: 'platform' | 'enterprise',
) {
  const online = row.agreementType === 1;
  const status = row.signStatus;
  if (status === 1)
    return { view: false, download: false, sign: false, resign: false, changes: [] as AgreementAction[] };
  const changes: AgreementAction[] = [];
  if (mode === 'manage') {
    if (status === 3) changes.push('withdraw');
    if (online && status === 4) changes.push('cancel');
    if (!online && status === 5) changes.push('delete');
    if (status === 2) changes.push('end');
  }
  const ownTurn = online && ((side === 'platform' && status === 4) || (side === 'enterprise' && status === 3));
  return {
    view: online,
    download: true,
    sign: mode === 'records' && ownTurn,
    resign: mode === 'manage' && online && status === 4,
    changes,
  };
}

export function AgreementActions({ row, mode, onViewContent, onSignOpened }: Props) {
  const { can } = useAccess();
  const side = useSession((state) => state.side) ?? 'platform';
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const offered = agreementActionsOf(row, mode, side);

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: ENTERPRISE_AGREEMENT_LIST_KEY });
    void queryClient.invalidateQueries({ queryKey: SIGNING_RECORDS_KEY });
  };
  const run = (key: string, work: () => Promise<void>) => {
    setBusy(key);
    // a failed call has shown the server's message already
    work()
      .catch(() => undefined)
      .finally(() => setBusy(null));
  };

  const sign = (signType: 0 | 1) =>
    run('sign', async () => {
      await openInNewWindow(() => fetchSignAddress(row.id, signType));
      notifier().success(ENTERPRISE_AGREEMENT_MSG.signWindowHint);
      onSignOpened?.();
      reloadAfterSigning(reload);
    });

  const change = async (action: AgreementAction) => {
    if (!(await confirm({ content: CONFIRMS[action] }))) return;
    run(action, async () => {
      try {
        notifier().success(await changeAgreement(action, row.id, action === 'end'));
      } catch (error) {
        if (error instanceof ApiError && error.code === ApiCode.lastAgreement) {
          await confirm({ type: 14, content: ENTERPRISE_AGREEMENT_MSG.lastValid });
        } else if (action === 'end' && error instanceof ApiError) {
          notifier().warning(error.message);
        }
        throw error;
      } finally {
        reload();
      }
    });
  };

  const preview = () => (row.signStatus === 4 ? onViewContent(row.id) : run('view', () => previewOnlineAgreement(row)));

  const canChange = (action: AgreementAction) =>
    action === 'delete' ? can('enterpriseAgreement:list:delete') : can('enterpriseAgreement:list:manage');
  const link = (key: string, label: string, onClick: () => void, danger = false) => (
    <Button
      key={key}
      type="link"
      size="small"
      danger={danger}
      loading={busy === key}
      disabled={busy !== null}
      onClick={onClick}
    >
      {label}
    </Button>
  );

  return (
    <span className="list-actions">
      {offered.view && can('enterpriseAgreement:list:download') && link('view', '预览', preview)}
      {offered.download &&
        can('enterpriseAgreement:list:download') &&
        link('download', '下载', () => run('download', () => downloadAgreement(row)))}
      {offered.sign && can('enterpriseAgreement:list:sign') && link('sign', '签署', () => sign(1))}
      {offered.resign && can('enterpriseAgreement:list:sign') && link('sign', '重新签署', () => sign(0))}
      {offered.changes
        .filter(canChange)
        .map((action) => link(action, LABELS[action], () => void change(action), action !== 'withdraw'))}
    </span>
  );
}
