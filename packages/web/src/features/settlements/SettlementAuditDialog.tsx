/**
 * The platform's audit of a pending settlement (decision 0021): 审核通过 lets the enterprise pay,
 * 审核未通过 needs the reason the enterprise will read. The server answers its own words.
 */
import { SETTLEMENT_MSG, type SettlementRecord } from '@fieldpay/domain';
import { Descriptions, Form, Input, Radio } from 'antd';
import { notifier } from '../../app/notify';
import { FormDialog } from '../../components/FormDialog';
import { auditSettlement } from './settlement-calls';
import { yuan } from './settlement-format';

interface AuditValues {
  auditStatus: 2 | 3;
  remarks?: string;
}

export function SettlementAuditDialog({
  settlement,
  onClose,
  onAudited,
}: {
  settlement: Pick<
    SettlementRecord,
    'id' | 'settlementSn' | 'enterpriseName' | 'projectName' | 'visitTypeValue' | 'amount' | 'totalPersonNum'
  > | null;
  onClose(): void;
  onAudited(): void;
}) {
  const [form] = Form.useForm<AuditValues>();
  const refusing = Form.useWatch('auditStatus', form) === 3;
  const submit = async ({ auditStatus, remarks }: AuditValues) => {
    if (!settlement) return;
    const message = await auditSettlement({ settlementId: settlement.id, auditStatus, remarks: remarks?.trim() ?? '' });
    notifier().success(message);
    onAudited();
  };
  return (
    <FormDialog
      open={settlement !== null}
      title="结算单审核"
      width={520}
      okText="提交"
      form={form}
      initialValues={{ auditStatus: 2 }}
      onSubmit={submit}
      onClose={onClose}
    >
      {settlement && (
        <Descriptions column={1} size="small" className="settlement-audit-facts">
          <Descriptions.Item label="结算单号">{settlement.settlementSn}</Descriptions.Item>
          <Descriptions.Item label="企业名称">{settlement.enterpriseName}</Descriptions.Item>
          <Descriptions.Item label="项目名称">{settlement.projectName}</Descriptions.Item>
          <Descriptions.Item label="服务类型">{settlement.visitTypeValue}</Descriptions.Item>
          <Descriptions.Item label="结算总金额">{yuan(settlement.amount)}</Descriptions.Item>
          <Descriptions.Item label="结算人数">{settlement.totalPersonNum}</Descriptions.Item>
        </Descriptions>
      )}
      <Form.Item name="auditStatus" label="审核结果" required>
        <Radio.Group
          options={[
            { value: 2, label: '审核通过' },
            { value: 3, label: '审核未通过' },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="remarks"
        label={refusing ? '驳回原因' : '备注'}
        dependencies={['auditStatus']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_: unknown, value: string | undefined) => {
              if (getFieldValue('auditStatus') === 3 && !value?.trim()) throw new Error(SETTLEMENT_MSG.remarksRequired);
            },
          }),
        ]}
      >
        <Input.TextArea rows={3} maxLength={200} showCount placeholder={refusing ? '请输入驳回原因' : '选填'} />
      </Form.Item>
    </FormDialog>
  );
}
