/**
 * The customer detail dialog (verification), spec 3 §2: 780 wide, not closed by a click outside.
 * Name (已认证 badge when authStatus is 1), type, sex, terminal (warned when the terminal has not
 * passed its own review), department, title, position, creator; a hospital's practice certificate
 * number and image; the audit block once reviewed. viewStatus '2' views (关闭); '1' reviews: a
 * reject-reason box and 取消 / 驳回 / 通过, shown only while the customer (or a passed hospital
 * customer's certificate) awaits review and only with cusVerify:list:reject / :adopt (spec 3 §4, §6).
 * Reusable: the task detail's verified badge and the settlement report open it (decision 0027).
 */
import { SafetyCertificateFilled } from '@ant-design/icons';
import {
  CUSTOMER_MSG,
  CUSTOMER_TERMINAL_NOT_PASSED_CODE,
  type CustomerDetail,
  type CustomerType,
  customerReviewKind,
  DIALOG_WIDTH,
  formatChinaDateTime,
  INPUT_MAX_LENGTH,
  sexLabel,
} from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Empty, Image, Input, Modal, Space, Spin, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { ApiError, isCancelled } from '../../api/http';
import { notifier } from '../../app/notify';
import { useAccess } from '../../app/use-access';
import {
  checkCustomerVerification,
  customerDetailKey,
  fetchCustomerDetail,
  reviewCustomer,
  reviewCustomerCertificate,
} from './customer-calls';
import './customers.css';

/** '1' reviews, '2' views (spec 3 §2). */
export type CustomerViewStatus = '1' | '2';

const text = (value: string) => value || '-';

/** The 已认证 mark of a certified customer (authStatus 1): the dialog's name and the review list's. */
export function Certified() {
  return (
    <Tag color="success" icon={<SafetyCertificateFilled />} className="customer-certified">
      已认证
    </Tag>
  );
}

