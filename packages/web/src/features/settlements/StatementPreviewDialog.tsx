/**
 * 任务对账单预览 (spec 2 §2.2, §3 "Settlement overview"): opened by the list's 生成对账单, it shows
 * the head of the reconciliation statement as the PDF will print it (enterprise, platform, project
 * and its period, amount, service fee; GET pdf/overview) with the statement's fixed wording, and
 * makes the statement on 生成对账单. The spec's preview carries fixed demo text; this one shows the
 * settlement's own figures under the same fixed wording (decision 0025, amendment).
 */
import { STATEMENT_CONFIRMATION_TEXT } from '@fieldpay/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { notifier } from '../../app/notify';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { fetchStatementOverview, generateStatement, statementOverviewKey } from './settlement-documents-calls';
import { yuan } from './settlement-format';

export const STATEMENT_PREVIEW_NOTE =
  '生成后的对账确认单另含付款信息与人员明细；生成需要一些时间，完成后可在“下载对账单”中下载。';

export interface StatementPreviewDialogProps {
  /** the settlement whose statement is previewed; null keeps the dialog closed */
  settlement: { id: number; settlementSn: string } | null;
  onClose(): void;
  /** the statement is being made: the list reloads */
  onGenerated(): void;
}

export function StatementPreviewDialog({ settlement, onClose, onGenerated }: StatementPreviewDialogProps) {
  const overview = useQuery({
    queryKey: statementOverviewKey(settlement?.id ?? 0),
    queryFn: () => fetchStatementOverview(settlement?.id as number),
    enabled: settlement !== null,
    staleTime: 0,
  });
  const [busy, setBusy] = useState(false);
  const generate = async () => {
    if (!settlement || busy) return;
    setBusy(true);
    try {
      notifier().success(await generateStatement(settlement.id));
      onClose();
      onGenerated();
    } catch {
      // the request layer has shown the server's message; the preview stays
    } finally {
      setBusy(false);
    }
  };
  const data = overview.data;
  return (
    <Modal
      open={settlement !== null}
      title="任务对账单预览"
      width={760}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose} disabled={busy}>
            取消
          </Button>
          <Button type="primary" loading={busy} disabled={!data} onClick={() => void generate()}>
            生成对账单
          </Button>
        </Space>
      }
    >
      {overview.isError ? (
        <LoadFailedAlert what="对账单信息" onRetry={() => void overview.refetch()} />
      ) : !data ? (
        <div className="statement-preview-loading">
          <Spin />
        </div>
      ) : (
        <div className="statement-preview">
          <Typography.Title level={4} className="statement-preview-title">
            对账确认单
          </Typography.Title>
          <div className="statement-preview-subtitle">结算单号：{data.settlementSn}</div>
          <Descriptions
            size="small"
            bordered
            column={2}
            items={[
              { key: 'enterpriseName', label: '企业名称', children: data.enterpriseName },
              { key: 'tenantName', label: '所属平台', children: data.tenantName },
              { key: 'projectName', label: '项目名称', children: data.projectName },
              { key: 'projectDate', label: '项目周期', children: data.projectDate || '-' },
              { key: 'money', label: '结算总金额', children: yuan(data.money) },
              { key: 'fee', label: '服务费', children: yuan(data.fee) },
            ]}
          />
          <p className="statement-preview-text">{STATEMENT_CONFIRMATION_TEXT}</p>
          <Typography.Text type="secondary">{STATEMENT_PREVIEW_NOTE}</Typography.Text>
        </div>
      )}
    </Modal>
  );
}
