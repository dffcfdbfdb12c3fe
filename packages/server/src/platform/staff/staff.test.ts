import { isPassword, MSG, type PermissionCode, STAFF_MSG } from '@fieldpay/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  authHeaders,
  createPlatformUser,
  createRole,
  createTenant,
  login,
  loginRequest,
  roleIdOf,
  uniqueMobile,
  useTestApp,
} from '../../../test/app';
import { type Headers, menuIdOf, signIn as signInAs, sys2Calls } from '../../../test/members';
import { auditLogs, roleMenus, roles, userRoles, users } from '../../db/schema';

const t = useTestApp();
const { post: call, get } = sys2Calls(t);
const signIn = (user: { username: string; password: string }): Promise<Headers> => signInAs(t, 'platform', user);
const operator = async () => signIn(await createPlatformUser(t.database, { tenantId: 0 }));

const roleId = (tenantId: number, code: string) => roleIdOf(t.database, tenantId, code);
const menuId = (url: string) => menuIdOf(t, 'platform', url);
const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const rolesOf = async (userId: number) =>
  (await t.database.db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId))).map(
    (r) => r.id,
  );
const auditActions = async (targetType: string, id: number) =>
  (
    await t.database.db
      .select({ action: auditLogs.action, after: auditLogs.after })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, targetType), eq(auditLogs.targetId, String(id))))
      .orderBy(auditLogs.id)
  )
    .map((a) => a.action)
    // sign-ins and password changes of the account are audited too; these tests read the screen's actions
    .filter((action) => action.startsWith('staff.') || action.startsWith('role.'));

/** A tenant staff member whose one role holds exactly these codes and these menus. */
async function limitedStaff(tenantId: number, codes: PermissionCode[], menuUrls: string[] = []) {
  const code = await createRole(t.database, { tenantId, side: 'platform', permissions: codes });
  const id = await roleId(tenantId, code);
  for (const url of menuUrls) await t.database.db.insert(roleMenus).values({ roleId: id, menuId: await menuId(url) });
  const user = await createPlatformUser(t.database, { tenantId, roleCode: code });
  return { ...user, roleId: id };
}