function AuditBlock({ customer }: { customer: CustomerDetail }) {
  const hospital = customer.cusType === 'hospital';
  return (
    <Descriptions
      className="customer-audit"
      title="审核信息"
      bordered
      size="small"
      column={2}
      styles={{ label: { width: 120 } }}
    >
      <Descriptions.Item label="审核状态">{customer.auditStatus_dictText}</Descriptions.Item>
      {hospital ? <Descriptions.Item label="认证状态">{customer.authStatus_dictText}</Descriptions.Item> : null}
      {customer.auditStatus === 2 ? (
        <Descriptions.Item label="驳回原因" span={2}>
          {text(customer.reason)}
        </Descriptions.Item>
      ) : null}
      {customer.authStatus === 3 ? (
        <Descriptions.Item label="证书驳回原因" span={2}>
          {text(customer.remarks)}
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label="审核人">{text(customer.auditName)}</Descriptions.Item>
      <Descriptions.Item label="审核时间">
        {customer.auditTime === null ? '-' : formatChinaDateTime(customer.auditTime)}
      </Descriptions.Item>
    </Descriptions>
  );
}

export function CustomerInfo({ customer, terminalFailed }: { customer: CustomerDetail; terminalFailed: boolean }) {
  const hospital = customer.cusType === 'hospital';
  return (
    <>
      <Descriptions bordered size="small" column={2} styles={{ label: { width: 120 } }}>
        <Descriptions.Item label="客户名称">
          <Space size={6}>
            <span className="customer-name">{customer.cusName}</span>
            {customer.authStatus === 1 ? <Certified /> : null}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="客户类型">{text(customer.cusTypeName)}</Descriptions.Item>
        <Descriptions.Item label="性别">{sexLabel(customer.sex)}</Descriptions.Item>
        <Descriptions.Item label="终端名称">
          <span>{text(customer.orgName)}</span>
          {terminalFailed ? (
            <Typography.Text type="warning" className="customer-terminal-warning">
              （{CUSTOMER_MSG.terminalNotPassed}）
            </Typography.Text>
          ) : null}
        </Descriptions.Item>
        <Descriptions.Item label="科室">{text(customer.department_dic)}</Descriptions.Item>
        <Descriptions.Item label="职称">{text(customer.title)}</Descriptions.Item>
        <Descriptions.Item label="职务">{text(customer.posit)}</Descriptions.Item>
        <Descriptions.Item label="创建人">{text(customer.createByString)}</Descriptions.Item>
        {hospital ? (
          <>
            <Descriptions.Item label="执业证书编号" span={2}>
              {text(customer.certNo)}
            </Descriptions.Item>
            <Descriptions.Item label="执业证书" span={2}>
              {customer.certImage ? (
                <Image
                  className="customer-cert-image"
                  src={customer.certImage}
                  alt={`${customer.cusName}执业证书`}
                  width={240}
                />
              ) : (
                '-'
              )}
            </Descriptions.Item>
          </>
        ) : null}
      </Descriptions>
      {customer.auditStatus !== 0 ? <AuditBlock customer={customer} /> : null}
    </>
  );
}

export interface CustomerVerificationDialogProps {
  customerId: number | null;
  open: boolean;
  viewStatus?: CustomerViewStatus;
  onClose(): void;
  /** after a review saved (the caller refreshes its list) */
  onReviewed?(customer: CustomerDetail): void;
}

export function CustomerVerificationDialog({
  customerId,
  open,
  viewStatus = '2',
  onClose,
  onReviewed,
}: CustomerVerificationDialogProps) {
  const access = useAccess();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState<'pass' | 'reject' | null>(null);
  const [terminalMarked, setTerminalMarked] = useState(false);
  const query = useQuery({
    queryKey: customerDetailKey(customerId ?? 0),
    queryFn: () => fetchCustomerDetail(customerId as number),
    enabled: open && customerId !== null,
    retry: false,
  });
  // a new opening starts clean
  useEffect(() => {
    if (open) {
      setReason('');
      setTerminalMarked(false);
    }
  }, [open]);

  const customer = query.data;
  const kind = viewStatus === '1' && customer ? customerReviewKind(customer) : null;
  const canPass = access.can('cusVerify:list:adopt');
  const canReject = access.can('cusVerify:list:reject');

  const submit = async (passes: boolean) => {
    if (!customer || !kind || saving) return;
    const remarks = reason.trim();
    if (!passes && remarks === '') {
      notifier().warning(CUSTOMER_MSG.rejectReasonRequired);
      return;
    }
    setSaving(passes ? 'pass' : 'reject');
    try {
      const { result, message } =
        kind === 'customer'
          ? await reviewCustomer({
              id: customer.id,
              auditStatus: passes ? 1 : 2,
              remarks: passes ? '' : remarks,
              cusType: customer.cusType as CustomerType,
              department: customer.department,
              posit: customer.posit,
            })
          : await reviewCustomerCertificate({
              id: customer.id,
              authStatus: passes ? 1 : 3,
              remarks: passes ? '' : remarks,
            });
      notifier().success(message);
      queryClient.setQueryData(customerDetailKey(customer.id), result);
      onReviewed?.(result);
      onClose();
    } catch (error) {
      // the request layer showed the server's words; 200001 also marks the terminal (spec 3 §4)
      if (!isCancelled(error) && error instanceof ApiError && error.code === CUSTOMER_TERMINAL_NOT_PASSED_CODE) {
        setTerminalMarked(true);
      }
    } finally {
      setSaving(null);
    }
  };

  let body: ReactNode;
  if (query.isPending && open) body = <Spin className="customer-loading" />;
  else if (!customer) body = <Empty description="暂无数据" />;
  else body = <CustomerInfo customer={customer} terminalFailed={customer.orgNotPassed || terminalMarked} />;

  const footer =
    kind !== null ? (
      <Space>
        <Button onClick={onClose}>取消</Button>
        {canReject ? (
          <Button danger loading={saving === 'reject'} disabled={saving !== null} onClick={() => void submit(false)}>
            驳回
          </Button>
        ) : null}
        {canPass ? (
          <Button
            type="primary"
            loading={saving === 'pass'}
            disabled={saving !== null}
            onClick={() => void submit(true)}
          >
            通过
          </Button>
        ) : null}
      </Space>
    ) : (
      <Button onClick={onClose}>关闭</Button>
    );

  return (
    <Modal
      title="客户详情"
      open={open}
      width={DIALOG_WIDTH.customerDetail}
      mask={{ closable: false }}
      onCancel={onClose}
      footer={footer}
      destroyOnHidden
    >
      {body}
      {kind !== null ? (
        <div className="customer-review">
          {kind === 'certificate' ? (
            <Alert type="info" showIcon title="该客户已通过审核，执业证书待审核" className="customer-review-hint" />
          ) : null}
          <div className="customer-review-label">驳回原因</div>
          <Input.TextArea
            aria-label="驳回原因"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={INPUT_MAX_LENGTH.rejectReason}
            showCount
            rows={3}
            placeholder="驳回时请输入驳回原因"
          />
        </div>
      ) : null}
    </Modal>
  );
}

/**
 * The verified badge of a customer (cusIsAuth 1): a click asks the verification check; success opens
 * the dialog in view mode, a refusal is shown as the server's warning (spec 1 §2, §7).
 */
export function CustomerVerifiedBadge({ customerId, label = '已认证' }: { customerId: number | null; label?: string }) {
  const [open, setOpen] = useState(false);
  const [checking, setChecking] = useState(false);
  const openInfo = async () => {
    if (customerId === null || checking) return;
    setChecking(true);
    try {
      await checkCustomerVerification(customerId);
      setOpen(true);
    } catch {
      // the request layer has shown the server's message as a warning
    } finally {
      setChecking(false);
    }
  };
  return (
    <>
      <Tag
        color="success"
        icon={<SafetyCertificateFilled />}
        className="customer-verified-badge"
        role={customerId === null ? undefined : 'button'}
        tabIndex={customerId === null ? undefined : 0}
        title={customerId === null ? undefined : '查看认证信息'}
        onClick={() => void openInfo()}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') void openInfo();
        }}
      >
        {label}
      </Tag>
      <CustomerVerificationDialog customerId={customerId} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
