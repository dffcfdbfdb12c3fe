import type { EnterpriseBankCard, EnterpriseInfo } from '@fieldpay/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { ConfirmProvider } from '../../components/ConfirmProvider';
import { buttonByText, LONG, openOptions, renderWithQuery, selectOf, signedInAs } from '../../components/list/testing';
import { EnterpriseBankCards } from './EnterpriseBankCards';
import { EnterpriseViewContext } from './use-enterprise-edit';

const calls = await vi.hoisted(async () => (await import('./enterprise-fixtures')).mockEnterpriseCalls());
vi.mock('./enterprise-calls', () => calls);
const lookups = vi.hoisted(() => ({ fetchLookup: vi.fn() }));
vi.mock('../../components/remote-select-calls', () => lookups);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const ICBC = { platformId: 7, platformName: '工商银行银企互联', bankNo: 'ICBC', bankNo_dictText: '中国工商银行' };
const info = (unmasked: boolean) => ({ id: 9, tenantId: 3, unmasked }) as EnterpriseInfo;
const card = (unmasked: boolean, id = 1): EnterpriseBankCard => ({
  id,
  tenantId: 3,
  enterpriseId: 9,
  bankDepositId: 11,
  bankDeposit: '中国工商银行股份有限公司杭州西湖支行',
  bankDepositAddress: '浙江省杭州市西湖区文三路199号',
  bankAccount: unmasked ? '1202003110900000001' : '1202 **** 0001',
  bankUserName: '杭州星联医药科技有限公司',
  bankReservedPhone: unmasked ? '13900000001' : '139****0001',
  platformList: [{ platformId: 7, platformName: '工商银行银企互联' }],
  isEdit: 1,
  createTime: new Date('2024-06-10T10:00:00+08:00').getTime(),
  updateTime: new Date('2024-06-10T10:00:00+08:00').getTime(),
});
const listOf = (records: EnterpriseBankCard[], unmasked = false) => ({ records, total: records.length, unmasked });
const render = (unmasked: boolean) =>
  renderWithQuery(
    <ConfirmProvider>
      <EnterpriseBankCards info={info(unmasked)} />
    </ConfirmProvider>,
  );

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('platform', 2);
  useSession.setState({ permList: ['enterpriseAccountManage:info:modifyAccount'] });
  calls.fetchBankSystems.mockResolvedValue([ICBC]);
  lookups.fetchLookup.mockResolvedValue({
    records: [
      {
        id: 11,
        value: 11,
        label: '中国工商银行股份有限公司杭州西湖支行',
        bankBranchName: '中国工商银行股份有限公司杭州西湖支行',
        cnapsCode: '102331000027',
        bankNo: 'ICBC',
        bankName: '中国工商银行',
      },
    ],
    total: 1,
  });
});

