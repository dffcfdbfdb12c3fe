/**
 * 服务费变更 (spec 3 §2 "Enterprise fee change dialog", §4 "Enterprise fee change", §5 "Fee tiers and
 * rates"; decision 0035). Step 1 shows the fee last set (waiting for next month, or in force) and 修改
 * leads to step 2, the form; with no fee of its own (code 10013) the dialog opens on the form, filled
 * with the platform default. 立即生效 is disabled once the enterprise has a settlement this month.
 * Personal tiers: 2 to 4, the first from 0, each next one from the cut-off before it; a cut-off that is
 * not usable clears the tiers after it, and deleting a tier whose later tiers hold data asks first.
 */
import { DeleteOutlined, PlusOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import {
  acceptsTierFeeInput,
  CHARGING_MODES,
  type CurrentFee,
  DEFAULT_FEE_SETTING,
  FEE_CHANGE_MSG,
  FEE_EFFECTIVE_TIMINGS,
  FEE_MODES,
  FEE_TIERS,
  type FeeSetting,
  type FeeTierDraft,
  feeTierErrors,
  formatChinaDateTime,
  INPUT_MAX_LENGTH,
  laterTiersFilled,
  MSG,
  singleServiceRateSchema,
  tiersAfterEndChange,
  tiersWithout,
  DIALOG_WIDTH,
} from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Modal, Radio, Result, Space, Spin, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { notifier } from '../../app/notify';
import { useConfirm } from '../../components/ConfirmProvider';
import { zodRule } from '../../components/zod-rule';
import { type FeeOwner, feeKey, fetchCurrentFee, fetchFeeOrdered, saveFee } from './enterprise-calls';

interface TierValues {
  start: string;
  end: string;
  fee: string;
}

interface FeeForm {
  executeType: 1 | 2;
  feeMode: 0 | 1;
  chargingMode: 0 | 1;
  serviceRate: string;
  feeList: TierValues[];
}

const EMPTY_TIER: TierValues = { start: '', end: '', fee: '' };
const TIER_LABELS = ['第一档', '第二档', '第三档', '第四档'];
const TIER_TOOLTIP = '费率须大于等于1，最多保留两位小数；所有字段必填；金额只能输入正整数';

/** The form's tiers from a setting: a single rate starts the tiers afresh, two empty ones from 0. */
function tiersOf(setting: FeeSetting): TierValues[] {
  if (setting.feeMode === 1 && setting.feeList.length >= FEE_TIERS.minCount) {
    return setting.feeList.map((tier) => ({ start: tier.start, end: tier.end ?? '', fee: tier.fee }));
  }
  return [{ ...EMPTY_TIER, start: String(FEE_TIERS.firstStart) }, { ...EMPTY_TIER }];
}

const formOf = (setting: FeeSetting, ordered: boolean): FeeForm => ({
  executeType: ordered ? 2 : 1,
  feeMode: setting.feeMode === 1 ? 1 : 0,
  chargingMode: setting.chargingMode === 1 ? 1 : 0,
  serviceRate: setting.serviceRate ?? '',
  feeList: tiersOf(setting),
});

/** A tier cell's rule: the message `feeTierErrors` gives this tier and field, if any. */
const tierRule = (form: ReturnType<typeof Form.useForm<FeeForm>>[0], index: number, field: 'end' | 'fee') => () => ({
  validator: () => {
    const tiers = (form.getFieldValue('feeList') ?? []) as FeeTierDraft[];
    const error = feeTierErrors(tiers).find((problem) => problem.index === index && problem.field === field);
    return error ? Promise.reject(new Error(error.message)) : Promise.resolve();
  },
});

/** A fee as step 1 and the enterprise page show it. */
export function FeeSettingView({ setting }: { setting: FeeSetting }) {
  const columns: ColumnsType<FeeSetting['feeList'][number]> = [
    { key: 'tier', title: '阶梯', width: 80, render: (_value, _row, index) => TIER_LABELS[index] },
    {
      key: 'range',
      title: '个人月收入区间（元）',
      render: (_value, row) => (row.end === null ? `${row.start} 以上` : `${row.start} ~ ${row.end}`),
    },
    { key: 'fee', dataIndex: 'fee', title: '服务费率', width: 120, render: (value: string) => `${value}%` },
  ];
  return (
    <>
      <Descriptions column={{ xs: 1, md: 2 }} size="small">
        <Descriptions.Item label="收费模式">{FEE_MODES[setting.feeMode as 0 | 1] ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="计费方式">{CHARGING_MODES[setting.chargingMode as 0 | 1] ?? '-'}</Descriptions.Item>
        {setting.feeMode === 0 && (
          <Descriptions.Item label="服务费率">{`${setting.serviceRate ?? '-'}%`}</Descriptions.Item>
        )}
      </Descriptions>
      {setting.feeMode === 1 && (
        <Table rowKey="start" size="small" columns={columns} dataSource={setting.feeList} pagination={false} />
      )}
    </>
  );
}

function CurrentFeeView({ fee }: { fee: CurrentFee }) {
  return (
    <div className="fee-change-current">
      <Descriptions column={{ xs: 1, md: 2 }} size="small">
        <Descriptions.Item label="生效方式">
          {fee.executeType === 2 ? `${FEE_EFFECTIVE_TIMINGS[2]}（待生效）` : '已生效'}
        </Descriptions.Item>
        <Descriptions.Item label="生效时间">{formatChinaDateTime(fee.effectiveTime)}</Descriptions.Item>
        <Descriptions.Item label="最近修改">
          {`${fee.updateBy || '-'} ${formatChinaDateTime(fee.updateTime)}`}
        </Descriptions.Item>
      </Descriptions>
      <FeeSettingView setting={fee} />
    </div>
  );
}

function TierTable({ form }: { form: ReturnType<typeof Form.useForm<FeeForm>>[0] }) {
  const confirm = useConfirm();
  const remove = async (index: number) => {
    const tiers = (form.getFieldValue('feeList') ?? []) as TierValues[];
    if (laterTiersFilled(tiers, index) && !(await confirm({ content: MSG.confirmDeleteFeeTier }))) return;
    form.setFieldValue('feeList', tiersWithout(tiers, index));
  };
  return (
    <Form.List name="feeList">
      {(fields, { add }) => (
        <div className="fee-tiers">
          <div className="fee-tier fee-tier-head">
            <span>阶梯</span>
            <span>起始金额（元）</span>
            <span>截止金额（元）</span>
            <span>费率（%）</span>
            <span />
          </div>
          {fields.map((field, index) => (
            <div className="fee-tier" key={field.key}>
              <span className="fee-tier-label">{TIER_LABELS[index]}</span>
              <Form.Item name={[field.name, 'start']} noStyle>
                <Input disabled aria-label={`${TIER_LABELS[index]}起始金额`} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'end']}
                rules={[tierRule(form, index, 'end')]}
                dependencies={[['feeList', index, 'start']]}
              >
                <Input placeholder="请输入截止金额" aria-label={`${TIER_LABELS[index]}截止金额`} maxLength={10} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'fee']}
                rules={[tierRule(form, index, 'fee')]}
                normalize={(value: string, previous: string) => (acceptsTierFeeInput(value) ? value : previous)}
              >
                <Input placeholder="请输入费率" aria-label={`${TIER_LABELS[index]}费率`} suffix="%" />
              </Form.Item>
              {index >= FEE_TIERS.minCount ? (
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`删除${TIER_LABELS[index]}`}
                  onClick={() => void remove(index)}
                />
              ) : (
                <span />
              )}
            </div>
          ))}
          {fields.length < FEE_TIERS.maxCount && (
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              onClick={() => {
                const tiers = (form.getFieldValue('feeList') ?? []) as TierValues[];
                add({ ...EMPTY_TIER, start: tiers[tiers.length - 1]?.end ?? '' });
              }}
            >
              添加阶梯
            </Button>
          )}
          <div className="fee-tier-hint">{FEE_CHANGE_MSG.beyondLastTier}</div>
        </div>
      )}
    </Form.List>
  );
}

