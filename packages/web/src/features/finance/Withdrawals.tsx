/**
 * 提现 and 提现记录 of 财务账户管理 (decision 0048): the enterprise takes money from a paying bank to
 * one of its own 结算银行卡 with its transaction password and an SMS code; the records show how the
 * bank finished each withdrawal (a failed one's money is back on the balance).
 */
import {
  formatYuanText as yuan,
  INPUT_MAX_LENGTH,
  MSG,
  maskPhone,
  type PayBank,
  parseYuanToFen,
  WITHDRAWAL_MSG,
  WITHDRAWAL_STATUS,
  type WithdrawalRecord,
  withdrawalAmountFenSchema,
} from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { notifier } from '../../app/notify';
import { useSession } from '../../app/session-store';
import { FormDialog } from '../../components/FormDialog';
import { SmsCodeField } from '../../components/SmsCodeField';
import { chinaTimeColumn } from '../../components/list/china-time-column';
import { ListPage } from '../../components/list/ListPage';
import { StatusTag } from '../../components/list/StatusTag';
import { zodRule } from '../../components/zod-rule';
import {
  ACCOUNT_FLOW_KEY,
  FINANCIAL_ACCOUNT_KEY,
  fetchWithdrawals,
  fetchWithdrawCards,
  sendWithdrawCode,
  WITHDRAW_CARDS_KEY,
  WITHDRAWAL_KEY,
  withdraw,
} from './finance-calls';
import { payPasswordRule } from './pay-password-rule';

interface WithdrawFormValues {
  cardId: number;
  amount: string;
  password: string;
  phoneCode: string;
}

const cardLabel = (bankName: string, account: string) => `${bankName}（尾号${account.slice(-4)}）`;

/** While the bank works on a withdrawal the records are asked again every few seconds. */
const OPEN_WITHDRAWAL_REFRESH_MS = 3000;

