/**
 * 账户信息 and its full-page 修改认证信息 (decision 0043): the enterprise's own info with only its
 * authentication and bank cards editable (its own codes), 脱敏查看 and 登录信息 without a password; the full
 * page edits from the desensitized view only and returns to 账户信息 after saving through the own call.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { dropUnmaskToken, holdUnmaskToken } from '../../app/unmask-store';
import { ConfirmProvider } from '../../components/ConfirmProvider';
import { buttonByText, LONG, renderWithQuery, signedInAs, Where } from '../../components/list/testing';
import { enterpriseInfoFixture } from './enterprise-fixtures';
import EnterpriseOwnAccountPage from './EnterpriseOwnAccountPage';
import EnterpriseOwnAuthModifyPage from './EnterpriseOwnAuthModifyPage';

const calls = await vi.hoisted(async () => (await import('./enterprise-fixtures')).mockEnterpriseCalls());
vi.mock('./enterprise-calls', () => calls);
vi.mock('../../components/DesensitizationDialog', () => ({
  DesensitizationDialog: ({ open }: { open: boolean }) => (open ? <div data-testid="desensitize">脱敏验证</div> : null),
}));
const files = vi.hoisted(() => ({ fileLink: vi.fn(), uploadForm: vi.fn(), deleteFile: vi.fn(), listFiles: vi.fn() }));
vi.mock('../../components/upload/file-calls', () => files);
const invoiceCalls = await vi.hoisted(async () => (await import('../invoices/invoice-fixtures')).mockInvoiceCalls());
vi.mock('../invoices/invoice-calls', () => invoiceCalls);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const ACCOUNT = '/company/account/info';
const MODIFY = '/company/account/info/modifyAuth';
const OWN_CODES = [
  'enterpriseAccount:info:modify',
  'enterpriseAccount:info:modifyAccount',
  'enterpriseAccount:info:desensitization',
] as const;
const unmaskedInfo = enterpriseInfoFixture({
  unmasked: true,
  idName: '王建国',
  idCard: '11010519491231002X',
  license: '/api/resource/file/3/license',
  idCardFront: '/api/resource/file/3/front',
  idCardBack: '/api/resource/file/3/back',
});

const render = (at: string) =>
  renderWithQuery(
    <ConfirmProvider>
      <Routes>
        <Route path={ACCOUNT} element={<EnterpriseOwnAccountPage />} />
        <Route path={MODIFY} element={<EnterpriseOwnAuthModifyPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </ConfirmProvider>,
    { at },
  );

beforeEach(() => {
  vi.resetAllMocks();
  calls.fetchBankCards.mockResolvedValue({ records: [], total: 0, unmasked: false });
  calls.fetchBankSystems.mockResolvedValue([]);
  files.fileLink.mockImplementation(async (at: string) => ({ url: `https://files.test${at}?sign=1`, expiresAt: 0 }));
  signedInAs('enterprise', 2);
  useSession.setState({
    permList: [...OWN_CODES, 'enterpriseAccountManage:info:modify', 'enterpriseAccountManage:info:modifyAccount'],
  });
});
afterEach(() => dropUnmaskToken());

describe('账户信息', { timeout: 60_000 }, () => {
  it('shows the session’s enterprise with only its authentication editable, and asks to unmask first', async () => {
    calls.fetchEnterpriseInfo.mockResolvedValue(enterpriseInfoFixture());
    render(ACCOUNT);
    await screen.findByText('杭州星联医药科技有限公司', { selector: '.enterprise-name' }, LONG);
    expect(calls.fetchEnterpriseInfo).toHaveBeenCalledWith(9, 3, undefined);
    // the platform's edits stay the platform's, whatever codes the session carries
    for (const text of ['修改联系电话', '编辑标签', '服务费变更']) expect(screen.queryByText(text)).toBeNull();
    fireEvent.click(screen.getByText('修改认证信息'));
    expect(toasts.warning).toHaveBeenCalledWith('请先脱敏之后再进行编辑');
    fireEvent.click(buttonByText(/脱敏查看/));
    expect(await screen.findByTestId('desensitize')).toBeTruthy();
  });

  it('登录信息 hands over the enterprise, the login address and the account, without a password', async () => {
    calls.fetchEnterpriseInfo.mockResolvedValue(enterpriseInfoFixture());
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(ACCOUNT);
    await screen.findByText('杭州星联医药科技有限公司', { selector: '.enterprise-name' }, LONG);
    fireEvent.click(buttonByText(/登录信息/));
    const dialog = (await screen.findByText('登录地址', {}, LONG)).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('13800000001')).toBeTruthy();
    expect(within(dialog).queryByText('登录密码')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '复制信息' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('复制信息成功'));
    const text: string = writeText.mock.calls[0][0];
    expect(text).toContain('企业名称：杭州星联医药科技有限公司');
    expect(text).toContain('登录账号：13800000001');
    expect(text).not.toContain('登录密码');
  });

  it('in the desensitized view 修改认证信息 opens the full page, which saves through the own call and returns', async () => {
    holdUnmaskToken(useSession.getState().token ?? '', { token: 'T'.repeat(43), expiresAt: Date.now() + 60_000 });
    calls.fetchEnterpriseInfo.mockResolvedValue(unmaskedInfo);
    calls.saveEnterpriseAuth.mockResolvedValue('修改成功');
    render(ACCOUNT);
    fireEvent.click(await screen.findByText('修改认证信息', {}, LONG));
    const name = (await screen.findByPlaceholderText('请输入法人姓名', {}, LONG)) as HTMLInputElement;
    expect(name.value).toBe('王建国');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(buttonByText(/提\s*交/));
    expect(await screen.findByText('请输入法人姓名', { selector: '.ant-form-item-explain-error' }, LONG)).toBeTruthy();
    expect(calls.saveEnterpriseAuth).not.toHaveBeenCalled();
    fireEvent.change(name, { target: { value: '李四' } });
    fireEvent.click(buttonByText(/提\s*交/));
    await waitFor(() =>
      expect(calls.saveEnterpriseAuth).toHaveBeenCalledWith(
        expect.objectContaining({ id: 9, tenantId: 3, name: '李四', idCard: '11010519491231002X' }),
        true,
      ),
    );
    expect(toasts.success).toHaveBeenCalledWith('修改成功');
    await screen.findByText('杭州星联医药科技有限公司', { selector: '.enterprise-name' }, LONG);
  });

  it('the full page reached while masked says to unmask first and leads back', async () => {
    calls.fetchEnterpriseInfo.mockResolvedValue(enterpriseInfoFixture());
    render(MODIFY);
    expect(await screen.findByText('请先脱敏之后再进行编辑', {}, LONG)).toBeTruthy();
    expect(screen.queryByPlaceholderText('请输入法人姓名')).toBeNull();
    fireEvent.click(buttonByText(/返回账户信息/));
    await screen.findByText('杭州星联医药科技有限公司', { selector: '.enterprise-name' }, LONG);
  });
});
