/**
 * The settlement dialog (spec 2 §2.2, §4 "Settlement dialog", §5, §8, §9): two steps.
 *
 * 1 结算信息: the settlement's figures and its per-person lines as the server confirms them
 *   (confirmSettlementDetailList, 15 s); 下一步 stays off while they load, when there are none, and
 *   when any person cannot be settled (each line says why).
 * 2 银行付款: a paying bank of the enterprise with its balance (a short balance offers the top-up
 *   page), the transaction password and the SMS code; 确认付款 stays off while the chosen bank cannot
 *   cover the amount. The server pays exactly once; the button is busy while the request runs.
 *
 * Opened from the settlement list's 结算 action (enterprise mode, audit 2, pay status 0).
 */
import { LoadingOutlined } from '@ant-design/icons';
import {
  INPUT_MAX_LENGTH,
  loadsNoticesAndBanks,
  MSG,
  maskPhone,
  type PayBank,
  parseYuanToFen,
  type SettlementLine,
  type SettlementRecord,
  transactionPasswordSchema,
} from '@fieldpay/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Modal, Select, Space, Steps, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { notifier } from '../../app/notify';
import { useSession } from '../../app/session-store';
import { SmsCodeField } from '../../components/SmsCodeField';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { zodRule } from '../../components/zod-rule';
import {
  fetchPayBanks,
  fetchSettleLines,
  payBanksKey,
  paySettlement,
  sendPayCode,
  settleLinesKey,
} from './settle-calls';
import { topUpPath } from '../finance/top-up-link';
import { yuan } from './settlement-format';

/** Payment advice under the pay form (spec 2 §4). */
export const PAY_ADVICE =
  '温馨提示：充值后请先在财务账户管理中查看账户流水，确认到账后再付款；付款成功后，结算凭证可能延迟24小时生成。';

const DASH = '-';
const fenOf = (text: string) => parseYuanToFen(text) ?? 0;

/** A line that cannot be settled, with the reason the server gave. */
const lineFailed = (line: SettlementLine) => line.isSuccess === 0 && Boolean(line.thirdResponseMsg);

const taxColumn = (key: keyof SettlementLine & string, title: string): ColumnsType<SettlementLine>[number] => ({
  key,
  dataIndex: key,
  title,
  width: 110,
  align: 'right',
  // before payment every line is unsent (thirdPayStatus 0): the computed taxes of a payable line are
  // what the enterprise is about to pay, so only a line that cannot be paid reads as a dash (decision 0025)
  render: (value: string, line) => (line.isSuccess === 1 ? yuan(value) : DASH),
});

function lineColumns(taxModel: number, anyFailed: boolean): ColumnsType<SettlementLine> {
  return [
    { key: 'userName', dataIndex: 'userName', title: '姓名', width: 100, fixed: 'left' },
    { key: 'phone', dataIndex: 'phone', title: '手机号', width: 130, render: (value: string) => maskPhone(value) },
    {
      key: 'accountNo',
      dataIndex: 'accountNo',
      title: '银行卡号',
      width: 190,
      render: (value: string) => value || DASH,
    },
    { key: 'bankName', dataIndex: 'bankName', title: '开户银行', width: 130, render: (value: string) => value || DASH },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: '结算金额',
      width: 120,
      align: 'right',
      render: (value: string) => yuan(value),
    },
    { key: 'totalTask', dataIndex: 'totalTask', title: '任务数', width: 80, align: 'right' },
    ...(taxModel === 1
      ? [
          taxColumn('totalTaxAmount', '税费合计'),
          taxColumn('individualIncomeTax', '个人所得税'),
          taxColumn('valueAddedTax', '增值税'),
          taxColumn('surchargeTax', '附加税'),
          taxColumn('receivedAmount', '实发金额'),
        ]
      : []),
    ...(anyFailed
      ? [
          {
            key: 'thirdResponseMsg',
            dataIndex: 'thirdResponseMsg',
            title: '不可结算原因',
            width: 260,
            render: (value: string, line: SettlementLine) =>
              lineFailed(line) ? <Typography.Text type="danger">{value}</Typography.Text> : DASH,
          },
        ]
      : []),
  ];
}

