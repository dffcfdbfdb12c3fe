/**
 * An enterprise's own roles (decision 0029): its administrator makes, edits and deletes roles for its
 * own members within what it holds; the tenant's shared roles are read-only; another enterprise's
 * roles are neither listed, touched nor handed out; a member given an enterprise role gets exactly its
 * menus and codes; the wall hides another enterprise's roles from a raw select.
 */
import { MEMBER_MSG, MSG, type PermissionCode, STAFF_MSG } from '@fieldpay/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  authHeaders,
  createPlatformUser,
  createRole,
  login,
  roleIdOf,
  uniqueMobile,
  useTestApp,
} from '../../../test/app';
import {
  enterpriseAdmin as anEnterpriseAdmin,
  limitedMember as aLimitedMember,
  type Headers,
  menuIdOf,
  signIn as signInAs,
  sys2Calls,
} from '../../../test/members';
import { auditLogs, menus, roles } from '../../db/schema';

const t = useTestApp();
const { post, get } = sys2Calls(t);
const signIn = (side: 'platform' | 'enterprise', user: { username: string; password: string }) =>
  signInAs(t, side, user);
const list = async (headers: Headers, query: Record<string, string> = {}) => {
  const response = await get(headers, 'enterpriseRole/list', { pageNo: '1', pageSize: '50', ...query });
  expect(response.statusCode).toBe(200);
  return response.json().result.records as Array<{
    id: number;
    name: string;
    builtIn: boolean;
    userCount: number;
    menuIds: number[];
    permCodes: string[];
  }>;
};

const pageId = (url: string) => menuIdOf(t, 'enterprise', url);
const roleAudits = async (id: number) =>
  (
    await t.database.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'role'), eq(auditLogs.targetId, String(id))))
      .orderBy(auditLogs.id)
  ).map((a) => a.action);

const enterpriseAdmin = (tenantId?: number) => anEnterpriseAdmin(t, tenantId);
const limitedMember = (tenantId: number, enterpriseId: number, codes: PermissionCode[], menuUrls: string[]) =>
  aLimitedMember(t, { tenantId, enterpriseId }, codes, menuUrls);

const TWO_PAGES = ['/dashboard/analysis', '/projectManage/project/list'];

