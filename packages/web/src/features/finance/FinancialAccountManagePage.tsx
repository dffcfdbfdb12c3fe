/**
 * 财务账户管理 (spec 2 §2: /company/financialSystem/financialAccountManage; decision 0018): the paying
 * banks with their balances from the ledger, top-up through the bank, each bank's flows, and on the
 * enterprise side the transaction password. Opened from the settlement dialog with sign=1 it says
 * why (the balance was short) and offers the way back to the settlement it carries in the address.
 */
import { AccountBookOutlined, SafetyOutlined } from '@ant-design/icons';
import {
  type AccountFlowRecord,
  FLOW_DIRECTION,
  formatYuanText as yuan,
  INPUT_MAX_LENGTH,
  MSG,
  maskPhone,
  type PayBank,
  topUpAmountSchema,
} from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Modal, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { notifier } from '../../app/notify';
import { useSession } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import { useOneAtATime } from '../../app/use-one-at-a-time';
import { FormDialog } from '../../components/FormDialog';
import { SmsCodeField } from '../../components/SmsCodeField';
import { chinaTimeColumn } from '../../components/list/china-time-column';
import { ListPage } from '../../components/list/ListPage';
import { StatusTag } from '../../components/list/StatusTag';
import { zodRule } from '../../components/zod-rule';
import { SETTLEMENT_LIST_PATH, settlementDetailPath } from '../settlements/settlement-paths';
import {
  ACCOUNT_FLOW_KEY,
  downloadAccountProof,
  FINANCIAL_ACCOUNT_KEY,
  fetchAccountFlows,
  fetchFinancialAccounts,
  fetchPayPasswordStatus,
  PAY_PASSWORD_STATUS_KEY,
  savePayPassword,
  sendPasswordCode,
  topUp,
} from './finance-calls';
import { payPasswordRule } from './pay-password-rule';
import { readPendingSettlement } from './top-up-link';
import { WithdrawalsDialog, WithdrawDialog } from './Withdrawals';

