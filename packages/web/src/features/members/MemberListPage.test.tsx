import { MEMBER_MSG, MSG } from '@fieldpay/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { ConfirmProvider } from '../../components/ConfirmProvider';
import { renderWithQuery, signedInAs } from '../../components/list/testing';
import MemberListPage from './MemberListPage';

const api = vi.hoisted(() => ({
  MEMBER_LIST_KEY: ['member', 'list'],
  fetchMembers: vi.fn(),
  fetchMemberRoleOptions: vi.fn(),
  addMember: vi.fn(),
  editMember: vi.fn(),
  setMemberStatus: vi.fn(),
  resetMemberPassword: vi.fn(),
  forceLogoutMember: vi.fn(),
}));
vi.mock('./member-calls', () => api);
const lookups = vi.hoisted(() => ({ fetchLookup: vi.fn() }));
vi.mock('../../components/remote-select-calls', () => lookups);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const member = (id: number, username: string, realname: string, extra: object = {}) => ({
  id,
  enterpriseId: 9,
  enterpriseName: '杭州星联医药科技有限公司',
  tenantId: 3,
  tenantName: '华东众包服务平台',
  username,
  realname,
  roleId: 7,
  roleName: '企业管理员',
  status: 1,
  mustChangePassword: false,
  otherEnterprises: 0,
  createTime: Date.UTC(2026, 10, 24, 16, 5, 9),
  ...extra,
});
const ALL_CODES = [
  'member:list:view',
  'member:list:edit',
  'member:list:disable',
  'member:list:resetPassword',
  'member:list:logout',
];

/** the role select's option (the table's role column carries the same title) */
const roleOption = (name: string) =>
  waitFor(() => {
    const option = screen.getAllByTitle(name).find((element) => element.classList.contains('ant-select-item-option'));
    if (!option) throw new Error(`no option ${name} yet`);
    return option;
  });

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('enterprise', 2);
  useSession.setState({ permList: ALL_CODES });
  // 13800000001 is the signed-in user (testing.tsx)
  api.fetchMembers.mockResolvedValue({
    records: [
      member(1, '13800000001', '测试员'),
      member(2, '13900000002', '李四', { mustChangePassword: true, otherEnterprises: 1 }),
    ],
    total: 2,
  });
  api.fetchMemberRoleOptions.mockResolvedValue([{ id: 7, name: '企业管理员', builtIn: true }]);
});

const renderPage = () =>
  renderWithQuery(
    <ConfirmProvider>
      <MemberListPage />
    </ConfirmProvider>,
  );

