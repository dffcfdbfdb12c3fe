import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { LONG, pickOption, renderWithQuery, signedInAs } from '../../components/list/testing';
import FinancialAccountManagePage from './FinancialAccountManagePage';

const api = vi.hoisted(() => ({
  FINANCIAL_ACCOUNT_KEY: ['finance', 'accounts'],
  ACCOUNT_FLOW_KEY: ['finance', 'flows'],
  PAY_PASSWORD_STATUS_KEY: ['finance', 'payPasswordStatus'],
  WITHDRAWAL_KEY: ['finance', 'withdrawals'],
  WITHDRAW_CARDS_KEY: ['finance', 'withdrawCards'],
  fetchFinancialAccounts: vi.fn(),
  fetchAccountFlows: vi.fn(),
  fetchPayPasswordStatus: vi.fn(),
  topUp: vi.fn(),
  savePayPassword: vi.fn(),
  sendPasswordCode: vi.fn(),
  fetchWithdrawCards: vi.fn(),
  fetchWithdrawals: vi.fn(),
  sendWithdrawCode: vi.fn(),
  withdraw: vi.fn(),
}));
vi.mock('./finance-calls', () => api);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const bank = {
  id: 11,
  bankNo: 'CMB',
  bankNo_dictText: '招商银行',
  bankName: '招商银行',
  bankAccount: '7310000001',
  accountSn: '0000000009',
  accountSum: '500000.00',
  platformId: 3,
  enterpriseId: 9,
  enterpriseName: '杭州星联医药科技有限公司',
  tenantId: 3,
  tenantName: '华东众包服务平台',
};

const withdrawal = {
  id: 3,
  yurref: 'FPW261128000000000301',
  payBankId: 11,
  payBankName: '招商银行',
  payBankAccount: '7310000001',
  cardBankName: '中国工商银行杭州西湖支行',
  cardAccount: '1202003110900000002',
  cardUserName: '杭州星联医药科技有限公司',
  amount: '1500.00',
  status: 2,
  status_dictText: '提现失败',
  failureReason: '收款人户名与账号不符',
  enterpriseId: 9,
  enterpriseName: '杭州星联医药科技有限公司',
  createBy: '王经理',
  createTime: Date.UTC(2026, 10, 28, 2, 0, 0),
  finishTime: Date.UTC(2026, 10, 28, 2, 0, 5),
};

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('enterprise', 2);
  useSession.setState({ permList: ['financialAccount:list:view', 'financialAccount:list:withdraw'] });
  api.fetchFinancialAccounts.mockResolvedValue({ records: [bank], total: 1 });
  api.fetchPayPasswordStatus.mockResolvedValue({ isSet: true, updateTime: Date.UTC(2025, 10, 1) });
  api.fetchWithdrawCards.mockResolvedValue([
    {
      id: 21,
      bankDeposit: '中国工商银行杭州分行营业部',
      bankAccount: '1202003110900000001',
      bankUserName: '杭州星联医药科技有限公司',
    },
  ]);
});

const openWithdraw = async () => {
  renderWithQuery(<FinancialAccountManagePage />);
  fireEvent.click(await screen.findByRole('button', { name: /^提\s*现$/ }, LONG));
  return screen.findByRole('dialog');
};

describe('提现', { timeout: 60_000 }, () => {
  it('checks the card, the amount (rule and balance), the password and the code, then withdraws once', async () => {
    api.withdraw.mockResolvedValue({ ...withdrawal, status: 0, failureReason: null, finishTime: null });
    api.sendWithdrawCode.mockResolvedValue({ phone: '138****0001', resendAfterSeconds: 60 });
    const dialog = await openWithdraw();
    expect((within(dialog).getByDisplayValue('¥500,000.00') as HTMLInputElement).disabled).toBe(true);
    const confirm = () => fireEvent.click(within(dialog).getByRole('button', { name: '确认提现' }));
    confirm();
    expect(await within(dialog).findByText('请选择收款银行卡', {}, LONG)).toBeTruthy();
    expect(
      await within(dialog).findByText('请输入提现金额', { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    expect(
      await within(dialog).findByText('请输入交易密码', { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    const amount = within(dialog).getByPlaceholderText('请输入提现金额');
    fireEvent.change(amount, { target: { value: '12.345' } });
    expect(await within(dialog).findByText('请输入大于0且小于1000000、最多两位小数的金额')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '600000' } });
    expect(await within(dialog).findByText('提现金额不能超过账户余额')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '88.80' } });
    await pickOption('收款银行卡', '中国工商银行杭州分行营业部（尾号0001） 杭州星联医药科技有限公司');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入交易密码'), { target: { value: '135790' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(api.sendWithdrawCode).toHaveBeenCalledWith('13800000001'));
    fireEvent.change(within(dialog).getByPlaceholderText('请输入验证码'), { target: { value: '123456' } });
    confirm();
    await waitFor(() => expect(api.withdraw).toHaveBeenCalledTimes(1));
    expect(api.withdraw).toHaveBeenCalledWith({
      id: 11,
      cardId: 21,
      amount: '88.80',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      password: '135790',
      phone: '13800000001',
      phoneCode: '123456',
    });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('提现申请已提交，银行处理中'));
    expect(api.fetchWithdrawCards).toHaveBeenCalledWith(11);
  });

  it('warns when the enterprise has no card or no transaction password', async () => {
    api.fetchWithdrawCards.mockResolvedValue([]);
    api.fetchPayPasswordStatus.mockResolvedValue({ isSet: false, updateTime: null });
    const dialog = await openWithdraw();
    expect(await within(dialog).findByText('本企业尚未添加结算银行卡，请先在企业信息中添加', {}, LONG)).toBeTruthy();
    expect(within(dialog).getByText('尚未设置交易密码，请先设置交易密码')).toBeTruthy();
  });

  it('lists the withdrawals in China time with the bank’s reason, and shows the platform side no 提现', async () => {
    api.fetchWithdrawals.mockResolvedValue({
      records: [withdrawal, { ...withdrawal, id: 4, status: 1, status_dictText: '提现成功', failureReason: null }],
      total: 2,
    });
    signedInAs('platform', 2);
    useSession.setState({ permList: ['financialAccount:list:view'] });
    renderWithQuery(<FinancialAccountManagePage />);
    fireEvent.click(await screen.findByRole('button', { name: '提现记录' }, LONG));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('收款人户名与账号不符，款项已退回', {}, LONG)).toBeTruthy();
    expect(within(dialog).getByText('提现失败')).toBeTruthy();
    expect(within(dialog).getByText('提现成功')).toBeTruthy();
    expect(within(dialog).getAllByText('2026-11-28 10:00:00')).toHaveLength(2);
    expect(within(dialog).getAllByText('尾号0002 杭州星联医药科技有限公司')).toHaveLength(2);
    expect(within(dialog).getAllByText('中国工商银行杭州西湖支行')).toHaveLength(2);
    expect(api.fetchWithdrawals).toHaveBeenCalledWith({ pageNo: 1, pageSize: 10, id: 11 });
    expect(screen.queryByRole('button', { name: /^提\s*现$/ })).toBeNull();
  });

  it('says 暂无数据 when the bank has no withdrawal', async () => {
    api.fetchWithdrawals.mockResolvedValue({ records: [], total: 0 });
    renderWithQuery(<FinancialAccountManagePage />);
    fireEvent.click(await screen.findByRole('button', { name: '提现记录' }, LONG));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findAllByText('暂无数据', {}, LONG)).length).toBeGreaterThan(0);
  });
});
