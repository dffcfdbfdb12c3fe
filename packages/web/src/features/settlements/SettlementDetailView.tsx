/**
 * The settlement detail view (spec 2 §2.3, §4): the header (number, project, service type; expanded
 * the statuses, counts, amounts, documents and people), the four-step progress, the per-person
 * records, the timeline, and the actions the settlement's state allows: 审核 (platform), 撤回,
 * 结算 (enterprise).
 */
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import {
  ENTERPRISE_PAY_STATUS,
  MSG,
  SETTLEMENT_AUDIT_STATUS,
  SETTLEMENT_MSG,
  SETTLEMENT_PAY_STATUS,
  type SettlementDetail,
  settlementProgressStep,
} from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Space, Steps, Timeline, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { notifier } from '../../app/notify';
import { useSession } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import { useOneAtATime } from '../../app/use-one-at-a-time';
import { BackButton, DetailLoadState } from '../../components/DetailStates';
import { StatusTag } from '../../components/list/StatusTag';
import { SettlementInvoiceLink } from '../invoices/SettlementInvoiceLink';
import { SettleDialog } from './SettleDialog';
import { SettlementAttachmentsDialog } from './SettlementAttachmentsDialog';
import { SettlementAuditDialog } from './SettlementAuditDialog';
import { SettlementRecords } from './SettlementRecords';
import {
  fetchSettlementDetail,
  fetchSettlementTimeline,
  SETTLEMENT_KEY,
  settlementDetailKey,
  settlementTimelineKey,
} from './settlement-calls';
import { downloadAttachmentZip } from './settlement-documents-calls';
import { chinaTime, yuan } from './settlement-format';
import { useWithdraw } from './use-withdraw';
import { VoucherDialog } from './VoucherDialog';
import { EMPTY_CELL, orDash } from '../../components/text';

/** The progress bar: applied, audited, paid by the enterprise, paid out (spec 2 §4 "Other"). */
function SettlementProgress({ detail }: { detail: SettlementDetail }) {
  if (detail.auditStatus === -1) {
    return (
      <Steps
        size="small"
        current={1}
        status="error"
        items={[
          { title: '企业申请', content: chinaTime(detail.createTime) },
          { title: '已撤回', content: orDash(chinaTime(detail.revokeTime)) },
        ]}
      />
    );
  }
  const step = settlementProgressStep(
    {
      auditStatus: detail.auditStatus,
      auditTime: chinaTime(detail.auditTime),
      enterprisePayTime: chinaTime(detail.enterprisePayTime),
      settlementTime: chinaTime(detail.settlementTime),
    },
    'detail',
  );
  const refused = detail.auditStatus === 3;
  return (
    <Steps
      size="small"
      current={step === 4 ? 4 : step - 1 + (refused ? 1 : 0)}
      status={refused ? 'error' : step === 4 ? 'finish' : 'process'}
      items={[
        { title: '企业申请', content: chinaTime(detail.createTime) },
        { title: refused ? '审核未通过' : '平台审核', content: chinaTime(detail.auditTime) },
        { title: '企业结算', content: chinaTime(detail.enterprisePayTime) },
        { title: '平台结算', content: chinaTime(detail.settlementTime) },
      ]}
    />
  );
}

type Dialog = 'none' | 'voucher' | 'attachments' | 'audit' | 'settle';

