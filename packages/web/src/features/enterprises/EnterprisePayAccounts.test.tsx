import { MSG, PAY_ACCOUNT_MSG } from '@fieldpay/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { LONG, pickOption, renderWithQuery, signedInAs } from '../../components/list/testing';
import { enterpriseInfoFixture } from './enterprise-fixtures';
import { EnterprisePayAccounts } from './EnterprisePayAccounts';

const calls = await vi.hoisted(async () => (await import('./enterprise-fixtures')).mockEnterpriseCalls());
vi.mock('./enterprise-calls', () => calls);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const SCP = { platformId: 8, platformName: '聚合支付通道', bankNo: 'SCP', bankNo_dictText: '聚合支付' };

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('platform', 2);
  useSession.setState({ permList: ['enterpriseAccountManage:info:modifyAccount'] });
  calls.fetchPayAccountSystems.mockResolvedValue([SCP]);
});

describe('付款账户', { timeout: 60_000 }, () => {
  it('opens a sub-account on a system without one: the system and a 10-digit code', async () => {
    calls.openPayAccount.mockResolvedValue(PAY_ACCOUNT_MSG.opened);
    renderWithQuery(<EnterprisePayAccounts info={enterpriseInfoFixture()} />);
    fireEvent.click(await screen.findByRole('button', { name: /开通付款账户/ }, LONG));
    const dialog = (await screen.findByText('下级单位编码')).closest('.ant-modal') as HTMLElement;
    expect((within(dialog).getByDisplayValue('杭州星联医药科技有限公司') as HTMLInputElement).disabled).toBe(true);
    const code = within(dialog).getByPlaceholderText('请输入下级单位编码') as HTMLInputElement;
    expect(code.maxLength).toBe(10);
    fireEvent.click(within(dialog).getByRole('button', { name: /开\s*通/ }));
    expect(await within(dialog).findByText(PAY_ACCOUNT_MSG.systemRequired)).toBeTruthy();
    expect(await within(dialog).findByText(PAY_ACCOUNT_MSG.subUnitCodeRequired)).toBeTruthy();
    fireEvent.change(code, { target: { value: '123456789' } });
    expect(await within(dialog).findByText(MSG.subUnitCodeInvalid)).toBeTruthy();
    fireEvent.change(code, { target: { value: '0000100001' } });
    await pickOption('银行系统', '聚合支付通道（聚合支付）');
    fireEvent.click(within(dialog).getByRole('button', { name: /开\s*通/ }));
    await waitFor(() =>
      expect(calls.openPayAccount).toHaveBeenCalledWith({
        enterpriseId: 9,
        tenantId: 3,
        platformId: 8,
        accountSn: '0000100001',
      }),
    );
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(PAY_ACCOUNT_MSG.opened));
  });

  it('lists the accounts, and offers no 开通 without the code, to the operator, or with every system open', async () => {
    useSession.setState({ permList: [] });
    const first = renderWithQuery(<EnterprisePayAccounts info={enterpriseInfoFixture()} />);
    expect(await screen.findByText('付款账户', {}, LONG)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /开通付款账户/ })).toBeNull();
    expect(calls.fetchPayAccountSystems).not.toHaveBeenCalled();
    first.unmount();

    signedInAs('platform', 1);
    useSession.setState({ permList: ['enterpriseAccountManage:info:modifyAccount'] });
    const operator = renderWithQuery(<EnterprisePayAccounts info={enterpriseInfoFixture()} />);
    await screen.findByText('付款账户', {}, LONG);
    expect(screen.queryByRole('button', { name: /开通付款账户/ })).toBeNull();
    operator.unmount();

    signedInAs('platform', 2);
    useSession.setState({ permList: ['enterpriseAccountManage:info:modifyAccount'] });
    calls.fetchPayAccountSystems.mockResolvedValue([]);
    renderWithQuery(<EnterprisePayAccounts info={enterpriseInfoFixture()} />);
    await waitFor(() => expect(calls.fetchPayAccountSystems).toHaveBeenCalledWith({ enterpriseId: 9, tenantId: 3 }));
    expect(screen.queryByRole('button', { name: /开通付款账户/ })).toBeNull();
  });
});