describe('角色管理 of an enterprise', () => {
  it('the administrator makes a role of two pages, a member given it gets exactly those menus and codes; edit and delete are audited', async () => {
    const { tenantId, enterpriseId, headers } = await enterpriseAdmin();
    const shared = await roleIdOf(t.database, tenantId, 'enterprise_admin');
    expect(await list(headers)).toEqual([expect.objectContaining({ id: shared, name: '企业管理员', builtIn: true })]);

    // the tree is the enterprise side's, with this screen and its codes in it
    const tree = (await get(headers, 'enterpriseRole/menuTree')).json().result;
    const names = JSON.stringify(tree);
    expect(names).toContain('角色管理');
    expect(names).toContain('enterpriseRole:list:edit');
    expect(names).not.toContain('sysRole:list:view');
    expect(names).not.toContain('系统管理');

    const [analysis, projects] = await Promise.all(TWO_PAGES.map(pageId));
    const saved = await post(headers, 'enterpriseRole/save', {
      name: ' 项目助理 ',
      menuIds: [analysis, projects],
      permCodes: ['dashboard:analysis:view', 'projectManage:list:view'],
    });
    expect(saved.json()).toMatchObject({ success: true, message: MSG.saveSuccess });
    const id: number = saved.json().result.id;
    const [row] = await t.database.db.select().from(roles).where(eq(roles.id, id));
    expect(row).toMatchObject({ tenantId, side: 'enterprise', enterpriseId, name: '项目助理' });
    expect(row.code.startsWith(`ent${enterpriseId}_`)).toBe(true);
    // the pages' groups and top items, and the hidden pages of 项目中心 opened from its list
    const parents = await Promise.all(
      [
        '/dashboard',
        '/dashboard/overview',
        '/projectManage',
        '/projectManage/project',
        '/projectManage/project/detail',
        '/projectManage/project/summary',
        '/projectManage/project/enterpriseInfo',
      ].map(pageId),
    );
    expect((await list(headers, { name: '助理' }))[0]).toEqual({
      id,
      tenantId,
      tenantName: expect.any(String),
      name: '项目助理',
      builtIn: false,
      userCount: 0,
      menuIds: [analysis, projects, ...parents].sort((a, b) => a - b),
      // the code of the hidden 企业信息 comes with the view of 项目中心's list
      permCodes: ['dashboard:analysis:view', 'enterpriseAccountManage:info:view', 'projectManage:list:view'],
    });

    // the members' options: the shared role and the enterprise's own
    const options = (await get(headers, 'member/roleOptions')).json().result;
    expect(options).toEqual([
      { id: shared, name: '企业管理员', builtIn: true },
      { id, name: '项目助理', builtIn: false },
    ]);
    const username = uniqueMobile();
    const added = await post(headers, 'member/add', { username, realname: '孙助理', roleId: id });
    expect(added.json().success).toBe(true);
    const memberId: number = added.json().result.id;
    const first = await login(t.app, 'enterprise', username, added.json().result.password);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/enterprise/v2/changePassword',
      headers: authHeaders(first),
      payload: {
        oldPassword: added.json().result.password,
        newPassword: 'Member@2026x',
        confirmPassword: 'Member@2026x',
      },
    });
    expect(changed.json().success).toBe(true);
    const member = await login(t.app, 'enterprise', username, 'Member@2026x');
    const perm = (
      await t.app.inject({ method: 'GET', url: '/enterprise/v2/queryPerm', headers: authHeaders(member) })
    ).json().result;
    type Item = { url: string; childList: Item[] };
    const urls = (items: Item[]): string[] => items.flatMap((item) => [item.url, ...urls(item.childList)]);
    expect(urls(perm.menuList).sort()).toEqual(
      [
        ...TWO_PAGES,
        '/dashboard',
        '/dashboard/overview',
        '/projectManage',
        '/projectManage/project',
        '/projectManage/project/detail',
        '/projectManage/project/summary',
        '/projectManage/project/enterpriseInfo',
      ].sort(),
    );
    expect([...perm.permList].sort()).toEqual([
      'dashboard:analysis:view',
      'enterpriseAccountManage:info:view',
      'projectManage:list:view',
    ]);
    // the crowd list's client name opens 企业信息 of the member's enterprise: the page answers, not 403
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/sys/enterprise/info',
      headers: authHeaders(member),
      query: { id: String(enterpriseId) },
    });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().result.id).toBe(enterpriseId);
    // the member holds no role codes: the screen is 403 to them
    expect((await get(authHeaders(member), 'enterpriseRole/list', { pageNo: '1', pageSize: '10' })).statusCode).toBe(
      403,
    );

    // edit: the name and one page fewer; a role in use is not deleted
    expect(
      (
        await post(headers, 'enterpriseRole/save', { id, name: '项目专员二', menuIds: [projects], permCodes: [] })
      ).json(),
    ).toMatchObject({ success: true });
    expect((await list(headers, { name: '专员二' }))[0]).toMatchObject({ userCount: 1, permCodes: [] });
    const refreshed = (
      await t.app.inject({ method: 'GET', url: '/enterprise/v2/queryPerm', headers: authHeaders(member) })
    ).json().result;
    expect(urls(refreshed.menuList)).not.toContain('/dashboard/analysis');
    expect(refreshed.permList).toEqual([]);
    const inUse = await post(headers, 'enterpriseRole/delete', { id });
    expect(inUse.statusCode).toBe(422);
    expect(inUse.json().message).toBe(STAFF_MSG.roleInUse(1));

    expect(
      (await post(headers, 'member/edit', { id: memberId, realname: '孙助理', roleId: shared })).json().success,
    ).toBe(true);
    expect((await post(headers, 'enterpriseRole/delete', { id })).json()).toMatchObject({
      success: true,
      message: MSG.deleteSuccess,
    });
    expect(await list(headers)).toHaveLength(1);
    expect(await roleAudits(id)).toEqual(['role.add', 'role.edit', 'role.delete']);
  });

  it('checks the name; shared and built-in roles are read-only; nothing beyond what the editor holds is granted', async () => {
    const { tenantId, enterpriseId, headers } = await enterpriseAdmin();
    const projects = await pageId('/projectManage/project/list');
    const save = (payload: object) => post(headers, 'enterpriseRole/save', payload);
    expect((await save({ name: ' ', menuIds: [projects], permCodes: [] })).json().message).toContain(
      STAFF_MSG.roleNameRequired,
    );
    expect((await save({ name: '名'.repeat(21), menuIds: [projects], permCodes: [] })).json().message).toContain(
      STAFF_MSG.roleNameTooLong,
    );
    expect((await save({ name: '空角色', menuIds: [], permCodes: [] })).json().message).toContain(
      STAFF_MSG.roleMenusRequired,
    );
    // names are unique among the roles the enterprise sees: its own and the shared ones
    expect((await save({ name: '企业管理员', menuIds: [projects], permCodes: [] })).json().message).toBe(
      STAFF_MSG.roleNameTaken,
    );
    expect((await save({ name: '查看员', menuIds: [projects], permCodes: [] })).json().success).toBe(true);
    expect((await save({ name: '查看员', menuIds: [projects], permCodes: [] })).json().message).toBe(
      STAFF_MSG.roleNameTaken,
    );
    // another enterprise of the tenant may use the same name
    const sibling = await enterpriseAdmin(tenantId);
    expect(
      (
        await post(sibling.headers, 'enterpriseRole/save', { name: '查看员', menuIds: [projects], permCodes: [] })
      ).json().success,
    ).toBe(true);

    // the built-in role and a shared role made by hand: listed, read-only
    const builtIn = await roleIdOf(t.database, tenantId, 'enterprise_admin');
    const sharedCode = await createRole(t.database, {
      tenantId,
      side: 'enterprise',
      permissions: ['projectManage:list:view'],
    });
    const shared = await roleIdOf(t.database, tenantId, sharedCode);
    const listed = await list(headers);
    expect(listed.find((r) => r.id === shared)?.builtIn).toBe(true);
    for (const id of [builtIn, shared]) {
      const edit = await save({ id, name: '改名', menuIds: [projects], permCodes: [] });
      expect(edit.statusCode).toBe(422);
      expect(edit.json().message).toBe(STAFF_MSG.builtInRole);
      expect((await post(headers, 'enterpriseRole/delete', { id })).json().message).toBe(STAFF_MSG.builtInRole);
    }
    expect((await t.database.db.select().from(roles).where(eq(roles.id, shared)))[0].name).not.toBe('改名');

    // platform-side codes and menus are never an enterprise role's
    const platformMenu = (
      await t.database.db
        .select({ id: menus.id })
        .from(menus)
        .where(and(eq(menus.side, 'platform'), eq(menus.url, '/system/account/staff')))
    )[0].id;
    for (const payload of [
      { name: '越权一', menuIds: [projects], permCodes: ['sysUser:list:view'] },
      { name: '越权二', menuIds: [platformMenu], permCodes: [] },
      { name: '越权三', menuIds: [projects], permCodes: ['no:such:code'] },
    ]) {
      const refused = await save(payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(STAFF_MSG.grantBeyondOwn);
    }

    // a member holding the role codes but only some pages grants no more than those
    const clerk = await limitedMember(
      tenantId,
      enterpriseId,
      ['enterpriseRole:list:view', 'enterpriseRole:list:edit', 'projectManage:list:view'],
      [
        '/company',
        '/company/account',
        '/company/account/roles',
        '/projectManage',
        '/projectManage/project',
        '/projectManage/project/list',
      ],
    );
    const clerkHeaders = await signIn('enterprise', clerk);
    const tree = JSON.stringify((await get(clerkHeaders, 'enterpriseRole/menuTree')).json().result);
    expect(tree).toContain('项目列表');
    expect(tree).not.toContain('分析页');
    expect(tree).not.toContain('projectManage:list:export');
    const beyond = [
      { name: '越权四', menuIds: [await pageId('/dashboard/analysis')], permCodes: [] },
      { name: '越权五', menuIds: [projects], permCodes: ['projectManage:list:export'] },
    ];
    for (const payload of beyond) {
      const refused = await post(clerkHeaders, 'enterpriseRole/save', payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(STAFF_MSG.grantBeyondOwn);
    }
    const within = await post(clerkHeaders, 'enterpriseRole/save', {
      name: '项目查看',
      menuIds: [projects],
      permCodes: ['projectManage:list:view'],
    });
    expect(within.json().success).toBe(true);
    // the group's hidden pages come along only as far as the editor holds them (the clerk does not)
    const clerkRole = (await list(headers, { name: '项目查看' }))[0];
    expect(clerkRole.menuIds).not.toContain(await pageId('/projectManage/project/detail'));
    expect(clerkRole.menuIds).toContain(projects);
  });

  it('another enterprise’s roles answer 404, are not listed nor handed out; the wall hides them; the platform lists its own side only', async () => {
    const own = await enterpriseAdmin();
    const sibling = await enterpriseAdmin(own.tenantId);
    const projects = await pageId('/projectManage/project/list');
    const theirs: number = (
      await post(sibling.headers, 'enterpriseRole/save', { name: '他企角色', menuIds: [projects], permCodes: [] })
    ).json().result.id;
    const mine: number = (
      await post(own.headers, 'enterpriseRole/save', { name: '本企角色', menuIds: [projects], permCodes: [] })
    ).json().result.id;

    expect((await list(own.headers)).map((r) => r.id)).not.toContain(theirs);
    for (const [url, payload] of [
      ['enterpriseRole/save', { id: theirs, name: '改他企', menuIds: [projects], permCodes: [] }],
      ['enterpriseRole/delete', { id: theirs }],
      ['member/add', { username: uniqueMobile(), realname: '越界', roleId: theirs }],
    ] as const) {
      const answer = await post(own.headers, url, payload);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json().message).toBe(url === 'member/add' ? MEMBER_MSG.roleMissing : STAFF_MSG.roleMissing);
    }
    expect((await t.database.db.select().from(roles).where(eq(roles.id, theirs)))[0].name).toBe('他企角色');

    // the wall: a raw select of an enterprise session sees its own roles and the shared ones only
    const seen = await t.services.ctx.scopes.withViewer(
      { side: 'enterprise', tenantId: own.tenantId, enterpriseId: own.enterpriseId, userIdentity: 2 },
      async (db) => (await db.select({ id: roles.id, enterpriseId: roles.enterpriseId }).from(roles)).map((r) => r),
    );
    expect(seen.map((r) => r.id)).toContain(mine);
    expect(seen.map((r) => r.id)).toContain(await roleIdOf(t.database, own.tenantId, 'enterprise_admin'));
    expect(seen.map((r) => r.id)).not.toContain(theirs);
    expect(seen.every((r) => r.enterpriseId === null || r.enterpriseId === own.enterpriseId)).toBe(true);

    // the platform side: its role screen lists platform roles only; it hands a member of an
    // enterprise the shared roles and that enterprise's own, never another enterprise's
    const staff = await createPlatformUser(t.database, { tenantId: own.tenantId });
    const staffHeaders = await signIn('platform', staff);
    const platformRoles = (await get(staffHeaders, 'role/list', { pageNo: '1', pageSize: '50' })).json().result.records;
    expect(platformRoles.map((r: { id: number }) => r.id)).not.toContain(mine);
    expect((await get(staffHeaders, 'enterpriseRole/list', { pageNo: '1', pageSize: '10' })).statusCode).toBe(403);
    const platformOptions = (
      await get(staffHeaders, 'member/roleOptions', { enterpriseId: String(own.enterpriseId) })
    ).json().result;
    expect(platformOptions.map((r: { id: number }) => r.id)).toContain(mine);
    expect(platformOptions.map((r: { id: number }) => r.id)).not.toContain(theirs);
    const crossed = await post(staffHeaders, 'member/add', {
      enterpriseId: own.enterpriseId,
      username: uniqueMobile(),
      realname: '越界',
      roleId: theirs,
    });
    expect(crossed.statusCode).toBe(404);
  });
});