export interface FeeChangeDialogProps {
  open: boolean;
  owner: FeeOwner;
  /** the fee in force, which the form starts from when no fee was set for the enterprise */
  inForce: FeeSetting | null;
  onClose(): void;
}

export function FeeChangeDialog({ open, owner, inForce, onClose }: FeeChangeDialogProps) {
  const [form] = Form.useForm<FeeForm>();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const current = useQuery({
    queryKey: feeKey(owner),
    queryFn: () => fetchCurrentFee(owner),
    enabled: open,
    retry: false,
  });
  const ordered = useQuery({
    queryKey: [...feeKey(owner), 'ordered'],
    queryFn: () => fetchFeeOrdered(owner),
    enabled: open,
    retry: false,
  });
  const loaded = current.isSuccess && ordered.isSuccess;
  const pending = current.data ?? null;
  const feeMode = Form.useWatch('feeMode', form);

  // a fresh dialog: step 1 when a fee was set, else the form at once
  useEffect(() => {
    if (open && loaded) setEditing(pending === null);
  }, [open, loaded, pending]);
  useEffect(() => {
    if (open && loaded && editing) {
      form.setFieldsValue(formOf(pending ?? inForce ?? DEFAULT_FEE_SETTING, ordered.data === true));
    }
  }, [open, loaded, editing, pending, inForce, ordered.data, form]);

  const cancel = () => (editing && pending !== null ? setEditing(false) : onClose());

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const message = await saveFee({
        ...owner,
        executeType: values.executeType,
        feeMode: values.feeMode,
        chargingMode: values.chargingMode,
        ...(values.feeMode === 0
          ? { serviceRate: values.serviceRate.trim() }
          : { feeList: values.feeList.map((tier) => ({ start: tier.start, end: tier.end.trim(), fee: tier.fee })) }),
      });
      notifier().success(message);
      await queryClient.invalidateQueries({ queryKey: ['enterprise'] });
      onClose();
    } catch {
      // the request layer has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  const onValuesChange = (changed: Partial<FeeForm>) => {
    const changedTiers = changed.feeList;
    if (!changedTiers) return;
    const index = changedTiers.findIndex((tier) => tier !== undefined && 'end' in tier);
    if (index < 0) return;
    const tiers = (form.getFieldValue('feeList') ?? []) as TierValues[];
    form.setFieldValue('feeList', tiersAfterEndChange(tiers, index));
  };

  let body = null;
  if (current.isError || ordered.isError) {
    body = <Result status="warning" title="服务费加载失败" />;
  } else if (!loaded) {
    body = <Spin className="enterprise-loading" />;
  } else if (!editing && pending) {
    body = <CurrentFeeView fee={pending} />;
  } else {
    body = (
      <Form<FeeForm> form={form} layout="vertical" onValuesChange={onValuesChange}>
        {pending === null && <Alert type="info" showIcon className="fee-change-alert" title={FEE_CHANGE_MSG.missing} />}
        <Form.Item
          name="executeType"
          label="生效方式"
          extra={ordered.data ? FEE_CHANGE_MSG.orderedThisMonth : undefined}
          rules={[{ required: true, message: '请选择生效方式' }]}
        >
          <Radio.Group>
            <Radio value={1} disabled={ordered.data}>
              {FEE_EFFECTIVE_TIMINGS[1]}
            </Radio>
            <Radio value={2}>{FEE_EFFECTIVE_TIMINGS[2]}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="chargingMode" label="计费方式" rules={[{ required: true, message: '请选择计费方式' }]}>
          <Radio.Group options={[0, 1].map((value) => ({ value, label: CHARGING_MODES[value as 0 | 1] }))} />
        </Form.Item>
        <Form.Item name="feeMode" label="收费模式" rules={[{ required: true, message: '请选择收费模式' }]}>
          <Radio.Group options={[0, 1].map((value) => ({ value, label: FEE_MODES[value as 0 | 1] }))} />
        </Form.Item>
        {feeMode === 1 ? (
          <Form.Item
            label={
              <Space size={4}>
                个人阶梯费率
                <Tooltip title={TIER_TOOLTIP}>
                  <QuestionCircleOutlined aria-label="费率说明" />
                </Tooltip>
              </Space>
            }
            required
          >
            <TierTable form={form} />
          </Form.Item>
        ) : (
          <Form.Item name="serviceRate" label="服务费率" required rules={[zodRule(singleServiceRateSchema)]}>
            <Input
              placeholder="请输入服务费率"
              maxLength={INPUT_MAX_LENGTH.singleServiceRate}
              suffix="%"
              className="fee-rate-input"
            />
          </Form.Item>
        )}
      </Form>
    );
  }

  const footer = editing
    ? [
        <Button key="cancel" onClick={cancel}>
          取消
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={saving}
          disabled={!loaded}
          onClick={() => void submit().catch(() => undefined)}
        >
          保存
        </Button>,
      ]
    : [
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Button key="edit" type="primary" disabled={!loaded} onClick={() => setEditing(true)}>
          修改
        </Button>,
      ];

  return (
    <Modal
      open={open}
      title="服务费变更"
      width={DIALOG_WIDTH.enterpriseMedium}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={footer}
    >
      {body}
    </Modal>
  );
}