export function SettlementDetailView({
  settlementId,
  resumePay = false,
  onBack,
}: {
  settlementId: number;
  /** back from a top-up (?settle=1): the settlement dialog opens again while the settlement is still payable */
  resumePay?: boolean;
  onBack(): void;
}) {
  const side = useSession((state) => state.side);
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const enterpriseMode = side === 'enterprise';
  const [expanded, setExpanded] = useState(true);
  const [dialog, setDialog] = useState<Dialog>('none');
  const detailQuery = useQuery({
    queryKey: settlementDetailKey(settlementId),
    queryFn: () => fetchSettlementDetail(settlementId),
    retry: false,
  });
  const timeline = useQuery({
    queryKey: settlementTimelineKey(settlementId),
    queryFn: () => fetchSettlementTimeline(settlementId),
    enabled: detailQuery.isSuccess,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SETTLEMENT_KEY });
  const withdraw = useWithdraw(() => void refresh());
  const zip = useOneAtATime();
  const close = () => setDialog('none');
  const loaded = detailQuery.data;
  const payable =
    loaded !== undefined &&
    enterpriseMode &&
    can('settlement:list:pay') &&
    loaded.auditStatus === 2 &&
    loaded.payStatus === 0;
  // back from a top-up: once, and only while the settlement still waits for its payment
  const resumed = useRef(false);
  useEffect(() => {
    if (!resumePay || resumed.current || loaded === undefined) return;
    resumed.current = true;
    if (payable) setDialog('settle');
  }, [resumePay, loaded, payable]);

  if (!detailQuery.isSuccess) {
    return <DetailLoadState error={detailQuery.error} notFound={SETTLEMENT_MSG.notFound} onBack={onBack} />;
  }
  const detail = detailQuery.data;
  const approvedUnpaid = detail.auditStatus === 2 && detail.enterprisePayStatus === 1;
  const cmb = detail.bankNo === 'CMB';
  const paidOut = detail.payStatus === 1 || detail.payStatus === 2;
  const canWithdraw =
    can('settlement:list:withdraw') && detail.voucherStatus === 0 && (detail.auditStatus === 1 || approvedUnpaid);
  const canAudit = !enterpriseMode && detail.auditStatus === 1 && can('settlement:list:audit');

  const facts: { label: string; value: ReactNode; when?: boolean }[] = [
    { label: '企业名称', value: detail.enterpriseName, when: !enterpriseMode },
    { label: '所属平台', value: detail.tenantName },
    {
      label: '企业结算状态',
      value: <StatusTag dictionary={ENTERPRISE_PAY_STATUS} value={detail.enterprisePayStatus} />,
    },
    { label: '平台审核状态', value: <StatusTag dictionary={SETTLEMENT_AUDIT_STATUS} value={detail.auditStatus} /> },
    {
      label: '平台结算状态',
      value:
        detail.auditStatus === 1 || detail.auditStatus === -1 ? (
          EMPTY_CELL
        ) : (
          <StatusTag dictionary={SETTLEMENT_PAY_STATUS} value={detail.payStatus} />
        ),
    },
    { label: '结算总人数', value: detail.totalPersonNum },
    { label: '结算总金额', value: <span className="money">{yuan(detail.amount)}</span> },
    { label: '结算总任务数', value: detail.totalTask },
    { label: '待结算人数', value: detail.pendingPersonNum, when: approvedUnpaid },
    { label: '待结算金额', value: <span className="money">{yuan(detail.pendingAmount)}</span>, when: approvedUnpaid },
    { label: '待结算任务数', value: detail.pendingTaskNum, when: approvedUnpaid },
    { label: '服务费', value: <span className="money">{yuan(detail.fee)}</span> },
    { label: '平台费用', value: <span className="money">{yuan(detail.platformFee)}</span> },
    {
      label: '平台结算凭证',
      when: cmb,
      value:
        detail.payStatus === 2 ? (
          <Button type="link" size="small" className="inline-link" onClick={() => setDialog('voucher')}>
            查看
          </Button>
        ) : (
          EMPTY_CELL
        ),
    },
    {
      label: '关联发票',
      value:
        detail.billStatus === 1 && can('invoice:list:view') ? (
          <SettlementInvoiceLink settlementId={detail.id} />
        ) : detail.billStatus === 1 ? (
          '已开票'
        ) : (
          <Typography.Text type="secondary">{MSG.noInvoiceInfo}</Typography.Text>
        ),
    },
    {
      label: '完税凭证',
      value: (
        <Button type="link" size="small" className="inline-link" onClick={() => notifier().warning(MSG.notDeveloped)}>
          查看
        </Button>
      ),
    },
    {
      label: '银行流水号',
      // shown once the enterprise paid through CMB (spec 2 §4)
      value: detail.enterprisePayStatus === 2 && cmb && paidOut ? detail.yurref : EMPTY_CELL,
    },
    {
      label: '附件',
      value: (
        <Space size={4}>
          <Button type="link" size="small" className="inline-link" onClick={() => setDialog('attachments')}>
            {detail.attachmentCount} 个
          </Button>
          {detail.attachmentCount > 0 && (
            <Button
              type="link"
              size="small"
              className="inline-link"
              loading={zip.busy !== null}
              onClick={() => void zip.run('zip', () => downloadAttachmentZip({ id: detail.id }))}
            >
              导出附件
            </Button>
          )}
        </Space>
      ),
    },
    { label: '创建人', value: orDash(detail.createName) },
    { label: '创建时间', value: chinaTime(detail.createTime) },
    { label: '审核人', value: orDash(detail.auditUserName) },
    { label: '审核时间', value: orDash(chinaTime(detail.auditTime)) },
    { label: '企业付款时间', value: orDash(chinaTime(detail.enterprisePayTime)) },
    { label: '结算时间', value: orDash(chinaTime(detail.settlementTime)) },
    { label: '撤回时间', value: chinaTime(detail.revokeTime), when: detail.revokeTime !== null },
    { label: '备注', value: orDash(detail.remarks), when: detail.remarks !== '' },
  ];

  return (
    <Space orientation="vertical" size={16} className="settlement-detail">
      <Card
        className="page-card"
        title={
          <Space>
            <BackButton onBack={onBack} />
            <span>结算单详情</span>
          </Space>
        }
        extra={
          <Button type="link" onClick={() => setExpanded((open) => !open)}>
            {expanded ? (
              <>
                收起 <UpOutlined />
              </>
            ) : (
              <>
                展开 <DownOutlined />
              </>
            )}
          </Button>
        }
      >
        <Descriptions column={3} size="small">
          <Descriptions.Item label="结算单号">{detail.settlementSn}</Descriptions.Item>
          <Descriptions.Item label="项目名称">{detail.projectName}</Descriptions.Item>
          <Descriptions.Item label="服务类型">{detail.visitTypeValue}</Descriptions.Item>
          {expanded &&
            facts
              .filter((fact) => fact.when !== false)
              .map((fact) => (
                <Descriptions.Item key={fact.label} label={fact.label}>
                  {fact.value}
                </Descriptions.Item>
              ))}
        </Descriptions>
        <div className="settlement-progress">
          <SettlementProgress detail={detail} />
        </div>
      </Card>
      <Card className="page-card" title="结算明细">
        <SettlementRecords settlement={detail} />
      </Card>
      <Card className="page-card" title="操作记录">
        {timeline.data && timeline.data.length > 0 ? (
          <Timeline
            items={timeline.data.map((entry) => ({
              key: `${entry.time}-${entry.title}`,
              content: (
                <div>
                  <Typography.Text strong>{entry.title}</Typography.Text>
                  <Typography.Text type="secondary" className="timeline-meta">
                    {chinaTime(entry.time)} {entry.operator}
                  </Typography.Text>
                  {entry.content && <div>{entry.content}</div>}
                </div>
              ),
            }))}
          />
        ) : (
          <Typography.Text type="secondary">{MSG.emptyList}</Typography.Text>
        )}
      </Card>
      <div className="settlement-detail-footer">
        <Space>
          <BackButton onBack={onBack} />
          {canAudit && (
            <Button type="primary" onClick={() => setDialog('audit')}>
              审核
            </Button>
          )}
          {canWithdraw && (
            <Button danger onClick={() => void withdraw(detail.id)}>
              撤回
            </Button>
          )}
          {payable && (
            <Button type="primary" onClick={() => setDialog('settle')}>
              结算
            </Button>
          )}
        </Space>
      </div>
      <VoucherDialog open={dialog === 'voucher'} settlement={detail} onClose={close} />
      <SettlementAttachmentsDialog
        open={dialog === 'attachments'}
        settlement={detail}
        editable={enterpriseMode && detail.auditStatus === 1}
        onClose={close}
        onChanged={() => void refresh()}
      />
      <SettlementAuditDialog
        settlement={dialog === 'audit' ? detail : null}
        onClose={close}
        onAudited={() => void refresh()}
      />
      <SettleDialog settlement={dialog === 'settle' ? detail : null} onClose={close} onPaid={() => void refresh()} />
    </Space>
  );
}