function TopUpDialog({ bank, onClose }: { bank: PayBank | null; onClose(): void }) {
  const [form] = Form.useForm<{ amount: string }>();
  const queryClient = useQueryClient();
  const submit = async ({ amount }: { amount: string }) => {
    if (!bank) return;
    const answer = await topUp(bank.id, amount.trim());
    notifier().success(`${MSG.topUpSuccess}，当前余额 ${yuan(answer.accountSum)}`);
    await queryClient.invalidateQueries({ queryKey: FINANCIAL_ACCOUNT_KEY });
    await queryClient.invalidateQueries({ queryKey: ACCOUNT_FLOW_KEY });
  };
  return (
    <FormDialog
      open={bank !== null}
      title="充值"
      width={450}
      okText="确认充值"
      form={form}
      onSubmit={submit}
      onClose={onClose}
    >
      {bank && (
        <>
          <Form.Item label="付款银行" htmlFor="top-up-bank">
            <Input id="top-up-bank" value={`${bank.bankName} ${bank.bankAccount}`} disabled />
          </Form.Item>
          {bank.accountSn && (
            <Form.Item label="记账子单元编号" htmlFor="top-up-account-sn" extra="银行按此编号将到账资金记入本企业账户">
              <Input id="top-up-account-sn" value={bank.accountSn} disabled />
            </Form.Item>
          )}
          <Form.Item label="当前余额" htmlFor="top-up-balance">
            <Input id="top-up-balance" value={yuan(bank.accountSum)} disabled />
          </Form.Item>
          <Form.Item name="amount" label="充值金额（元）" required rules={[zodRule(topUpAmountSchema)]}>
            <Input placeholder="请输入充值金额" maxLength={12} inputMode="decimal" />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}

function FlowsDialog({ bank, onClose }: { bank: PayBank | null; onClose(): void }) {
  // one receipt at a time: the clicked row's button spins, the others wait
  const proof = useOneAtATime();
  const columns: ColumnsType<AccountFlowRecord> = [
    chinaTimeColumn('postedAt', '记账时间'),
    { key: 'entryTypeLabel', dataIndex: 'entryTypeLabel', title: '业务类型', width: 100 },
    {
      key: 'direction',
      dataIndex: 'direction',
      title: '收支',
      width: 80,
      render: (value: number) => <StatusTag dictionary={FLOW_DIRECTION} value={value as 1 | 2} />,
    },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: '金额',
      width: 140,
      render: (value: string, row) => `${row.direction === 1 ? '+' : '-'}${yuan(value)}`,
    },
    {
      key: 'balanceAfter',
      dataIndex: 'balanceAfter',
      title: '账户余额',
      width: 140,
      render: (value: string) => yuan(value),
    },
    { key: 'reference', dataIndex: 'reference', title: '银行流水号/业务编号', width: 180, ellipsis: true },
    { key: 'memo', dataIndex: 'memo', title: '备注', ellipsis: true },
    {
      key: 'actions',
      title: '操作',
      width: 100,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Button
          type="link"
          size="small"
          loading={proof.busy === `proof-${row.id}`}
          disabled={proof.busy !== null && proof.busy !== `proof-${row.id}`}
          onClick={() => proof.run(`proof-${row.id}`, () => downloadAccountProof(row.id))}
        >
          下载回单
        </Button>
      ),
    },
  ];
  return (
    <Modal
      open={bank !== null}
      title={bank ? `账户流水 - ${bank.bankName} ${bank.bankAccount}` : '账户流水'}
      width={1100}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {bank && (
        <ListPage<AccountFlowRecord, { id: number }>
          queryKey={[...ACCOUNT_FLOW_KEY, bank.id]}
          fetchPage={(request) =>
            fetchAccountFlows({ pageNo: request.pageNo, pageSize: request.pageSize, id: bank.id })
          }
          rowKey="id"
          columns={columns}
          listType={2}
          defaultPageSize={10}
        />
      )}
    </Modal>
  );
}

interface PasswordFormValues {
  oldPassword?: string;
  password: string;
  confirmPassword: string;
  phoneCode: string;
}

function PayPasswordDialog({ open, isSet, onClose }: { open: boolean; isSet: boolean; onClose(): void }) {
  const [form] = Form.useForm<PasswordFormValues>();
  const phone = useSession((state) => state.userInfo?.username ?? '');
  const queryClient = useQueryClient();
  const submit = async (values: PasswordFormValues) => {
    await savePayPassword({
      password: values.password,
      oldPassword: values.oldPassword,
      phone,
      phoneCode: values.phoneCode,
    });
    notifier().success(MSG.payPasswordSaved);
    await queryClient.invalidateQueries({ queryKey: PAY_PASSWORD_STATUS_KEY });
  };
  return (
    <FormDialog
      open={open}
      title={isSet ? '修改交易密码' : '设置交易密码'}
      width={450}
      form={form}
      onSubmit={submit}
      onClose={onClose}
    >
      {isSet && (
        <Form.Item name="oldPassword" label="原交易密码" required rules={[payPasswordRule]}>
          <Input.Password placeholder="请输入原交易密码" maxLength={INPUT_MAX_LENGTH.transactionPassword} />
        </Form.Item>
      )}
      <Form.Item name="password" label="交易密码" required rules={[payPasswordRule]} extra="6位数字">
        <Input.Password placeholder="请输入交易密码" maxLength={INPUT_MAX_LENGTH.transactionPassword} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label="确认交易密码"
        required
        dependencies={['password']}
        rules={[
          payPasswordRule,
          ({ getFieldValue }) => ({
            validator: async (_: unknown, value: string | undefined) => {
              if (value && value !== getFieldValue('password')) throw new Error(MSG.passwordsDiffer);
            },
          }),
        ]}
      >
        <Input.Password placeholder="请再次输入交易密码" maxLength={INPUT_MAX_LENGTH.transactionPassword} />
      </Form.Item>
      <Form.Item label="手机号">
        <Input value={maskPhone(phone)} disabled />
      </Form.Item>
      <SmsCodeField send={() => sendPasswordCode(phone)} />
    </FormDialog>
  );
}

export default function FinancialAccountManagePage() {
  const side = useSession((state) => state.side);
  const { can } = useAccess();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fromSettlement = params.get('sign') === '1';
  const pending = fromSettlement ? readPendingSettlement(params) : null;
  const [topUpBank, setTopUpBank] = useState<PayBank | null>(null);
  const [flowBank, setFlowBank] = useState<PayBank | null>(null);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [withdrawBank, setWithdrawBank] = useState<PayBank | null>(null);
  const [withdrawalsBank, setWithdrawalsBank] = useState<PayBank | null>(null);
  const enterpriseSide = side === 'enterprise';
  const passwordStatus = useQuery({
    queryKey: PAY_PASSWORD_STATUS_KEY,
    queryFn: fetchPayPasswordStatus,
    enabled: enterpriseSide,
  });
  const isSet = passwordStatus.data?.isSet ?? false;

  const columns: ColumnsType<PayBank> = [
    ...(enterpriseSide
      ? []
      : [{ key: 'enterpriseName', dataIndex: 'enterpriseName', title: '企业名称', width: 220, ellipsis: true }]),
    { key: 'bankName', dataIndex: 'bankName', title: '付款银行', width: 140 },
    { key: 'bankAccount', dataIndex: 'bankAccount', title: '银行账号', width: 180 },
    {
      key: 'accountSn',
      dataIndex: 'accountSn',
      title: '记账子单元编号',
      width: 150,
      render: (sn: string | null) => sn || '-',
    },
    { key: 'tenantName', dataIndex: 'tenantName', title: '所属平台', width: 180, ellipsis: true },
    {
      key: 'accountSum',
      dataIndex: 'accountSum',
      title: '账户余额',
      width: 160,
      align: 'right',
      render: (value: string) => <Typography.Text strong>{yuan(value)}</Typography.Text>,
    },
  ];

  return (
    <>
      <Card
        className="page-card"
        title={
          <span>
            <AccountBookOutlined /> 财务账户管理
          </span>
        }
        extra={
          enterpriseSide && can('financialAccount:password:edit') ? (
            <Space>
              <Typography.Text type="secondary">
                交易密码：{passwordStatus.isSuccess ? (isSet ? '已设置' : '未设置') : '-'}
              </Typography.Text>
              <Button
                icon={<SafetyOutlined />}
                onClick={() => setPasswordOpen(true)}
                disabled={!passwordStatus.isSuccess}
              >
                {isSet ? '修改交易密码' : '设置交易密码'}
              </Button>
            </Space>
          ) : undefined
        }
      >
        {fromSettlement && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={MSG.insufficientBalance}
            description={
              pending
                ? `结算单 ${pending.settlementSn} 需付款 ${yuan(pending.amount)}，请为付款银行充值，充值到账后返回结算单继续付款。`
                : '请为付款银行充值，充值到账后返回结算单继续付款。'
            }
            action={
              <Button
                size="small"
                onClick={() => navigate(pending ? settlementDetailPath(pending.id, true) : SETTLEMENT_LIST_PATH)}
              >
                返回结算
              </Button>
            }
          />
        )}
        <ListPage<PayBank, { enterpriseName?: string }>
          queryKey={FINANCIAL_ACCOUNT_KEY}
          fetchPage={(request) =>
            fetchFinancialAccounts({
              pageNo: request.pageNo,
              pageSize: request.pageSize,
              enterpriseName: request.enterpriseName,
            })
          }
          rowKey="id"
          columns={columns}
          searchFields={
            enterpriseSide ? undefined : (
              <Form.Item name="enterpriseName" label="企业名称">
                <Input allowClear placeholder="请输入企业名称" maxLength={INPUT_MAX_LENGTH.enterpriseName} />
              </Form.Item>
            )
          }
          actionColumn={{
            title: '操作',
            key: 'actions',
            width: enterpriseSide ? 240 : 150,
            fixed: 'right',
            render: (_: unknown, row: PayBank) => (
              <Space size={0}>
                {enterpriseSide && can('financialAccount:list:topUp') && (
                  <Button type="link" size="small" onClick={() => setTopUpBank(row)}>
                    充值
                  </Button>
                )}
                {enterpriseSide && can('financialAccount:list:withdraw') && (
                  <Button type="link" size="small" onClick={() => setWithdrawBank(row)}>
                    提现
                  </Button>
                )}
                <Button type="link" size="small" onClick={() => setFlowBank(row)}>
                  流水
                </Button>
                <Button type="link" size="small" onClick={() => setWithdrawalsBank(row)}>
                  提现记录
                </Button>
              </Space>
            ),
          }}
        />
      </Card>
      <TopUpDialog bank={topUpBank} onClose={() => setTopUpBank(null)} />
      <FlowsDialog bank={flowBank} onClose={() => setFlowBank(null)} />
      {withdrawBank && (
        <WithdrawDialog
          key={withdrawBank.id}
          bank={withdrawBank}
          passwordSet={isSet}
          onClose={() => setWithdrawBank(null)}
        />
      )}
      <WithdrawalsDialog bank={withdrawalsBank} onClose={() => setWithdrawalsBank(null)} />
      {enterpriseSide && <PayPasswordDialog open={passwordOpen} isSet={isSet} onClose={() => setPasswordOpen(false)} />}
    </>
  );
}
