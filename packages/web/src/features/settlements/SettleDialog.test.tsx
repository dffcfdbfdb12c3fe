import {
  confirmSettlementDetailListOperation,
  confirmSettlementOperation,
  type PayBank,
  payBankInfoOperation,
  type SettlementLine,
  type SettlementRecord,
  sendPhoneOperation,
} from '@fieldpay/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LONG, renderWithQuery, signedInAs } from '../../components/list/testing';
import { PAY_ADVICE, SettleDialog } from './SettleDialog';

const client = vi.hoisted(() => ({ call: vi.fn(), callWithMessage: vi.fn() }));
vi.mock('../../app/api-client', () => client);
vi.mock('../../app/session-calls', () => ({
  getKey: vi.fn(async () => ({ keyId: 'key-1', publicKey: 'PEM' })),
}));
vi.mock('../../api/crypto', () => ({
  rsaEncryptBase64: vi.fn(async (_publicKey: string, text: string) => `rsa(${text})`),
}));
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const settlement: SettlementRecord = {
  id: 7,
  settlementSn: 'JS26112200000007',
  projectId: 3,
  projectName: '华东区终端拜访项目',
  visitTypeId: 'dhbf',
  visitTypeValue: '电话拜访',
  enterpriseId: 9,
  enterpriseName: '杭州星联医药科技有限公司',
  tenantId: 3,
  tenantName: '华东众包服务平台',
  amount: '1060.00',
  fee: '60.00',
  totalTask: 5,
  totalPersonNum: 2,
  settlementNum: 0,
  unSettlementNum: 2,
  unPayAmount: '1000.00',
  auditStatus: 2,
  auditStatusLabel: '审核通过',
  payStatus: 0,
  payStatusLabel: '未结算',
  enterprisePayStatus: 1,
  enterprisePayStatusLabel: '待结算',
  billStatus: 0,
  voucherStatus: 0,
  bankNo: null,
  bankNo_dictText: '',
  taxModel: 0,
  yurref: '',
  sourceType: 1,
  createName: '测试员',
  createTime: Date.UTC(2026, 10, 20),
  auditUserName: '审核员',
  auditTime: Date.UTC(2026, 10, 21),
  enterprisePayTime: null,
  settlementTime: null,
  revokeTime: null,
  remarks: '',
};

const line = (id: number, patch: Partial<SettlementLine> = {}): SettlementLine => ({
  id,
  settlementId: 7,
  settlementSn: settlement.settlementSn,
  projectId: 3,
  userId: 100 + id,
  userName: `人员${id}`,
  phone: '139****0012',
  idCard: '110***********002X',
  accountNo: '**** **** **** 0123',
  bankName: '中国工商银行',
  amount: '500.00',
  fee: '30.00',
  subOrderNum: `JS261122000000070${id}`,
  totalTask: 2,
  isSuccess: 1,
  thirdResponseMsg: '',
  thirdPayStatus: 0,
  payStatus: 0,
  payStatusLabel: '待结算',
  payTime: null,
  payProcessed: 0,
  remarks: '',
  updateTime: Date.UTC(2026, 10, 20),
  totalTaxAmount: '12.34',
  individualIncomeTax: '5.00',
  valueAddedTax: '6.00',
  surchargeTax: '1.34',
  receivedAmount: '487.66',
  ...patch,
});

const bank = (id: number, patch: Partial<PayBank> = {}): PayBank => ({
  id,
  bankNo: 'CMB',
  bankNo_dictText: '招商银行',
  bankName: '招商银行',
  bankAccount: `73100000${id}`,
  accountSn: `000000000${id}`,
  accountSum: '5000.00',
  platformId: 4,
  enterpriseId: 9,
  enterpriseName: settlement.enterpriseName,
  tenantId: 3,
  tenantName: settlement.tenantName,
  ...patch,
});

let lines: Promise<SettlementLine[]>;
let banks: PayBank[];

