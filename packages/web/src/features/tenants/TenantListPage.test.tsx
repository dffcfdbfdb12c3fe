import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { ConfirmProvider } from '../../components/ConfirmProvider';
import { buttonByText, renderWithQuery, signedInAs } from '../../components/list/testing';
import TenantListPage from './TenantListPage';

const api = vi.hoisted(() => ({
  TENANT_ADMIN_LIST_KEY: ['tenant', 'adminList'],
  fetchTenantsForAdmin: vi.fn(),
  addTenant: vi.fn(),
  editTenant: vi.fn(),
  setTenantStatus: vi.fn(),
}));
vi.mock('./tenant-calls', () => api);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

// 2026-11-24 16:05:09 UTC is 2026-11-25 00:05:09 in China
const tenant = (id: number, name: string, status = 1) => ({
  id,
  name,
  company: `${name}有限公司`,
  contracts: '',
  status,
  createTime: Date.UTC(2026, 10, 24, 16, 5, 9),
});

const ALL = ['sysTenant:list:view', 'sysTenant:list:edit', 'sysTenant:list:disable'];

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('platform', 1);
  useSession.setState({ permList: ALL });
  api.fetchTenantsForAdmin.mockResolvedValue({
    records: [tenant(2, '华东众包服务平台'), tenant(3, '西南灵活用工平台', 0)],
    total: 2,
  });
});

const renderPage = () =>
  renderWithQuery(
    <ConfirmProvider>
      <TenantListPage />
    </ConfirmProvider>,
  );

describe('TenantListPage', { timeout: 60_000 }, () => {
  it('lists tenants with status and China time, and searches by name and status', async () => {
    renderPage();
    expect(await screen.findByText('华东众包服务平台')).toBeTruthy();
    expect(screen.getAllByText('2026-11-25 00:05:09')).toHaveLength(2);
    expect(screen.getByText('禁用', { selector: '.status-tag' })).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请输入平台名称'), { target: { value: '华东' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(api.fetchTenantsForAdmin).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 20, name: '华东' }),
    );
  });

  it('shows 暂无数据 when there is no tenant', async () => {
    api.fetchTenantsForAdmin.mockResolvedValue({ records: [], total: 0 });
    renderPage();
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
  });

  it('adds a tenant only with a name and a company, each within its length', async () => {
    api.addTenant.mockResolvedValue({ id: 9 });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /新增平台/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    const error = (text: string) => within(dialog).findByText(text, { selector: '.ant-form-item-explain-error' });
    expect(await error('请输入平台名称')).toBeTruthy();
    expect(await error('请输入运营公司')).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入平台名称'), { target: { value: '   ' } });
    expect(await error('请输入平台名称')).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入平台名称'), { target: { value: '华北众包平台' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入运营公司'), { target: { value: '华北众包有限公司' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(api.addTenant).toHaveBeenCalledWith({ name: '华北众包平台', company: '华北众包有限公司', contracts: '' }),
    );
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('新增成功'));
    // the list reloads
    await waitFor(() => expect(api.fetchTenantsForAdmin).toHaveBeenCalledTimes(2));
  });

  it('edits a tenant from its current values', async () => {
    api.editTenant.mockResolvedValue(null);
    renderPage();
    await screen.findByText('华东众包服务平台');
    fireEvent.click(screen.getAllByRole('button', { name: '编辑' })[0]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('编辑平台')).toBeTruthy();
    const company = within(dialog).getByPlaceholderText('请输入运营公司') as HTMLInputElement;
    expect(company.value).toBe('华东众包服务平台有限公司');
    fireEvent.change(company, { target: { value: '华东众包有限公司' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(api.editTenant).toHaveBeenCalledWith({
        id: 2,
        name: '华东众包服务平台',
        company: '华东众包有限公司',
        contracts: '',
      }),
    );
  });

  it('disables only after confirming, and enables a disabled tenant', async () => {
    api.setTenantStatus.mockResolvedValue(null);
    renderPage();
    await screen.findByText('华东众包服务平台');
    fireEvent.click(buttonByText('禁用'));
    expect(
      await screen.findByText('确定禁用平台“华东众包服务平台”吗？禁用后该平台的账号将无法登录，已登录的账号将被退出。'),
    ).toBeTruthy();
    fireEvent.click(buttonByText(/取\s*消/));
    expect(api.setTenantStatus).not.toHaveBeenCalled();
    fireEvent.click(buttonByText('禁用'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.setTenantStatus).toHaveBeenCalledWith({ id: 2, status: 0 }));
    fireEvent.click(buttonByText('启用'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.setTenantStatus).toHaveBeenLastCalledWith({ id: 3, status: 1 }));
  });

  it('hides what the session may not do', async () => {
    useSession.setState({ permList: ['sysTenant:list:view'] });
    renderPage();
    await screen.findByText('华东众包服务平台');
    expect(screen.queryByRole('button', { name: /新增平台/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.queryByRole('button', { name: '禁用' })).toBeNull();
  });
});