describe('员工账号', () => {
  it('the operator adds a tenant account with a one-time password that must be changed, finds it and edits it', async () => {
    const headers = await operator();
    const tenantId = await createTenant(t.database);
    const username = uniqueMobile();
    const added = await call(headers, 'staff/add', {
      tenantId,
      username,
      realname: ' 李四 ',
      roleIds: [await roleId(tenantId, 'tenant_admin')],
    });
    expect(added.json()).toMatchObject({ success: true, message: STAFF_MSG.added });
    const { id, password } = added.json().result;
    expect(isPassword(password)).toBe(true);

    const first = await login(t.app, 'platform', username, password);
    expect(first.mustChangePassword).toBe(true);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/platform/v2/changePassword',
      headers: authHeaders(first),
      payload: { oldPassword: password, newPassword: 'Changed@2026x', confirmPassword: 'Changed@2026x' },
    });
    expect(changed.json()).toMatchObject({ success: true });
    expect((await login(t.app, 'platform', username, 'Changed@2026x')).mustChangePassword).toBe(false);

    const found = await get(headers, 'staff/list', { keyword: username.slice(3), tenantId: String(tenantId) });
    expect(found.json().result.records).toEqual([
      expect.objectContaining({
        id,
        username,
        realname: '李四',
        status: 1,
        roles: [expect.objectContaining({ name: '平台管理员' })],
      }),
    ]);
    const edited = await call(headers, 'staff/edit', {
      id,
      realname: '李四四',
      roleIds: [await roleId(tenantId, 'tenant_admin')],
    });
    expect(edited.json()).toMatchObject({ success: true, message: MSG.saveSuccess });
    expect((await userRow(id)).realname).toBe('李四四');
    expect(await auditActions('user', id)).toEqual(['staff.add', 'staff.edit']);
    // the login number is personal data: the audit row keeps it masked
    const [row] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'staff.add'), eq(auditLogs.targetId, String(id))));
    expect(JSON.stringify(row.after)).not.toContain(username);
  });

  it('checks the fields, the login number rule, a taken number and roles of another tenant', async () => {
    const headers = await operator();
    const tenantId = await createTenant(t.database);
    const otherTenant = await createTenant(t.database);
    const admin = await roleId(tenantId, 'tenant_admin');
    const cases: Array<[object, string]> = [
      [{ tenantId, username: '', realname: '张三', roleIds: [admin] }, STAFF_MSG.usernameRequired],
      [{ tenantId, username: '23800000000', realname: '张三', roleIds: [admin] }, MSG.mobileInvalid],
      [{ tenantId, username: uniqueMobile(), realname: ' ', roleIds: [admin] }, STAFF_MSG.realnameRequired],
      [{ tenantId, username: uniqueMobile(), realname: '名'.repeat(21), roleIds: [admin] }, STAFF_MSG.realnameTooLong],
      [{ tenantId, username: uniqueMobile(), realname: '张三', roleIds: [] }, STAFF_MSG.rolesRequired],
    ];
    for (const [payload, message] of cases) {
      const response = await call(headers, 'staff/add', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const existing = await createPlatformUser(t.database, { tenantId });
    const taken = await call(headers, 'staff/add', {
      tenantId,
      username: existing.username,
      realname: '张三',
      roleIds: [admin],
    });
    expect(taken.json().message).toBe(STAFF_MSG.usernameTaken);
    const foreignRole = await call(headers, 'staff/add', {
      tenantId,
      username: uniqueMobile(),
      realname: '张三',
      roleIds: [await roleId(otherTenant, 'tenant_admin')],
    });
    expect(foreignRole.json().message).toBe(STAFF_MSG.roleMissing);
    // an enterprise role is no staff role
    const enterpriseRole = await call(headers, 'staff/add', {
      tenantId,
      username: uniqueMobile(),
      realname: '张三',
      roleIds: [await roleId(tenantId, 'enterprise_admin')],
    });
    expect(enterpriseRole.json().message).toBe(STAFF_MSG.roleMissing);
  });

  it('disabling ends the sessions and refuses the login; reset password and force logout revoke sessions', async () => {
    const headers = await operator();
    const tenantId = await createTenant(t.database);
    const staff = await createPlatformUser(t.database, { tenantId });
    const probe = (h: Headers) => get(h, 'tenant/queryList');

    let session = await signIn(staff);
    expect((await call(headers, 'staff/forceLogout', { id: staff.id })).json().message).toBe(STAFF_MSG.loggedOut);
    expect((await probe(session)).statusCode).toBe(401);

    session = await signIn(staff);
    const reset = await call(headers, 'staff/resetPassword', { id: staff.id });
    expect(reset.json()).toMatchObject({ success: true, message: STAFF_MSG.passwordReset });
    expect((await probe(session)).statusCode).toBe(401);
    expect((await loginRequest(t.app, 'platform', staff.username, staff.password)).statusCode).toBe(401);
    const fresh = await login(t.app, 'platform', staff.username, reset.json().result.password);
    expect(fresh.mustChangePassword).toBe(true);

    expect((await call(headers, 'staff/setStatus', { id: staff.id, status: 2 })).json().success).toBe(true);
    expect((await probe(authHeaders(fresh))).statusCode).toBe(401);
    const refused = await loginRequest(t.app, 'platform', staff.username, reset.json().result.password);
    expect(refused.json()).toMatchObject({ success: false, message: MSG.accountDisabled });
    await call(headers, 'staff/setStatus', { id: staff.id, status: 1 });
    expect((await loginRequest(t.app, 'platform', staff.username, reset.json().result.password)).statusCode).toBe(200);
    expect(await auditActions('user', staff.id)).toEqual([
      'staff.forceLogout',
      'staff.resetPassword',
      'staff.disable',
      'staff.enable',
    ]);
  });

  it('nobody changes their own roles, disables, resets or logs out themselves here', async () => {
    const tenantId = await createTenant(t.database);
    const self = await createPlatformUser(t.database, { tenantId });
    const headers = await signIn(self);
    const admin = await roleId(tenantId, 'tenant_admin');
    const custom = await limitedStaff(tenantId, ['sysUser:list:view']);
    const ownRoles = await call(headers, 'staff/edit', {
      id: self.id,
      realname: '测试员',
      roleIds: [admin, custom.roleId],
    });
    expect(ownRoles.statusCode).toBe(403);
    expect(ownRoles.json().message).toBe(STAFF_MSG.ownRoles);
    // the name alone may change
    expect(
      (await call(headers, 'staff/edit', { id: self.id, realname: '改名', roleIds: [admin] })).json().success,
    ).toBe(true);
    expect((await call(headers, 'staff/setStatus', { id: self.id, status: 2 })).json().message).toBe(
      STAFF_MSG.ownStatus,
    );
    expect((await call(headers, 'staff/resetPassword', { id: self.id })).json().message).toBe(STAFF_MSG.ownPassword);
    expect((await call(headers, 'staff/forceLogout', { id: self.id })).json().message).toBe(STAFF_MSG.ownLogout);
    expect(await rolesOf(self.id)).toEqual([admin]);
    expect((await userRow(self.id)).status).toBe(1);
  });

  it('nobody grants or manages beyond what they hold', async () => {
    const tenantId = await createTenant(t.database);
    const admin = await roleId(tenantId, 'tenant_admin');
    const manager = await limitedStaff(
      tenantId,
      ['sysUser:list:view', 'sysUser:list:edit', 'sysUser:list:disable', 'sysUser:list:resetPassword'],
      ['/system', '/system/account', '/system/account/staff'],
    );
    const headers = await signIn(manager);
    const beyond = await call(headers, 'staff/add', { username: uniqueMobile(), realname: '王五', roleIds: [admin] });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().message).toBe(STAFF_MSG.grantBeyondOwn);
    // a role within their own rights may be handed out, in their own tenant
    const within = await call(headers, 'staff/add', {
      username: uniqueMobile(),
      realname: '王五',
      roleIds: [manager.roleId],
    });
    expect(within.json().success).toBe(true);
    const [created] = await t.database.db.select().from(users).where(eq(users.id, within.json().result.id));
    expect(created.tenantId).toBe(tenantId);
    // the tenant administrator holds more: the manager cannot disable or reset them
    const tenantAdmin = await createPlatformUser(t.database, { tenantId });
    expect((await call(headers, 'staff/setStatus', { id: tenantAdmin.id, status: 2 })).json().message).toBe(
      STAFF_MSG.manageBeyondOwn,
    );
    expect((await call(headers, 'staff/resetPassword', { id: tenantAdmin.id })).statusCode).toBe(403);
    expect((await userRow(tenantAdmin.id)).status).toBe(1);
  });

  it("tenant staff see and touch only their own tenant's accounts; a missing code is 403 and changes nothing", async () => {
    const tenantId = await createTenant(t.database);
    const otherTenant = await createTenant(t.database);
    const foreign = await createPlatformUser(t.database, { tenantId: otherTenant });
    const headers = await signIn(await createPlatformUser(t.database, { tenantId }));
    const listed = await get(headers, 'staff/list', { pageSize: '200' });
    expect(listed.json().result.records.every((r: { tenantId: number }) => r.tenantId === tenantId)).toBe(true);
    expect((await get(headers, 'staff/list', { tenantId: String(otherTenant) })).json().result.records).toEqual([]);
    for (const [url, payload] of [
      ['staff/edit', { id: foreign.id, realname: '越权', roleIds: [await roleId(tenantId, 'tenant_admin')] }],
      ['staff/setStatus', { id: foreign.id, status: 2 }],
      ['staff/resetPassword', { id: foreign.id }],
      ['staff/forceLogout', { id: foreign.id }],
    ] as const) {
      const response = await call(headers, url, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(STAFF_MSG.missing);
    }
    const intoOther = await call(headers, 'staff/add', {
      tenantId: otherTenant,
      username: uniqueMobile(),
      realname: '越权',
      roleIds: [await roleId(otherTenant, 'tenant_admin')],
    });
    expect(intoOther.statusCode).toBe(404);
    expect(await userRow(foreign.id)).toMatchObject({ realname: '测试员', status: 1 });

    const viewer = await signIn(await limitedStaff(tenantId, ['sysUser:list:view']));
    const target = await createPlatformUser(t.database, { tenantId });
    for (const [url, payload] of [
      ['staff/add', { username: uniqueMobile(), realname: '越权', roleIds: [await roleId(tenantId, 'tenant_admin')] }],
      ['staff/edit', { id: target.id, realname: '越权', roleIds: [await roleId(tenantId, 'tenant_admin')] }],
      ['staff/setStatus', { id: target.id, status: 2 }],
      ['staff/resetPassword', { id: target.id }],
      ['staff/forceLogout', { id: target.id }],
      ['role/save', { name: '越权角色', menuIds: [await menuId('/system')], permCodes: [] }],
    ] as const) {
      expect((await call(viewer, url, payload)).statusCode).toBe(403);
    }
    expect(await userRow(target.id)).toMatchObject({ realname: '测试员', status: 1 });
    expect(await auditActions('user', target.id)).toEqual([]);
  });
});