beforeEach(() => {
  vi.clearAllMocks();
  signedInAs('enterprise', 2);
  lines = Promise.resolve([line(1), line(2)]);
  banks = [bank(1), bank(2, { bankNo: 'PAB', bankName: '平安银行', bankNo_dictText: '平安银行', platformId: 6 })];
  client.call.mockImplementation(async (operation: { path: string }) => {
    if (operation === confirmSettlementDetailListOperation) return lines;
    if (operation === payBankInfoOperation) return banks;
    if (operation === sendPhoneOperation) return { phone: '138****0001', resendAfterSeconds: 60 };
    throw new Error(`unexpected call ${operation.path}`);
  });
  client.callWithMessage.mockResolvedValue({
    result: { settlementId: 7, yurref: 'S000000000000007', amount: '1060.00', repeated: false },
    message: '付款成功，平台将尽快完成发放',
  });
});

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

function open(record: SettlementRecord = settlement) {
  const onClose = vi.fn();
  const onPaid = vi.fn();
  renderWithQuery(
    <>
      <SettleDialog settlement={record} onClose={onClose} onPaid={onPaid} />
      <LocationProbe />
    </>,
  );
  return { onClose, onPaid };
}

const dialog = () => screen.getByRole('dialog');
/** the form's error messages, top to bottom */
const errors = () =>
  Array.from(dialog().querySelectorAll('.ant-form-item-explain-error')).map((node) => node.textContent);
const nextButton = () => within(dialog()).getByRole('button', { name: '下一步' }) as HTMLButtonElement;
const payButton = () => within(dialog()).getByRole('button', { name: '确认付款' }) as HTMLButtonElement;

async function goToPayStep() {
  await waitFor(() => expect(nextButton().disabled).toBe(false), LONG);
  fireEvent.click(nextButton());
  await within(dialog()).findByText('付款银行', {}, LONG);
  await waitFor(() => expect(client.call).toHaveBeenCalledWith(payBankInfoOperation, { tenantId: 3, enterpriseId: 9 }));
}

async function chooseBank(label: string) {
  fireEvent.mouseDown(within(dialog()).getByRole('combobox'));
  const option = await waitFor(() => {
    const found = Array.from(document.querySelectorAll('.ant-select-item-option')).find(
      (node) => node.textContent === label,
    );
    if (!found) throw new Error(`no option ${label}`);
    return found as HTMLElement;
  });
  fireEvent.click(option);
}