describe('结算账户', { timeout: 60_000 }, () => {
  it('lists the cards masked, and shows 暂无数据 and no buttons to a viewer without the code', async () => {
    useSession.setState({ permList: [] });
    calls.fetchBankCards.mockResolvedValue(listOf([]));
    const empty = render(false);
    expect(await screen.findAllByText('暂无数据', {}, LONG)).not.toHaveLength(0);
    expect(screen.queryByText('新增银行卡')).toBeNull();
    empty.unmount();
    calls.fetchBankCards.mockResolvedValue(listOf([card(false)]));
    render(false);
    expect(await screen.findByText('1202 **** 0001', {}, LONG)).toBeTruthy();
    expect(screen.getByText('139****0001')).toBeTruthy();
    expect(screen.getByText('2024-06-10')).toBeTruthy();
    expect(screen.queryByText(/^编\s*辑$/)).toBeNull();
    expect(calls.fetchBankSystems).not.toHaveBeenCalled();
  });

  it('hides 新增银行卡 without a card-based bank system, and at 20 cards', async () => {
    calls.fetchBankSystems.mockResolvedValue([]);
    calls.fetchBankCards.mockResolvedValue(listOf([]));
    const none = render(false);
    await screen.findAllByText('暂无数据', {}, LONG);
    await waitFor(() => expect(calls.fetchBankSystems).toHaveBeenCalled());
    expect(screen.queryByText('新增银行卡')).toBeNull();
    none.unmount();
    calls.fetchBankSystems.mockResolvedValue([ICBC]);
    calls.fetchBankCards.mockResolvedValue(listOf(Array.from({ length: 20 }, (_, index) => card(false, index + 1))));
    render(false);
    await screen.findAllByText('1202 **** 0001', {}, LONG);
    expect(screen.queryByText('新增银行卡')).toBeNull();
  });

  it('新增银行卡: the spec’s messages, the bank fills an empty address, the trimmed card sent', async () => {
    calls.fetchBankCards.mockResolvedValue(listOf([]));
    calls.addBankCard.mockResolvedValue('新增成功');
    render(false);
    fireEvent.click(await screen.findByText('新增银行卡', {}, LONG));
    const dialog = (await screen.findByText('银行系统', { selector: 'label' }, LONG)).closest(
      '.ant-modal',
    ) as HTMLElement;
    // the one bank system comes chosen; unchosen, it is asked for
    fireEvent.click(within(dialog).getByLabelText('工商银行银企互联'));
    fireEvent.click(buttonByText(/确\s*定/));
    for (const message of [
      '请选择银行系统',
      '请选择开户银行名称',
      '请输入开户名称',
      '请输入银行账号',
      '请输入银行地址',
      '请输入预留手机号',
    ]) {
      expect(await within(dialog).findByText(message, { selector: '.ant-form-item-explain-error' }, LONG)).toBeTruthy();
    }
    fireEvent.click(within(dialog).getByLabelText('工商银行银企互联'));
    expect(dialog.style.width).toBe('630px');
    const options = await openOptions(await selectOf('开户银行名称'), '开户银行名称');
    fireEvent.click(options[0]);
    const address = within(dialog).getByPlaceholderText('请输入银行地址') as HTMLInputElement;
    await waitFor(() => expect(address.value).toBe('中国工商银行股份有限公司杭州西湖支行'));
    fireEvent.change(within(dialog).getByPlaceholderText('请输入开户名称'), { target: { value: ' 杭州星联 ' } });
    const account = within(dialog).getByPlaceholderText('请输入银行账号');
    fireEvent.change(account, { target: { value: '12345678' } });
    const phone = within(dialog).getByPlaceholderText('请输入预留手机号');
    fireEvent.change(phone, { target: { value: '2390000000' } });
    fireEvent.click(buttonByText(/确\s*定/));
    const error = { selector: '.ant-form-item-explain-error' };
    expect(await within(dialog).findByText('请输入正确的银行卡号', error, LONG)).toBeTruthy();
    expect(await within(dialog).findByText('请输入正确的手机号码', error, LONG)).toBeTruthy();
    fireEvent.change(account, { target: { value: '1202003110900000009' } });
    fireEvent.change(phone, { target: { value: '13900000001' } });
    fireEvent.click(buttonByText(/确\s*定/));
    await waitFor(() =>
      expect(calls.addBankCard).toHaveBeenCalledWith(
        {
          enterpriseId: 9,
          tenantId: 3,
          platformList: [7],
          bankDepositId: 11,
          bankUserName: '杭州星联',
          bankAccount: '1202003110900000009',
          bankDepositAddress: '中国工商银行股份有限公司杭州西湖支行',
          bankReservedPhone: '13900000001',
        },
        false,
      ),
    );
    expect(toasts.success).toHaveBeenCalledWith('新增成功');
  });

  it('编辑 asks for the desensitized view first; unmasked, it edits with the reserved phone fixed', async () => {
    calls.fetchBankCards.mockResolvedValue(listOf([card(false)]));
    const masked = render(false);
    await screen.findByText('1202 **** 0001', {}, LONG);
    fireEvent.click(buttonByText(/^编\s*辑$/));
    expect(toasts.warning).toHaveBeenCalledWith('请先脱敏之后再进行编辑');
    masked.unmount();

    calls.fetchBankCards.mockResolvedValue(listOf([card(true)], true));
    calls.editBankCard.mockResolvedValue('编辑成功');
    render(true);
    await screen.findByText('1202003110900000001', {}, LONG);
    fireEvent.click(buttonByText(/^编\s*辑$/));
    const phone = (await screen.findByPlaceholderText('请输入预留手机号', {}, LONG)) as HTMLInputElement;
    expect(phone.value).toBe('13900000001');
    expect(phone.disabled).toBe(true);
    expect(screen.getByText('编辑银行卡')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请输入银行地址'), {
      target: { value: '浙江省杭州市滨江区网商路699号' },
    });
    fireEvent.click(buttonByText(/确\s*定/));
    await waitFor(() =>
      expect(calls.editBankCard).toHaveBeenCalledWith(
        {
          enterpriseId: 9,
          tenantId: 3,
          id: 1,
          platformList: [7],
          bankDepositId: 11,
          bankUserName: '杭州星联医药科技有限公司',
          bankAccount: '1202003110900000001',
          bankDepositAddress: '浙江省杭州市滨江区网商路699号',
        },
        false,
      ),
    );
    expect(toasts.success).toHaveBeenCalledWith('编辑成功');
  });

  it('删除 after 确认删除该银行卡？', async () => {
    calls.fetchBankCards.mockResolvedValue(listOf([card(false)]));
    calls.deleteBankCard.mockResolvedValue(null);
    render(false);
    await screen.findByText('1202 **** 0001', {}, LONG);
    fireEvent.click(buttonByText(/^删\s*除$/));
    expect(await screen.findByText('确认删除该银行卡？', {}, LONG)).toBeTruthy();
    fireEvent.click(buttonByText(/确\s*定/));
    await waitFor(() => expect(calls.deleteBankCard).toHaveBeenCalledWith({ enterpriseId: 9, tenantId: 3 }, 1, false));
    expect(toasts.success).toHaveBeenCalledWith('删除成功');
  });

  it('on the enterprise’s own 账户信息: its own code and its own calls; the platform’s code does not count', async () => {
    signedInAs('enterprise', 2);
    useSession.setState({ permList: ['enterpriseAccountManage:info:modifyAccount'] });
    calls.fetchBankCards.mockResolvedValue(listOf([card(true)], true));
    calls.deleteBankCard.mockResolvedValue(null);
    const own = (children: ReactNode) => (
      <EnterpriseViewContext.Provider value="own">
        <ConfirmProvider>{children}</ConfirmProvider>
      </EnterpriseViewContext.Provider>
    );
    const withoutCode = renderWithQuery(own(<EnterpriseBankCards info={info(true)} />));
    await screen.findByText('1202003110900000001', {}, LONG);
    expect(screen.queryByText(/^删\s*除$/)).toBeNull();
    withoutCode.unmount();
    useSession.setState({ permList: ['enterpriseAccount:info:modifyAccount'] });
    renderWithQuery(own(<EnterpriseBankCards info={info(true)} />));
    expect(await screen.findByText('新增银行卡', {}, LONG)).toBeTruthy();
    fireEvent.click(buttonByText(/^删\s*除$/));
    expect(await screen.findByText('确认删除该银行卡？', {}, LONG)).toBeTruthy();
    fireEvent.click(buttonByText(/确\s*定/));
    await waitFor(() => expect(calls.deleteBankCard).toHaveBeenCalledWith({ enterpriseId: 9, tenantId: 3 }, 1, true));
  });
});