describe('角色管理', () => {
  it('a tenant administrator builds a role from the menus they hold, with its parents; it lists, edits and deletes', async () => {
    const tenantId = await createTenant(t.database);
    const headers = await signIn(await createPlatformUser(t.database, { tenantId }));
    const tree = (await get(headers, 'role/menuTree')).json().result;
    const names = JSON.stringify(tree.menus);
    expect(names).toContain('员工账号');
    expect(names).not.toContain('平台列表'); // the operator's screens are not theirs to give
    const account = tree.menus
      .flatMap((m: { children: unknown[] }) => m.children)
      .find((g: { name: string }) => g.name === '账号权限');
    const staffPage = account.children.find((p: { name: string }) => p.name === '员工账号');
    expect(staffPage.permissions.map((p: { code: string }) => p.code)).toContain('sysUser:list:resetPassword');

    const saved = await call(headers, 'role/save', {
      name: '账号管理员',
      menuIds: [staffPage.id],
      permCodes: ['sysUser:list:view', 'sysUser:list:edit'],
    });
    expect(saved.json()).toMatchObject({ success: true, message: MSG.saveSuccess });
    const id = saved.json().result.id;
    const listed = (await get(headers, 'role/list', { name: '账号管理员' })).json().result.records;
    expect(listed).toEqual([
      expect.objectContaining({
        id,
        builtIn: false,
        userCount: 0,
        menuIds: [await menuId('/system'), await menuId('/system/account'), staffPage.id].sort((a, b) => a - b),
        permCodes: ['sysUser:list:edit', 'sysUser:list:view'],
      }),
    ]);
    const duplicate = await call(headers, 'role/save', { name: '账号管理员', menuIds: [staffPage.id], permCodes: [] });
    expect(duplicate.json().message).toBe(STAFF_MSG.roleNameTaken);
    expect(
      (await call(headers, 'role/save', { id, name: '账号专员', menuIds: [staffPage.id], permCodes: [] })).json()
        .success,
    ).toBe(true);
    expect((await call(headers, 'role/delete', { id })).json()).toMatchObject({
      success: true,
      message: MSG.deleteSuccess,
    });
    expect(await auditActions('role', id)).toEqual(['role.add', 'role.edit', 'role.delete']);
  });

  it('built-in roles and roles in use are not deleted; codes and menus beyond the editor are refused', async () => {
    const tenantId = await createTenant(t.database);
    const headers = await signIn(await createPlatformUser(t.database, { tenantId }));
    const admin = await roleId(tenantId, 'tenant_admin');
    const staffPage = await menuId('/system/account/staff');
    expect((await call(headers, 'role/delete', { id: admin })).json().message).toBe(STAFF_MSG.builtInRole);
    expect(
      (await call(headers, 'role/save', { id: admin, name: '改名', menuIds: [staffPage], permCodes: [] })).json()
        .message,
    ).toBe(STAFF_MSG.builtInRole);
    const used = await limitedStaff(tenantId, ['sysUser:list:view']);
    expect((await call(headers, 'role/delete', { id: used.roleId })).json().message).toBe(STAFF_MSG.roleInUse(1));

    const operatorCode = await call(headers, 'role/save', {
      name: '越权',
      menuIds: [staffPage],
      permCodes: ['sysTenant:list:view'],
    });
    expect(operatorCode.statusCode).toBe(403);
    expect(operatorCode.json().message).toBe(STAFF_MSG.operatorOnlyGrant);
    const operatorMenu = await call(headers, 'role/save', {
      name: '越权',
      menuIds: [await menuId('/system/tenant/list')],
      permCodes: [],
    });
    expect(operatorMenu.json().message).toBe(STAFF_MSG.operatorOnlyGrant);
    const unknown = await call(headers, 'role/save', {
      name: '越权',
      menuIds: [staffPage],
      permCodes: ['no:such:code'],
    });
    expect(unknown.json().message).toBe(STAFF_MSG.grantBeyondOwn);

    const limited = await signIn(await limitedStaff(tenantId, ['sysRole:list:view', 'sysRole:list:edit'], ['/system']));
    const beyond = await call(limited, 'role/save', {
      name: '越权',
      menuIds: [staffPage],
      permCodes: ['sysRole:list:view'],
    });
    expect(beyond.json().message).toBe(STAFF_MSG.grantBeyondOwn);
    const beyondCode = await call(limited, 'role/save', {
      name: '越权',
      menuIds: [await menuId('/system')],
      permCodes: ['sysUser:list:edit'],
    });
    expect(beyondCode.json().message).toBe(STAFF_MSG.grantBeyondOwn);
    const [sneaked] = await t.database.db
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, tenantId), eq(roles.name, '越权')));
    expect(sneaked).toBeUndefined();
  });

  it("another tenant's roles are neither listed nor touched; the operator gives a tenant's role to that tenant", async () => {
    const tenantId = await createTenant(t.database);
    const otherTenant = await createTenant(t.database);
    const headers = await signIn(await createPlatformUser(t.database, { tenantId }));
    const foreignRole = await limitedStaff(otherTenant, ['sysUser:list:view']);
    const listed = (await get(headers, 'role/list', { pageSize: '200' })).json().result.records;
    expect(listed.every((r: { tenantId: number }) => r.tenantId === tenantId)).toBe(true);
    expect((await get(headers, 'role/options', { tenantId: String(otherTenant) })).json().result).toEqual([]);
    expect((await get(headers, 'role/menuTree', { tenantId: String(otherTenant) })).statusCode).toBe(404);
    const staffPage = await menuId('/system/account/staff');
    expect(
      (await call(headers, 'role/save', { id: foreignRole.roleId, name: '越权', menuIds: [staffPage], permCodes: [] }))
        .statusCode,
    ).toBe(404);
    expect((await call(headers, 'role/delete', { id: foreignRole.roleId })).statusCode).toBe(404);
    expect(
      (await call(headers, 'role/save', { tenantId: otherTenant, name: '越权', menuIds: [staffPage], permCodes: [] }))
        .statusCode,
    ).toBe(404);

    const op = await operator();
    const made = await call(op, 'role/save', {
      tenantId: otherTenant,
      name: '运营方代建',
      menuIds: [staffPage],
      permCodes: ['sysUser:list:view'],
    });
    expect(made.json().success).toBe(true);
    const [row] = await t.database.db.select().from(roles).where(eq(roles.id, made.json().result.id));
    expect(row).toMatchObject({ tenantId: otherTenant, side: 'platform' });
    const options = (await get(op, 'role/options', { tenantId: String(otherTenant) })).json().result;
    expect(options.map((o: { name: string }) => o.name)).toEqual(expect.arrayContaining(['平台管理员', '运营方代建']));
  });
});