describe('MemberListPage on the enterprise side', { timeout: 60_000 }, () => {
  it('lists its own members, marks a one-time password and offers no disable, reset or logout on the own row', async () => {
    renderPage();
    expect(await screen.findByText('李四')).toBeTruthy();
    expect(api.fetchMembers).toHaveBeenCalledWith(expect.objectContaining({ enterpriseId: undefined, pageNo: 1 }));
    expect(screen.getAllByText('2026-11-25 00:05:09')).toHaveLength(2);
    expect(screen.getByText('须修改密码')).toBeTruthy();
    expect(screen.getByText('1家')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '禁用' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: '重置密码' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: '强制下线' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: '编辑' })).toHaveLength(2);
  });

  it('adds a member by the login number rule with a name and a role, and shows the one-time password once', async () => {
    api.addMember.mockResolvedValue({ id: 11, password: 'Ab3$kLm9Qw2x' });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /新增成员/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    const error = (text: string) => within(dialog).findByText(text, { selector: '.ant-form-item-explain-error' });
    expect(await error('请输入登录账号')).toBeTruthy();
    expect(await error('请输入姓名')).toBeTruthy();
    expect(await error(MEMBER_MSG.roleRequired)).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入手机号'), { target: { value: '2380000000' } });
    expect(await error(MSG.mobileInvalid)).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入手机号'), { target: { value: '13700000003' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入姓名'), { target: { value: '王五' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await roleOption('企业管理员'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(api.addMember).toHaveBeenCalledWith({
        enterpriseId: undefined,
        username: '13700000003',
        realname: '王五',
        roleId: 7,
      }),
    );
    expect(toasts.success).toHaveBeenCalledWith(MEMBER_MSG.added);
    expect(await screen.findByText('Ab3$kLm9Qw2x')).toBeTruthy();
    // 登录信息: the enterprise, this console's enterprise login address, the account and the password, copied as one text
    const login = screen.getByText('登录信息').closest('.ant-modal') as HTMLElement;
    expect(within(login).getByText('13700000003')).toBeTruthy();
    expect(within(login).getByText(/#\/login\?side=enterprise$/)).toBeTruthy();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(within(login).getByRole('button', { name: '复制信息' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('复制信息成功'));
    expect(writeText.mock.calls[0][0]).toMatch(
      /^企业名称：.*\n登录地址：.*#\/login\?side=enterprise\n登录账号：13700000003\n登录密码：Ab3\$kLm9Qw2x$/,
    );
  });

  it('says an existing account joined, with no password to show', async () => {
    api.addMember.mockResolvedValue({ id: 12, password: null });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /新增成员/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入手机号'), { target: { value: '13700000004' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入姓名'), { target: { value: '赵六' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await roleOption('企业管理员'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(MEMBER_MSG.joined));
    expect(screen.queryByText('登录信息')).toBeNull();
  });

  it('disables and resets after confirming', async () => {
    api.setMemberStatus.mockResolvedValue(null);
    api.resetMemberPassword.mockResolvedValue({ id: 2, password: 'Zx8#pQr5Tv7m' });
    renderPage();
    await screen.findByText('李四');
    fireEvent.click(screen.getByRole('button', { name: '禁用' }));
    expect(await screen.findByText('确定禁用账号“李四”吗？禁用后该账号将无法登录，已登录的将被退出。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(api.setMemberStatus).toHaveBeenCalledWith({ enterpriseId: undefined, id: 2, status: 2 }),
    );
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    await screen.findByText('确定重置“李四”的密码吗？原密码将失效。');
    fireEvent.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1) as HTMLElement);
    await waitFor(() => expect(api.resetMemberPassword).toHaveBeenCalledWith({ enterpriseId: undefined, id: 2 }));
    expect(await screen.findByText('Zx8#pQr5Tv7m')).toBeTruthy();
  });

  it('shows 暂无数据 when empty and hides what the session may not do', async () => {
    useSession.setState({ permList: ['member:list:view'] });
    api.fetchMembers.mockResolvedValue({ records: [], total: 0 });
    renderPage();
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /新增成员/ })).toBeNull();
  });
});

describe('MemberListPage on the platform side', { timeout: 60_000 }, () => {
  it('asks for an enterprise first, then lists and manages that enterprise’s members', async () => {
    signedInAs('platform', 2);
    useSession.setState({ permList: ALL_CODES });
    lookups.fetchLookup.mockResolvedValue({
      records: [
        {
          value: 9,
          label: '杭州星联医药科技有限公司',
          id: 9,
          name: '杭州星联医药科技有限公司',
          enterpriseSn: 'E9',
          tenantId: 3,
          tenantName: '华东众包服务平台',
          contactPhone: '139****5678',
          status: 1,
        },
      ],
      total: 1,
    });
    api.forceLogoutMember.mockResolvedValue(null);
    renderPage();
    expect(await screen.findByText('请选择企业后查看其成员账号')).toBeTruthy();
    expect(api.fetchMembers).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /新增成员/ })).toBeNull();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '选择企业' }));
    await act(async () =>
      fireEvent.click(await screen.findByText('杭州星联医药科技有限公司', { selector: '.remote-select-option-label' })),
    );
    await waitFor(() => expect(api.fetchMembers).toHaveBeenCalledWith(expect.objectContaining({ enterpriseId: 9 })));
    // the platform side manages every member of the enterprise, its administrator included
    expect(await screen.findByText('测试员')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '强制下线' })).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: '强制下线' })[1]);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.forceLogoutMember).toHaveBeenCalledWith({ enterpriseId: 9, id: 2 }));
    expect(screen.getByRole('button', { name: /新增成员/ })).toBeTruthy();
  });
});
