import { MSG } from '@fieldpay/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { ConfirmProvider } from '../../components/ConfirmProvider';
import { renderWithQuery, signedInAs } from '../../components/list/testing';
import StaffListPage from './StaffListPage';

const api = vi.hoisted(() => ({
  STAFF_LIST_KEY: ['staff', 'list'],
  fetchStaff: vi.fn(),
  addStaff: vi.fn(),
  editStaff: vi.fn(),
  setStaffStatus: vi.fn(),
  resetStaffPassword: vi.fn(),
  forceLogoutStaff: vi.fn(),
  fetchRoleOptions: vi.fn(),
}));
vi.mock('./staff-calls', () => api);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const staff = (id: number, username: string, realname: string, status = 1) => ({
  id,
  tenantId: 3,
  tenantName: '华东众包服务平台',
  username,
  realname,
  status,
  roles: [{ id: 7, name: '平台管理员' }],
  mustChangePassword: false,
  createTime: Date.UTC(2026, 10, 24, 16, 5, 9),
});

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('platform', 2);
  useSession.setState({
    permList: [
      'sysUser:list:view',
      'sysUser:list:edit',
      'sysUser:list:disable',
      'sysUser:list:resetPassword',
      'sysUser:list:logout',
    ],
  });
  // 13800000001 is the signed-in user (testing.tsx)
  api.fetchStaff.mockResolvedValue({
    records: [staff(1, '13800000001', '测试员'), staff(2, '13900000002', '李四')],
    total: 2,
  });
  api.fetchRoleOptions.mockResolvedValue([{ id: 7, name: '平台管理员', builtIn: true }]);
});

const renderPage = () =>
  renderWithQuery(
    <ConfirmProvider>
      <StaffListPage />
    </ConfirmProvider>,
  );

describe('StaffListPage', { timeout: 60_000 }, () => {
  it('lists accounts and offers no disable, reset or logout on the own row', async () => {
    renderPage();
    expect(await screen.findByText('李四')).toBeTruthy();
    expect(screen.getAllByText('2026-11-25 00:05:09')).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: '禁用' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: '重置密码' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: '强制下线' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: '编辑' })).toHaveLength(2);
  });

  it('adds an account by the login number rule, with a name and a role, and shows the one-time password once', async () => {
    api.addStaff.mockResolvedValue({ id: 9, password: 'Ab3$kLm9Qw2x' });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /新增账号/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    const error = (text: string) => within(dialog).findByText(text, { selector: '.ant-form-item-explain-error' });
    expect(await error('请输入登录账号')).toBeTruthy();
    expect(await error('请输入姓名')).toBeTruthy();
    expect(await error('请选择角色')).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入手机号'), { target: { value: '2380000000' } });
    expect(await error(MSG.mobileInvalid)).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入手机号'), { target: { value: '13700000003' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入姓名'), { target: { value: '王五' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('平台管理员'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(api.addStaff).toHaveBeenCalledWith({
        tenantId: undefined,
        username: '13700000003',
        realname: '王五',
        roleIds: [7],
      }),
    );
    expect(await screen.findByText('Ab3$kLm9Qw2x')).toBeTruthy();
    expect(screen.getByText('该密码仅显示一次，请复制后告知本人；首次登录后须修改密码。')).toBeTruthy();
  });

  it('resets a password after confirming and shows the new one-time password', async () => {
    api.resetStaffPassword.mockResolvedValue({ id: 2, password: 'Zx8#pQr5Tv7m' });
    renderPage();
    await screen.findByText('李四');
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('确定重置“李四”的密码吗？原密码将失效。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.resetStaffPassword).toHaveBeenCalledWith(2));
    expect(await screen.findByText('Zx8#pQr5Tv7m')).toBeTruthy();
  });

  it('disables after confirming', async () => {
    api.setStaffStatus.mockResolvedValue(null);
    renderPage();
    await screen.findByText('李四');
    fireEvent.click(screen.getByRole('button', { name: '禁用' }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.setStaffStatus).toHaveBeenCalledWith({ id: 2, status: 2 }));
  });

  it('shows 暂无数据 when empty and hides what the session may not do', async () => {
    useSession.setState({ permList: ['sysUser:list:view'] });
    api.fetchStaff.mockResolvedValue({ records: [], total: 0 });
    renderPage();
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /新增账号/ })).toBeNull();
  });
});