function InfoStep({ settlement, onNext, onClose }: { settlement: SettlementRecord; onNext(): void; onClose(): void }) {
  const lines = useQuery({
    queryKey: settleLinesKey(settlement.id),
    queryFn: () => fetchSettleLines(settlement.id),
    staleTime: 0,
    gcTime: 0,
  });
  const rows = lines.data ?? [];
  const failed = rows.filter(lineFailed);
  const settleable = lines.isSuccess && rows.length > 0 && failed.length === 0;

  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={3}
        items={[
          { key: 'settlementSn', label: '结算单号', children: settlement.settlementSn },
          { key: 'projectName', label: '项目名称', children: settlement.projectName },
          { key: 'visitTypeValue', label: '服务类型', children: settlement.visitTypeValue },
          { key: 'amount', label: '结算金额', children: yuan(settlement.amount) },
          { key: 'fee', label: '服务费', children: yuan(settlement.fee) },
          { key: 'totalPersonNum', label: '结算人数', children: settlement.totalPersonNum },
        ]}
      />
      <div style={{ margin: '16px 0 8px' }}>
        {lines.isLoading && <Alert type="info" showIcon icon={<LoadingOutlined />} title={MSG.settlementCalculating} />}
        {failed.length > 0 && <Alert type="warning" showIcon title={MSG.settlementHasUnpayablePerson} />}
        {lines.isError && <LoadFailedAlert what="结算费用明细" onRetry={() => void lines.refetch()} />}
      </div>
      <Table<SettlementLine>
        rowKey="id"
        size="small"
        columns={lineColumns(settlement.taxModel, failed.length > 0)}
        dataSource={rows}
        loading={lines.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      />
      <div style={{ textAlign: 'right', marginTop: 16 }}>
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" disabled={!settleable} onClick={onNext}>
            下一步
          </Button>
        </Space>
      </div>
    </>
  );
}

interface PayFormValues {
  bankId?: number;
  password: string;
  phoneCode: string;
}