describe('SettleDialog', { timeout: 60_000 }, () => {
  it('step 1 shows the settlement and says the lines are being calculated; 下一步 waits for them', async () => {
    let resolve: (rows: SettlementLine[]) => void = () => undefined;
    lines = new Promise((done) => {
      resolve = done;
    });
    open();
    expect(await screen.findByText('结算费用明细正在计算中，请稍后...', {}, LONG)).toBeTruthy();
    expect(screen.getByText('JS26112200000007')).toBeTruthy();
    expect(screen.getByText('华东区终端拜访项目')).toBeTruthy();
    expect(screen.getByText('电话拜访')).toBeTruthy();
    expect(screen.getByText('¥1,060.00')).toBeTruthy();
    expect(screen.getByText('¥60.00')).toBeTruthy();
    expect(nextButton().disabled).toBe(true);
    expect(client.call).toHaveBeenCalledWith(confirmSettlementDetailListOperation, { settlementId: 7 });
    await act(async () => resolve([line(1)]));
    await waitFor(() => expect(nextButton().disabled).toBe(false));
    expect(screen.queryByText('结算费用明细正在计算中，请稍后...')).toBeNull();
    expect(screen.getByText('人员1')).toBeTruthy();
    expect(screen.getByText('139****0012')).toBeTruthy();
    expect(screen.getByText('**** **** **** 0123')).toBeTruthy();
    expect(screen.getByText('¥500.00')).toBeTruthy();
  });

  it('keeps 下一步 off when there are no lines', async () => {
    lines = Promise.resolve([]);
    open();
    expect((await screen.findAllByText('暂无数据', {}, LONG)).length).toBeGreaterThan(0);
    expect(nextButton().disabled).toBe(true);
  });

  it('warns and keeps 下一步 off when a person cannot be settled, showing why', async () => {
    lines = Promise.resolve([
      line(1),
      line(2, { isSuccess: 0, thirdPayStatus: 5, thirdResponseMsg: '该自然人未绑定已认证的银行卡，不可结算' }),
    ]);
    open();
    expect(await screen.findByText('结算费用中有自然人不可结算，请重新生成结算单', {}, LONG)).toBeTruthy();
    expect(screen.getByText('该自然人未绑定已认证的银行卡，不可结算')).toBeTruthy();
    expect(nextButton().disabled).toBe(true);
  });

  it('shows the tax columns only for tax model 1, with a dash until the line is sent', async () => {
    lines = Promise.resolve([line(1), line(2, { thirdPayStatus: 2 })]);
    open();
    await screen.findByText('人员1', {}, LONG);
    expect(screen.queryByText('个人所得税')).toBeNull();
    expect(screen.queryByText('实发金额')).toBeNull();
  });

  it('tax model 1: 税费合计, 个人所得税, 增值税, 附加税, 实发金额 of every payable line; a dash for one that cannot be paid', async () => {
    lines = Promise.resolve([
      line(1, { isSuccess: 0, thirdPayStatus: 5, thirdResponseMsg: '该自然人未绑定已认证的银行卡，不可结算' }),
      line(2),
    ]);
    open({ ...settlement, taxModel: 1 });
    await screen.findByText('人员1', {}, LONG);
    for (const title of ['税费合计', '个人所得税', '增值税', '附加税', '实发金额'])
      expect(screen.getByRole('columnheader', { name: title })).toBeTruthy();
    const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
    expect(within(row('人员1')).getAllByText('-')).toHaveLength(5);
    expect(within(row('人员2')).getByText('¥12.34')).toBeTruthy();
    expect(within(row('人员2')).getByText('¥487.66')).toBeTruthy();
  });

  it('step 2 checks the bank, the transaction password and the SMS code', async () => {
    open();
    await goToPayStep();
    expect(screen.getByText(PAY_ADVICE)).toBeTruthy();
    fireEvent.click(payButton());
    await waitFor(() => expect(errors()).toEqual(['请选择付款银行', '请输入交易密码', '请输入验证码']), LONG);
    fireEvent.change(within(dialog()).getByPlaceholderText('请输入交易密码'), { target: { value: '12a' } });
    fireEvent.change(within(dialog()).getByPlaceholderText('请输入验证码'), { target: { value: '012345' } });
    fireEvent.click(payButton());
    await waitFor(
      () => expect(errors()).toEqual(['请选择付款银行', '请输入正确的交易密码', '请输入正确的验证码']),
      LONG,
    );
    expect(client.callWithMessage).not.toHaveBeenCalled();
  });

  it('says 未配置相关银行 when the enterprise has no paying bank', async () => {
    banks = [];
    open();
    await goToPayStep();
    expect(await within(dialog()).findByText('未配置相关银行', {}, LONG)).toBeTruthy();
    expect(payButton().disabled).toBe(true);
  });

  it('warns of a short balance, keeps 确认付款 off and offers the top-up page', async () => {
    banks = [bank(1, { accountSum: '1059.99' })];
    const { onClose } = open();
    await goToPayStep();
    await chooseBank('招商银行（731000001）');
    expect(await within(dialog()).findByText('当前余额不足，请充值', {}, LONG)).toBeTruthy();
    expect(within(dialog()).getByText('¥1,059.99')).toBeTruthy();
    expect(payButton().disabled).toBe(true);
    fireEvent.click(within(dialog()).getByRole('button', { name: '去充值' }));
    expect(onClose).toHaveBeenCalled();
    // the page learns why (sign=1) and which settlement to return to
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        `/company/financialSystem/financialAccountManage?sign=1&settlement=${encodeURIComponent(
          JSON.stringify({ id: 7, settlementSn: 'JS26112200000007', amount: '1060.00' }),
        )}`,
      ),
    );
  });

  it('pays with the encrypted password and the SMS code, platformId left out for CMB; closes and refreshes', async () => {
    const { onClose, onPaid } = open();
    await goToPayStep();
    await chooseBank('招商银行（731000001）');
    await waitFor(() => expect(payButton().disabled).toBe(false));
    expect(within(dialog()).queryByText('当前余额不足，请充值')).toBeNull();
    fireEvent.click(within(dialog()).getByRole('button', { name: '获取验证码' }));
    await waitFor(() =>
      expect(client.call).toHaveBeenCalledWith(sendPhoneOperation, {
        phone: '13800000001',
        purpose: 'pay',
        settlementId: 7,
      }),
    );
    // the 60-second countdown has started (a loaded machine may already show a second less)
    const resend = await within(dialog()).findByRole('button', { name: /^\d+秒后重新获取$/ }, LONG);
    expect(Number.parseInt(resend.textContent ?? '', 10)).toBeGreaterThan(50);
    expect(Number.parseInt(resend.textContent ?? '', 10)).toBeLessThanOrEqual(60);
    expect(resend.hasAttribute('disabled')).toBe(true);
    expect(toasts.success).toHaveBeenCalledWith('已向该手机号发送验证码');
    fireEvent.change(within(dialog()).getByPlaceholderText('请输入交易密码'), { target: { value: '135790' } });
    fireEvent.change(within(dialog()).getByPlaceholderText('请输入验证码'), { target: { value: '482913' } });
    // a double click sends one payment
    fireEvent.click(payButton());
    fireEvent.click(payButton());
    await waitFor(() => expect(onPaid).toHaveBeenCalled(), LONG);
    expect(client.callWithMessage).toHaveBeenCalledTimes(1);
    expect(client.callWithMessage).toHaveBeenCalledWith(confirmSettlementOperation, {
      id: 7,
      bankNo: 'CMB',
      password: 'rsa(135790)',
      keyId: 'key-1',
      phone: '13800000001',
      phoneCode: '482913',
      type: 1,
    });
    expect(toasts.success).toHaveBeenCalledWith('付款成功，平台将尽快完成发放');
    expect(onClose).toHaveBeenCalled();
  });

  it('sends the platformId of a bank other than CMB and SCP; a failed payment keeps the dialog open', async () => {
    client.callWithMessage.mockRejectedValueOnce(new Error('交易密码错误'));
    const { onClose, onPaid } = open();
    await goToPayStep();
    await chooseBank('平安银行（731000002）');
    fireEvent.change(within(dialog()).getByPlaceholderText('请输入交易密码'), { target: { value: '135790' } });
    fireEvent.change(within(dialog()).getByPlaceholderText('请输入验证码'), { target: { value: '482913' } });
    await waitFor(() => expect(payButton().disabled).toBe(false));
    fireEvent.click(payButton());
    await waitFor(() => expect(client.callWithMessage).toHaveBeenCalledTimes(1), LONG);
    expect(client.callWithMessage.mock.calls[0][1]).toMatchObject({ bankNo: 'PAB', platformId: 6 });
    await waitFor(() => expect(payButton().disabled).toBe(false));
    expect(onClose).not.toHaveBeenCalled();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it("shows the server's answer to a repeated payment as a warning, and closes", async () => {
    client.callWithMessage.mockResolvedValue({
      result: { settlementId: 7, yurref: 'S000000000000007', amount: '1060.00', repeated: true },
      message: '该结算单已付款，请勿重复操作',
    });
    const { onClose, onPaid } = open();
    await goToPayStep();
    await chooseBank('招商银行（731000001）');
    fireEvent.change(within(dialog()).getByPlaceholderText('请输入交易密码'), { target: { value: '135790' } });
    fireEvent.change(within(dialog()).getByPlaceholderText('请输入验证码'), { target: { value: '482913' } });
    await waitFor(() => expect(payButton().disabled).toBe(false));
    fireEvent.click(payButton());
    await waitFor(() => expect(onPaid).toHaveBeenCalled(), LONG);
    expect(toasts.warning).toHaveBeenCalledWith('该结算单已付款，请勿重复操作');
    expect(toasts.success).not.toHaveBeenCalledWith('该结算单已付款，请勿重复操作');
    expect(onClose).toHaveBeenCalled();
  });

  it('loads the bank list only when userIdentity is not 1', async () => {
    signedInAs('platform', 1);
    open();
    await waitFor(() => expect(nextButton().disabled).toBe(false), LONG);
    fireEvent.click(nextButton());
    await within(dialog()).findByText('付款银行', {}, LONG);
    fireEvent.mouseDown(within(dialog()).getByRole('combobox'));
    expect(await screen.findByText('未配置相关银行', {}, LONG)).toBeTruthy();
    expect(client.call).not.toHaveBeenCalledWith(payBankInfoOperation, expect.anything());
  });
});
