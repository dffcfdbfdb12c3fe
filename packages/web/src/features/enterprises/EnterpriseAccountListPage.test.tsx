/**
 * 企业账户 (decision 0042): the list's columns by side, 查看 to 企业信息, 禁用 after its confirm, and
 * 新增企业: the form's messages, the call, and the login handed over in 登录信息.
 */
import { ENTERPRISE_ACCOUNT_MSG, type EnterpriseAccountRecord, MSG } from '@fieldpay/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { ConfirmProvider } from '../../components/ConfirmProvider';
import { buttonByText, LONG, renderPageAt, signedInAs } from '../../components/list/testing';
import EnterpriseAccountListPage from './EnterpriseAccountListPage';

const calls = vi.hoisted(() => ({
  ENTERPRISE_ACCOUNTS_KEY: ['enterprise', 'accounts'],
  enterpriseInfoPath: (id: number, tenantId?: number) =>
    `/projectManage/project/enterpriseInfo?id=${id}&tenantId=${tenantId}`,
  fetchEnterpriseAccounts: vi.fn(),
  addEnterpriseAccount: vi.fn(),
  setEnterpriseStatus: vi.fn(),
}));
vi.mock('./enterprise-calls', () => calls);
const lookups = vi.hoisted(() => ({ fetchLookup: vi.fn() }));
vi.mock('../../components/remote-select-calls', () => lookups);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const PATH = '/enterpriseManage/account/list';
const ROW: EnterpriseAccountRecord = {
  id: 9,
  tenantId: 3,
  tenantName: '华东众包服务平台',
  enterpriseSn: 'QY000009',
  name: '杭州星联医药科技有限公司',
  taxNumber: '91330106MA2XXXXX0K',
  contactPhone: '139****5678',
  status: 1,
  agreements: 2,
  createTime: Date.parse('2024-06-03T01:00:00Z'),
};

function open(userIdentity: 1 | 2) {
  signedInAs('platform', userIdentity);
  useSession.setState({
    permList: [
      'enterpriseAccountManage:list:view',
      'enterpriseAccountManage:list:add',
      'enterpriseAccountManage:list:disable',
      'enterpriseAccountManage:info:view',
    ],
  });
  renderPageAt(
    PATH,
    <ConfirmProvider>
      <EnterpriseAccountListPage />
    </ConfirmProvider>,
    PATH,
  );
}

const headers = () => Array.from(document.querySelectorAll('thead th')).map((cell) => cell.textContent);

beforeEach(() => {
  vi.resetAllMocks();
  calls.enterpriseInfoPath = (id: number, tenantId?: number) =>
    `/projectManage/project/enterpriseInfo?id=${id}&tenantId=${tenantId}`;
  calls.fetchEnterpriseAccounts.mockResolvedValue({ records: [ROW], total: 1 });
  lookups.fetchLookup.mockResolvedValue({ records: [], total: 0 });
});

describe('EnterpriseAccountListPage', { timeout: 60_000 }, () => {
  it('lists a platform’s enterprises, disables one after 确认禁用 and its name, and opens its info', async () => {
    calls.setEnterpriseStatus.mockResolvedValue(null);
    open(2);
    await screen.findByText('杭州星联医药科技有限公司', {}, LONG);
    expect(headers()).not.toContain('所属平台');
    expect(headers()).toEqual(
      expect.arrayContaining(['企业编号', '企业名称', '统一社会信用代码', '联系电话', '履约中协议', '状态']),
    );
    fireEvent.click(buttonByText('禁用'));
    await screen.findByText('确认禁用杭州星联医药科技有限公司');
    fireEvent.click(buttonByText('确 定'));
    await waitFor(() => expect(calls.setEnterpriseStatus).toHaveBeenCalledWith(ROW, 2));
    fireEvent.click(buttonByText('查看'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/projectManage/project/enterpriseInfo?id=9&tenantId=3',
    );
  });

  it('adds an enterprise and hands over the administrator’s login', async () => {
    calls.addEnterpriseAccount.mockResolvedValue({ id: 12, account: '13700000009', password: 'Ab3$kLm9Qw2x' });
    open(2);
    await screen.findByText('杭州星联医药科技有限公司', {}, LONG);
    fireEvent.click(buttonByText('新增企业'));
    const dialog = (await screen.findByText('新增企业', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText(MSG.enterpriseNameRequired)).toBeTruthy();
    expect(await within(dialog).findByText(ENTERPRISE_ACCOUNT_MSG.taxNumberRequired)).toBeTruthy();
    const fill = (placeholder: string, value: string) =>
      fireEvent.change(within(dialog).getByPlaceholderText(placeholder), { target: { value } });
    fill('请输入企业名称', '杭州新企科技有限公司');
    fill('请输入统一社会信用代码', '91330106MA2B3C4D5D');
    fill('请输入企业注册地址', '杭州市西湖区文三路 199 号');
    fill('请输入联系电话', '13912345678');
    fill('请输入联系邮箱', 'contact@example.cn');
    expect((screen.getByPlaceholderText('请输入联系邮箱') as HTMLInputElement).maxLength).toBe(40);
    fill('请输入手机号', '13700000009');
    fill('请输入姓名', '周新');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.addEnterpriseAccount).toHaveBeenCalled());
    expect(calls.addEnterpriseAccount.mock.calls[0][0]).toMatchObject({
      tenantId: 3,
      enterpriseName: '杭州新企科技有限公司',
      username: '13700000009',
      realname: '周新',
    });
    const login = (await screen.findByText('登录信息')).closest('.ant-modal') as HTMLElement;
    expect(within(login).getByText('杭州新企科技有限公司')).toBeTruthy();
    expect(within(login).getByText('Ab3$kLm9Qw2x')).toBeTruthy();
  });

  it('shows the operator the platform column and filter', async () => {
    open(1);
    await screen.findByText('杭州星联医药科技有限公司', {}, LONG);
    expect(headers()).toContain('所属平台');
    expect(screen.getAllByText('所属平台').length).toBeGreaterThan(1);
  });
});
