import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { LONG, pickOption, renderPageAt, renderWithQuery, signedInAs } from '../../components/list/testing';
import FinancialAccountManagePage from './FinancialAccountManagePage';
import { FINANCIAL_ACCOUNT_PATH, topUpPath } from './top-up-link';

const api = vi.hoisted(() => ({
  FINANCIAL_ACCOUNT_KEY: ['finance', 'accounts'],
  ACCOUNT_FLOW_KEY: ['finance', 'flows'],
  PAY_PASSWORD_STATUS_KEY: ['finance', 'payPasswordStatus'],
  fetchFinancialAccounts: vi.fn(),
  fetchAccountFlows: vi.fn(),
  downloadAccountProof: vi.fn(),
  fetchPayPasswordStatus: vi.fn(),
  topUp: vi.fn(),
  savePayPassword: vi.fn(),
  sendPasswordCode: vi.fn(),
  WITHDRAWAL_KEY: ['finance', 'withdrawals'],
  WITHDRAW_CARDS_KEY: ['finance', 'withdrawCards'],
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

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('enterprise', 2);
  useSession.setState({
    permList: ['financialAccount:list:view', 'financialAccount:list:topUp', 'financialAccount:password:edit'],
  });
  api.fetchFinancialAccounts.mockResolvedValue({ records: [bank], total: 1 });
  api.fetchPayPasswordStatus.mockResolvedValue({ isSet: true, updateTime: Date.UTC(2025, 10, 1) });
  api.fetchAccountFlows.mockResolvedValue({
    records: [
      {
        id: 5,
        postedAt: Date.UTC(2025, 10, 24, 2, 0, 0),
        entryType: 'topUp',
        entryTypeLabel: '充值',
        direction: 1,
        amount: '120000.00',
        balanceAfter: '500000.00',
        reference: 'D000000000000002',
        memo: '充值（杭州星联医药科技有限公司）',
      },
    ],
    total: 1,
  });
});

describe('FinancialAccountManagePage', { timeout: 60_000 }, () => {
  it('shows each paying bank with its balance, and the transaction password state', async () => {
    renderWithQuery(<FinancialAccountManagePage />);
    expect(await screen.findByText('¥500,000.00', {}, LONG)).toBeTruthy();
    expect(screen.getByText('7310000001')).toBeTruthy();
    expect(screen.getByText('0000000009')).toBeTruthy();
    expect(await screen.findByText('交易密码：已设置')).toBeTruthy();
    expect(screen.getByRole('button', { name: /修改交易密码/ })).toBeTruthy();
  });

  it('says 暂无数据 when there is no paying bank', async () => {
    api.fetchFinancialAccounts.mockResolvedValue({ records: [], total: 0 });
    renderWithQuery(<FinancialAccountManagePage />);
    expect((await screen.findAllByText('暂无数据', {}, LONG)).length).toBeGreaterThan(0);
  });

  it('tops up with a checked amount and reloads the balances', async () => {
    api.topUp.mockResolvedValue({ bankRef: 'D000000000000009', amount: '100.50', accountSum: '500100.50' });
    renderWithQuery(<FinancialAccountManagePage />);
    fireEvent.click(await screen.findByRole('button', { name: /充\s*值/ }, LONG));
    const dialog = await screen.findByRole('dialog');
    // the bank credits a deposit to the enterprise by its sub-unit's code
    expect((within(dialog).getByDisplayValue('0000000009') as HTMLInputElement).disabled).toBe(true);
    const amount = within(dialog).getByPlaceholderText('请输入充值金额');
    fireEvent.change(amount, { target: { value: '1.234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认充值' }));
    expect(await within(dialog).findByText('请输入正确的充值金额（大于0，最多两位小数）')).toBeTruthy();
    expect(api.topUp).not.toHaveBeenCalled();
    fireEvent.change(amount, { target: { value: '100.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认充值' }));
    await waitFor(() => expect(api.topUp).toHaveBeenCalledWith(11, '100.50'));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('充值成功，当前余额 ¥500,100.50'));
    await waitFor(() => expect(api.fetchFinancialAccounts).toHaveBeenCalledTimes(2));
  });

  it('lists a bank flows in China time', async () => {
    renderWithQuery(<FinancialAccountManagePage />);
    fireEvent.click(await screen.findByRole('button', { name: /流\s*水/ }, LONG));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('2025-11-24 10:00:00', {}, LONG)).toBeTruthy();
    expect(within(dialog).getByText('+¥120,000.00')).toBeTruthy();
    expect(within(dialog).getByText('收入')).toBeTruthy();
    expect(api.fetchAccountFlows).toHaveBeenCalledWith({ pageNo: 1, pageSize: 10, id: 11 });
  });

  it('downloads a flow’s electronic receipt, one at a time', async () => {
    api.fetchAccountFlows.mockResolvedValue({
      records: [5, 6].map((id) => ({
        id,
        postedAt: Date.UTC(2025, 10, 24, 2, 0, id),
        entryType: 'topUp',
        entryTypeLabel: '充值',
        direction: 1,
        amount: '100.00',
        balanceAfter: '500000.00',
        reference: `D00000000000000${id}`,
        memo: '充值',
      })),
      total: 2,
    });
    let finish: () => void = () => {};
    api.downloadAccountProof.mockImplementation(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    renderWithQuery(<FinancialAccountManagePage />);
    fireEvent.click(await screen.findByRole('button', { name: /流\s*水/ }, LONG));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('2025-11-24 10:00:05', {}, LONG)).toBeTruthy();
    expect(within(dialog).getByRole('columnheader', { name: '操作' })).toBeTruthy();
    const [first, second] = within(dialog).getAllByRole('button', { name: /下载回单/ });
    fireEvent.click(second);
    await waitFor(() => expect(api.downloadAccountProof).toHaveBeenCalledWith(6));
    // while it runs the other row's button waits and a second click does nothing
    await waitFor(() => expect(first.hasAttribute('disabled')).toBe(true));
    fireEvent.click(first);
    fireEvent.click(second);
    expect(api.downloadAccountProof).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(() => expect(first.hasAttribute('disabled')).toBe(false));
    fireEvent.click(first);
    await waitFor(() => expect(api.downloadAccountProof).toHaveBeenLastCalledWith(5));
  });

  it('checks the transaction password form: 6 digits, the same twice, and the SMS code', async () => {
    renderWithQuery(<FinancialAccountManagePage />);
    fireEvent.click(await screen.findByRole('button', { name: /修改交易密码/ }, LONG));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入交易密码'), { target: { value: '12ab' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请输入正确的交易密码')).toBeTruthy();
    expect(within(dialog).getByText('请输入验证码')).toBeTruthy();
    api.sendPasswordCode.mockResolvedValue({ phone: '138****0001', resendAfterSeconds: 60 });
    fireEvent.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(api.sendPasswordCode).toHaveBeenCalledWith('13800000001'));
    // the 60-second countdown has started (a loaded machine may already show a second less)
    const resend = await within(dialog).findByRole('button', { name: /^\d+秒后重新获取$/ }, LONG);
    expect(Number.parseInt(resend.textContent ?? '', 10)).toBeGreaterThan(50);
    expect(Number.parseInt(resend.textContent ?? '', 10)).toBeLessThanOrEqual(60);
    expect(resend.hasAttribute('disabled')).toBe(true);
  });

  it('shows the platform side every enterprise of the tenant, searched by a name of at most 50, without top-up', async () => {
    signedInAs('platform', 2);
    useSession.setState({ permList: ['financialAccount:list:view'] });
    renderWithQuery(<FinancialAccountManagePage />);
    expect(await screen.findByText('杭州星联医药科技有限公司', {}, LONG)).toBeTruthy();
    expect((screen.getByPlaceholderText('请输入企业名称') as HTMLInputElement).maxLength).toBe(50);
    expect(screen.queryByRole('button', { name: /充\s*值/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /交易密码/ })).toBeNull();
    expect(api.fetchPayPasswordStatus).not.toHaveBeenCalled();
  });

  it('opened from a short balance (sign=1) names the settlement and returns to its payment', async () => {
    const at = topUpPath({ id: 7, settlementSn: 'JS26112200000007', amount: '1060.00' });
    renderPageAt(FINANCIAL_ACCOUNT_PATH, <FinancialAccountManagePage />, at);
    expect(await screen.findByText('当前余额不足，请充值', {}, LONG)).toBeTruthy();
    expect(
      screen.getByText('结算单 JS26112200000007 需付款 ¥1,060.00，请为付款银行充值，充值到账后返回结算单继续付款。'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '返回结算' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/settlement/order/list?isPage=notice&id=7&settle=1');
  });

  it('reads an edited or missing settlement in the address as none: the notice stays, 返回结算 opens the list', async () => {
    const forged = `${FINANCIAL_ACCOUNT_PATH}?sign=1&settlement=${encodeURIComponent('{"id":-1,"settlementSn":"<b>x</b>"}')}`;
    renderPageAt(FINANCIAL_ACCOUNT_PATH, <FinancialAccountManagePage />, forged);
    expect(await screen.findByText('请为付款银行充值，充值到账后返回结算单继续付款。', {}, LONG)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '返回结算' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/settlement/order/list');
  });

  it('shows no short-balance notice when opened from the menu', async () => {
    renderWithQuery(<FinancialAccountManagePage />);
    expect(await screen.findByText('¥500,000.00', {}, LONG)).toBeTruthy();
    expect(screen.queryByText('当前余额不足，请充值')).toBeNull();
  });
});

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

const openWithdraw = async () => {
  renderWithQuery(<FinancialAccountManagePage />);
  fireEvent.click(await screen.findByRole('button', { name: /^提\s*现$/ }, LONG));
  return screen.findByRole('dialog');
};

describe('提现', { timeout: 60_000 }, () => {
  beforeEach(() => {
    useSession.setState({ permList: ['financialAccount:list:view', 'financialAccount:list:withdraw'] });
    api.fetchWithdrawCards.mockResolvedValue([
      {
        id: 21,
        bankDeposit: '中国工商银行杭州分行营业部',
        bankAccount: '1202003110900000001',
        bankUserName: '杭州星联医药科技有限公司',
      },
    ]);
  });

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