/** 提现: mounted per opening, so each opening is one request id (a double click withdraws once). */
export function WithdrawDialog({
  bank,
  passwordSet,
  onClose,
}: {
  bank: PayBank;
  passwordSet: boolean;
  onClose(): void;
}) {
  const [form] = Form.useForm<WithdrawFormValues>();
  const [requestId] = useState(() => crypto.randomUUID());
  const phone = useSession((state) => state.userInfo?.username ?? '');
  const queryClient = useQueryClient();
  const cards = useQuery({ queryKey: [...WITHDRAW_CARDS_KEY, bank.id], queryFn: () => fetchWithdrawCards(bank.id) });
  const noCard = cards.isSuccess && cards.data.length === 0;
  const submit = async (values: WithdrawFormValues) => {
    await withdraw({
      id: bank.id,
      cardId: values.cardId,
      amount: values.amount.trim(),
      requestId,
      password: values.password,
      phone,
      phoneCode: values.phoneCode,
    });
    notifier().success(WITHDRAWAL_MSG.requested);
    await Promise.all(
      [FINANCIAL_ACCOUNT_KEY, ACCOUNT_FLOW_KEY, WITHDRAWAL_KEY].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  };
  const withinBalance = {
    validator: async (_: unknown, value: string | undefined) => {
      const fen = value ? parseYuanToFen(value.trim()) : null;
      const balance = parseYuanToFen(bank.accountSum) ?? 0;
      if (fen !== null && fen > balance) throw new Error(WITHDRAWAL_MSG.overBalance);
    },
  };
  return (
    <FormDialog open title="提现" width={480} okText="确认提现" form={form} onSubmit={submit} onClose={onClose}>
      {noCard && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={WITHDRAWAL_MSG.noCard} />}
      {!passwordSet && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={MSG.payPasswordNotSet} />}
      <Form.Item label="付款银行" htmlFor="withdraw-bank">
        <Input id="withdraw-bank" value={`${bank.bankName} ${bank.bankAccount}`} disabled />
      </Form.Item>
      <Form.Item label="可提现余额" htmlFor="withdraw-balance">
        <Input id="withdraw-balance" value={yuan(bank.accountSum)} disabled />
      </Form.Item>
      <Form.Item
        name="cardId"
        label="收款银行卡"
        required
        rules={[{ required: true, message: WITHDRAWAL_MSG.cardRequired }]}
      >
        <Select
          aria-label="收款银行卡"
          placeholder="请选择收款银行卡"
          loading={cards.isLoading}
          notFoundContent={MSG.emptyList}
          options={(cards.data ?? []).map((card) => ({
            value: card.id,
            label: `${cardLabel(card.bankDeposit, card.bankAccount)} ${card.bankUserName}`,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label="提现金额（元）"
        required
        rules={[zodRule(withdrawalAmountFenSchema), withinBalance]}
      >
        <Input placeholder="请输入提现金额" maxLength={12} inputMode="decimal" />
      </Form.Item>
      <Form.Item name="password" label="交易密码" required rules={[payPasswordRule]}>
        <Input.Password placeholder="请输入交易密码" maxLength={INPUT_MAX_LENGTH.transactionPassword} />
      </Form.Item>
      <Form.Item label="手机号">
        <Input value={maskPhone(phone)} disabled />
      </Form.Item>
      <SmsCodeField send={() => sendWithdrawCode(phone)} />
    </FormDialog>
  );
}

const withdrawalColumns: ColumnsType<WithdrawalRecord> = [
  chinaTimeColumn('createTime', '申请时间'),
  {
    key: 'card',
    title: '收款银行卡',
    width: 230,
    ellipsis: true,
    render: (_: unknown, row) => (
      <>
        <Typography.Text ellipsis={{ tooltip: true }} style={{ display: 'block' }}>
          {`尾号${row.cardAccount.slice(-4)} ${row.cardUserName}`}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis={{ tooltip: true }} style={{ display: 'block' }}>
          {row.cardBankName}
        </Typography.Text>
      </>
    ),
  },
  {
    key: 'amount',
    dataIndex: 'amount',
    title: '提现金额',
    width: 120,
    align: 'right',
    render: (value: string) => yuan(value),
  },
  {
    key: 'status',
    dataIndex: 'status',
    title: '状态',
    width: 180,
    render: (value: number, row) => (
      <>
        <StatusTag dictionary={WITHDRAWAL_STATUS} value={value as 0 | 1 | 2} />
        {row.failureReason && (
          <div>
            <Typography.Text type="danger">{row.failureReason}，款项已退回</Typography.Text>
          </div>
        )}
      </>
    ),
  },
  { key: 'yurref', dataIndex: 'yurref', title: '业务参考号', width: 200 },
  chinaTimeColumn('finishTime', '完成时间'),
  { key: 'createBy', dataIndex: 'createBy', title: '申请人', width: 90, ellipsis: true },
];

/**
 * 提现记录 of one paying bank, newest first; asked again while the bank works on one. Closed, the
 * balances and flows are read again (a failed withdrawal's money is back).
 */
export function WithdrawalsDialog({ bank, onClose }: { bank: PayBank | null; onClose(): void }) {
  const queryClient = useQueryClient();
  const close = () => {
    for (const queryKey of [FINANCIAL_ACCOUNT_KEY, ACCOUNT_FLOW_KEY]) void queryClient.invalidateQueries({ queryKey });
    onClose();
  };
  return (
    <Modal
      open={bank !== null}
      title={bank ? `提现记录 - ${bank.bankName} ${bank.bankAccount}` : '提现记录'}
      width={1200}
      footer={null}
      onCancel={close}
      destroyOnHidden
    >
      {bank && (
        <ListPage<WithdrawalRecord, { id: number }>
          queryKey={[...WITHDRAWAL_KEY, bank.id]}
          fetchPage={(request) => fetchWithdrawals({ pageNo: request.pageNo, pageSize: request.pageSize, id: bank.id })}
          rowKey="id"
          columns={withdrawalColumns}
          listType={2}
          defaultPageSize={10}
          refreshEvery={(answer) =>
            answer.records.some((record) => record.status === 0) ? OPEN_WITHDRAWAL_REFRESH_MS : false
          }
        />
      )}
    </Modal>
  );
}
