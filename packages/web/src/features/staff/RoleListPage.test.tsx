import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { ConfirmProvider } from '../../components/ConfirmProvider';
import { renderWithQuery, signedInAs } from '../../components/list/testing';
import RoleListPage, { selectionOf } from './RoleListPage';

const api = vi.hoisted(() => ({
  ROLE_LIST_KEY: ['role', 'list'],
  fetchRoles: vi.fn(),
  fetchRoleMenuTree: vi.fn(),
  saveRole: vi.fn(),
  deleteRole: vi.fn(),
  fetchEnterpriseRoles: vi.fn(),
  fetchEnterpriseRoleMenuTree: vi.fn(),
  saveEnterpriseRole: vi.fn(),
  deleteEnterpriseRole: vi.fn(),
}));
vi.mock('./staff-calls', () => api);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const role = (id: number, name: string, builtIn: boolean) => ({
  id,
  tenantId: 3,
  tenantName: '华东众包服务平台',
  name,
  builtIn,
  userCount: 1,
  menuIds: [1, 2, 3],
  permCodes: ['sysUser:list:view'],
});

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('platform', 2);
  useSession.setState({ permList: ['sysRole:list:view', 'sysRole:list:edit'] });
  api.fetchRoles.mockResolvedValue({ records: [role(7, '平台管理员', true), role(8, '账号管理员', false)], total: 2 });
  api.fetchRoleMenuTree.mockResolvedValue({
    menus: [
      {
        id: 1,
        name: '系统管理',
        permissions: [],
        children: [
          {
            id: 2,
            name: '账号权限',
            permissions: [],
            children: [
              {
                id: 3,
                name: '员工账号',
                children: [],
                permissions: [
                  { code: 'sysUser:list:view', name: '员工账号查看' },
                  { code: 'sysUser:list:edit', name: '新增与编辑员工账号' },
                ],
              },
            ],
          },
        ],
      },
    ],
    otherPermissions: [],
  });
});

const renderPage = () =>
  renderWithQuery(
    <ConfirmProvider>
      <RoleListPage />
    </ConfirmProvider>,
  );

describe('the role tree selection', () => {
  it('takes checked and half-checked menus and only checked codes', () => {
    expect(selectionOf([3, 'perm:sysUser:list:view'], [1, 2])).toEqual({
      menuIds: [3, 1, 2],
      permCodes: ['sysUser:list:view'],
    });
  });
});

describe('RoleListPage', { timeout: 60_000 }, () => {
  it('marks built-in roles read-only and edits or deletes the others', async () => {
    renderPage();
    expect(await screen.findByText('账号管理员')).toBeTruthy();
    expect(screen.getByText('内置角色不可修改')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '删除' })).toHaveLength(1);
  });

  it('adds a role only with a name and a menu, sending the page with its parents and the codes checked', async () => {
    api.saveRole.mockResolvedValue({ id: 9 });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /新增角色/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('员工账号查看');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(
      await within(dialog).findByText('请输入角色名称', { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入角色名称'), { target: { value: '只读专员' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请选择菜单')).toBeTruthy();
    expect(api.saveRole).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByText('员工账号查看'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.saveRole).toHaveBeenCalled());
    const sent = api.saveRole.mock.calls[0][0];
    expect(sent.name).toBe('只读专员');
    expect([...sent.menuIds].sort()).toEqual([1, 2, 3]);
    expect(sent.permCodes).toEqual(['sysUser:list:view']);
  });

  it('deletes only after confirming', async () => {
    api.deleteRole.mockResolvedValue(null);
    renderPage();
    await screen.findByText('账号管理员');
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除角色“账号管理员”吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.deleteRole).toHaveBeenCalledWith(8));
  });
});

describe('RoleListPage on the enterprise side (decision 0029)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    signedInAs('enterprise', 2);
    useSession.setState({ permList: ['enterpriseRole:list:view', 'enterpriseRole:list:edit'] });
    api.fetchEnterpriseRoles.mockResolvedValue({
      records: [role(20, '企业管理员', true), { ...role(21, '项目专员', false), userCount: 2 }],
      total: 2,
    });
    api.fetchEnterpriseRoleMenuTree.mockResolvedValue({
      menus: [
        {
          id: 31,
          name: '项目管理',
          permissions: [],
          children: [
            {
              id: 32,
              name: '项目中心',
              permissions: [],
              children: [
                {
                  id: 33,
                  name: '项目列表',
                  children: [],
                  permissions: [{ code: 'projectManage:list:view', name: '项目列表查看' }],
                },
              ],
            },
          ],
        },
      ],
      otherPermissions: [],
    });
  });

  it('lists the enterprise’s roles with the shared one read-only, and saves and deletes through the enterprise calls', async () => {
    api.saveEnterpriseRole.mockResolvedValue({ id: 22 });
    api.deleteEnterpriseRole.mockResolvedValue(null);
    renderPage();
    expect(await screen.findByText('项目专员')).toBeTruthy();
    expect(screen.getByText('内置角色不可修改')).toBeTruthy();
    expect(screen.getByText('成员数', { selector: 'th' })).toBeTruthy();
    expect(screen.queryByText('所属平台', { selector: 'th' })).toBeNull();
    expect(api.fetchRoles).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: /新增角色/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('项目列表查看');
    expect(within(dialog).queryByText('所属平台')).toBeNull();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入角色名称'), { target: { value: '项目查看' } });
    fireEvent.click(within(dialog).getByText('项目列表查看'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.saveEnterpriseRole).toHaveBeenCalled());
    const sent = api.saveEnterpriseRole.mock.calls[0][0];
    expect(sent).not.toHaveProperty('tenantId');
    expect(sent.name).toBe('项目查看');
    expect([...sent.menuIds].sort()).toEqual([31, 32, 33]);
    expect(sent.permCodes).toEqual(['projectManage:list:view']);
    expect(api.fetchRoleMenuTree).not.toHaveBeenCalled();
    expect(api.saveRole).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.deleteEnterpriseRole).toHaveBeenCalledWith(21));
    expect(api.deleteRole).not.toHaveBeenCalled();
  });

  it('shows no add, edit or delete without the edit code', async () => {
    useSession.setState({ permList: ['enterpriseRole:list:view'] });
    renderPage();
    expect(await screen.findByText('项目专员')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新增角色/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
  });
});