function PayStep({
  settlement,
  onBack,
  onClose,
  onPaid,
}: {
  settlement: SettlementRecord;
  onBack(): void;
  onClose(): void;
  onPaid(): void;
}) {
  const [form] = Form.useForm<PayFormValues>();
  const navigate = useNavigate();
  const phone = useSession((state) => state.userInfo?.username ?? '');
  const userIdentity = useSession((state) => state.userInfo?.userIdentity);
  // the bank list loads only when userIdentity is not 1 (spec 2 §6): the platform operator pays nothing
  const banks = useQuery({
    queryKey: payBanksKey(settlement.tenantId, settlement.enterpriseId),
    queryFn: () => fetchPayBanks(settlement.tenantId, settlement.enterpriseId),
    enabled: loadsNoticesAndBanks(userIdentity),
    staleTime: 0,
  });
  const bankId = Form.useWatch('bankId', form);
  const bank: PayBank | undefined = banks.data?.find((row) => row.id === bankId);
  const short = bank !== undefined && fenOf(bank.accountSum) < fenOf(settlement.amount);
  const noBank = banks.isSuccess && banks.data.length === 0;
  const [paying, setPaying] = useState(false);
  /** a second click while the first request runs is dropped (the server pays once anyway) */
  const inFlight = useRef(false);

  const pay = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const values = await form.validateFields().catch(() => null);
      const chosen = banks.data?.find((row) => row.id === values?.bankId);
      if (!values || !chosen) return;
      setPaying(true);
      const answer = await paySettlement({
        settlementId: settlement.id,
        bank: chosen,
        password: values.password,
        phone,
        phoneCode: values.phoneCode,
      });
      if (answer.repeated) notifier().warning(answer.message);
      else notifier().success(answer.message);
      onClose();
      onPaid();
    } catch {
      // the request layer has shown the server's message; the form stays for another try
    } finally {
      inFlight.current = false;
      setPaying(false);
    }
  };

  const topUp = () => {
    onClose();
    navigate(topUpPath(settlement));
  };

  return (
    <>
      {noBank && <Alert type="warning" showIcon title={MSG.noBankConfigured} style={{ marginBottom: 16 }} />}
      <Form<PayFormValues> form={form} layout="horizontal" labelCol={{ flex: '100px' }} style={{ maxWidth: 560 }}>
        <Form.Item label="结算单号">{settlement.settlementSn}</Form.Item>
        <Form.Item label="付款金额">
          <Typography.Text strong>{yuan(settlement.amount)}</Typography.Text>
        </Form.Item>
        <Form.Item name="bankId" label="付款银行" required rules={[{ required: true, message: MSG.payBankRequired }]}>
          <Select
            placeholder="请选择付款银行"
            loading={banks.isLoading}
            disabled={noBank}
            notFoundContent={MSG.noBankConfigured}
            options={(banks.data ?? []).map((row) => ({
              value: row.id,
              label: `${row.bankName}（${row.bankAccount}）`,
            }))}
          />
        </Form.Item>
        {bank && (
          <Form.Item label="账户余额">
            <Typography.Text type={short ? 'danger' : undefined}>{yuan(bank.accountSum)}</Typography.Text>
          </Form.Item>
        )}
        {short && (
          <Form.Item label=" " colon={false}>
            <Alert
              type="warning"
              showIcon
              title={MSG.insufficientBalance}
              action={
                <Button size="small" type="primary" onClick={topUp}>
                  去充值
                </Button>
              }
            />
          </Form.Item>
        )}
        <Form.Item name="password" label="交易密码" required rules={[zodRule(transactionPasswordSchema)]}>
          <Input.Password
            placeholder="请输入交易密码"
            maxLength={INPUT_MAX_LENGTH.transactionPassword}
            inputMode="numeric"
            autoComplete="off"
          />
        </Form.Item>
        <Form.Item label="手机号">
          <Input value={maskPhone(phone)} disabled />
        </Form.Item>
        <SmsCodeField send={() => sendPayCode(phone, settlement.id)} />
      </Form>
      <Alert type="info" showIcon title={PAY_ADVICE} />
      <div style={{ textAlign: 'right', marginTop: 16 }}>
        <Space>
          <Button onClick={onBack} disabled={paying}>
            上一步
          </Button>
          <Button onClick={onClose} disabled={paying}>
            取消
          </Button>
          <Button type="primary" loading={paying} disabled={noBank || short} onClick={() => void pay()}>
            确认付款
          </Button>
        </Space>
      </div>
    </>
  );
}

function SettleSteps({
  settlement,
  onClose,
  onPaid,
}: {
  settlement: SettlementRecord;
  onClose(): void;
  onPaid(): void;
}) {
  const [step, setStep] = useState(0);
  return (
    <>
      <Steps current={step} items={[{ title: '结算信息' }, { title: '银行付款' }]} style={{ marginBottom: 24 }} />
      {step === 0 ? (
        <InfoStep settlement={settlement} onNext={() => setStep(1)} onClose={onClose} />
      ) : (
        <PayStep settlement={settlement} onBack={() => setStep(0)} onClose={onClose} onPaid={onPaid} />
      )}
    </>
  );
}

export function SettleDialog({
  settlement,
  onClose,
  onPaid,
}: {
  settlement: SettlementRecord | null;
  onClose(): void;
  onPaid(): void;
}) {
  return (
    <Modal
      open={settlement !== null}
      title="结算"
      width={1100}
      footer={null}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {settlement && <SettleSteps key={settlement.id} settlement={settlement} onClose={onClose} onPaid={onPaid} />}
    </Modal>
  );
}
