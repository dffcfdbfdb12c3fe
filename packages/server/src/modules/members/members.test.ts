import { isPassword, MEMBER_MSG, MSG, type PermissionCode } from '@fieldpay/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  authHeaders,
  createEnterpriseUser,
  createPlatformUser,
  createRole,
  createTenant,
  login,
  loginRequest,
  roleIdOf,
  uniqueMobile,
  useTestApp,
} from '../../../test/app';
import {
  enterpriseAdmin as anEnterpriseAdmin,
  limitedMember as aLimitedMember,
  signIn as signInAs,
  sys2Calls,
} from '../../../test/members';
import { auditLogs, enterpriseMembers, enterprises, users } from '../../db/schema';

const t = useTestApp();
const { post: call, get } = sys2Calls(t, 'member/');
const signIn = (side: 'platform' | 'enterprise', user: { username: string; password: string }, tenantId?: number) =>
  signInAs(t, side, user, tenantId);

const roleId = (tenantId: number, code: string) => roleIdOf(t.database, tenantId, code);
const membership = async (userId: number, enterpriseId: number) =>
  (
    await t.database.db
      .select()
      .from(enterpriseMembers)
      .where(and(eq(enterpriseMembers.userId, userId), eq(enterpriseMembers.enterpriseId, enterpriseId)))
  )[0];
const auditActions = async (userId: number) =>
  (
    await t.database.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'user'), eq(auditLogs.targetId, String(userId))))
      .orderBy(auditLogs.id)
  )
    .map((a) => a.action)
    .filter((action) => action.startsWith('member.'));

const enterpriseAdmin = (tenantId?: number) => anEnterpriseAdmin(t, tenantId);
const limitedMember = (tenantId: number, enterpriseId: number, codes: PermissionCode[]) =>
  aLimitedMember(t, { tenantId, enterpriseId }, codes);

describe('成员账号 on the enterprise side', () => {
  it('the administrator adds a member with a one-time password, finds, edits, disables, enables, resets and logs them out', async () => {
    const { tenantId, enterpriseId, headers } = await enterpriseAdmin();
    const admin = await roleId(tenantId, 'enterprise_admin');
    const options = await get(headers, 'roleOptions');
    expect(options.json().result).toEqual([{ id: admin, name: '企业管理员', builtIn: true }]);

    const username = uniqueMobile();
    const added = await call(headers, 'add', { username, realname: ' 赵六 ', roleId: admin });
    expect(added.json()).toMatchObject({ success: true, message: MEMBER_MSG.added });
    const { id, password } = added.json().result;
    expect(isPassword(password)).toBe(true);

    // the one-time password signs in and must be changed before anything else
    const first = await login(t.app, 'enterprise', username, password);
    expect(first.mustChangePassword).toBe(true);
    expect(first.enterprise?.id).toBe(enterpriseId);
    const refused = await t.app.inject({ method: 'GET', url: '/api/sys2/member/list', headers: authHeaders(first) });
    expect(refused.statusCode).toBe(403);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/enterprise/v2/changePassword',
      headers: authHeaders(first),
      payload: { oldPassword: password, newPassword: 'Changed@2026x', confirmPassword: 'Changed@2026x' },
    });
    expect(changed.json()).toMatchObject({ success: true });
    const memberHeaders = await signIn('enterprise', { username, password: 'Changed@2026x' });

    const found = await get(headers, 'list', { keyword: username.slice(3), pageNo: '1', pageSize: '10' });
    expect(found.json().result.records).toEqual([
      expect.objectContaining({
        id,
        enterpriseId,
        username,
        realname: '赵六',
        roleName: '企业管理员',
        status: 1,
        mustChangePassword: false,
      }),
    ]);
    expect((await call(headers, 'edit', { id, realname: '赵六六', roleId: admin })).json()).toMatchObject({
      success: true,
      message: MSG.saveSuccess,
    });

    expect((await call(headers, 'setStatus', { id, status: 2 })).json()).toMatchObject({ success: true });
    expect((await membership(id, enterpriseId)).status).toBe(2);
    // the member's session ended, and the login is refused as a disabled account
    expect(
      (await t.app.inject({ method: 'GET', url: '/platform/v2/ping', headers: memberHeaders })).statusCode,
    ).not.toBe(200);
    const disabledLogin = await loginRequest(t.app, 'enterprise', username, 'Changed@2026x');
    expect(disabledLogin.json().message).toBe(MSG.accountDisabled);
    expect(
      (await get(headers, 'list', { status: '2' })).json().result.records.map((r: { id: number }) => r.id),
    ).toEqual([id]);
    await call(headers, 'setStatus', { id, status: 1 });
    const again = await signIn('enterprise', { username, password: 'Changed@2026x' });

    const reset = await call(headers, 'resetPassword', { id });
    expect(reset.json()).toMatchObject({ success: true, message: MEMBER_MSG.passwordReset });
    expect(isPassword(reset.json().result.password)).toBe(true);
    expect((await loginRequest(t.app, 'enterprise', username, 'Changed@2026x')).statusCode).not.toBe(200);
    expect((await login(t.app, 'enterprise', username, reset.json().result.password)).mustChangePassword).toBe(true);
    // the reset ended the session signed in before it
    expect((await get(again, 'list')).statusCode).toBe(401);

    const fresh = await signIn('enterprise', { username, password: reset.json().result.password });
    expect((await call(headers, 'forceLogout', { id })).json()).toMatchObject({
      success: true,
      message: MEMBER_MSG.loggedOut,
    });
    expect((await get(fresh, 'list')).statusCode).toBe(401);

    expect(await auditActions(id)).toEqual([
      'member.add',
      'member.edit',
      'member.disable',
      'member.enable',
      'member.resetPassword',
      'member.forceLogout',
    ]);
    const [row] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'member.add'), eq(auditLogs.targetId, String(id))));
    expect(JSON.stringify(row.after)).not.toContain(username);
  });

  it('checks every field, the login number rule and a number already in the tenant', async () => {
    const { tenantId, headers } = await enterpriseAdmin();
    const admin = await roleId(tenantId, 'enterprise_admin');
    const cases: Array<[object, string]> = [
      [{ username: '', realname: '张三', roleId: admin }, '请输入登录账号'],
      [{ username: '23800000000', realname: '张三', roleId: admin }, MSG.mobileInvalid],
      [{ username: uniqueMobile(), realname: ' ', roleId: admin }, '请输入姓名'],
      [{ username: uniqueMobile(), realname: '名'.repeat(21), roleId: admin }, '姓名不能超过20个字符'],
      [{ username: uniqueMobile(), realname: '张三' }, MEMBER_MSG.roleRequired],
      [{ username: uniqueMobile(), realname: '张三', roleId: 0 }, MEMBER_MSG.roleRequired],
    ];
    for (const [payload, message] of cases) {
      const response = await call(headers, 'add', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    }
    // a member of another enterprise of this tenant cannot be added again (one enterprise per tenant)
    const other = await createEnterpriseUser(t.database, { tenantIds: [tenantId] });
    const taken = await call(headers, 'add', { username: other.username, realname: '张三', roleId: admin });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MEMBER_MSG.alreadyMember);
    // another tenant's role is not one of this enterprise's
    const foreignRole = await roleId(await createTenant(t.database), 'enterprise_admin');
    const foreign = await call(headers, 'add', { username: uniqueMobile(), realname: '张三', roleId: foreignRole });
    expect(foreign.json().message).toBe(MEMBER_MSG.roleMissing);
    const platformRole = await call(headers, 'add', {
      username: uniqueMobile(),
      realname: '张三',
      roleId: await roleId(tenantId, 'tenant_admin'),
    });
    expect(platformRole.json().message).toBe(MEMBER_MSG.roleMissing);
  });

  it('an existing enterprise account of another tenant joins with its own password; its password is then not the enterprise admin’s to reset', async () => {
    const { tenantId, enterpriseId, headers } = await enterpriseAdmin();
    const elsewhere = await createEnterpriseUser(t.database, { tenantIds: [await createTenant(t.database)] });
    const joined = await call(headers, 'add', {
      username: elsewhere.username,
      realname: '别名',
      roleId: await roleId(tenantId, 'enterprise_admin'),
    });
    expect(joined.json()).toMatchObject({
      success: true,
      message: MEMBER_MSG.joined,
      result: { id: elsewhere.id, password: null },
    });
    expect((await membership(elsewhere.id, enterpriseId)).tenantId).toBe(tenantId);
    // the account keeps its name and password, and now works on both tenants
    expect((await t.database.db.select().from(users).where(eq(users.id, elsewhere.id)))[0].realname).toBe('企业用户');
    const info = await login(t.app, 'enterprise', elsewhere.username, elsewhere.password);
    expect(info.tenantList.map((tenant) => tenant.id)).toContain(tenantId);
    const list = (await get(headers, 'list')).json().result.records;
    expect(list.find((r: { id: number }) => r.id === elsewhere.id)).toMatchObject({ otherEnterprises: 1 });

    const reset = await call(headers, 'resetPassword', { id: elsewhere.id });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().message).toBe(MEMBER_MSG.sharedPassword);
    // nor its name, which the other enterprise shows too; its role here is this enterprise's to change
    const adminRole = await roleId(tenantId, 'enterprise_admin');
    const renamed = await call(headers, 'edit', { id: elsewhere.id, realname: '别名', roleId: adminRole });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json().message).toBe(MEMBER_MSG.sharedName);
    expect(
      (await call(headers, 'edit', { id: elsewhere.id, realname: '企业用户', roleId: adminRole })).json().success,
    ).toBe(true);
    // disabling here leaves the other tenant's membership working
    await call(headers, 'setStatus', { id: elsewhere.id, status: 2 });
    expect(
      (await login(t.app, 'enterprise', elsewhere.username, elsewhere.password)).tenantList.map((x) => x.id),
    ).not.toContain(tenantId);
    expect(await auditActions(elsewhere.id)).toEqual(['member.join', 'member.edit', 'member.disable']);
  });

  it('nobody manages themselves, a member above them, or hands out a role beyond their own', async () => {
    const { tenantId, enterpriseId, admin, headers } = await enterpriseAdmin();
    for (const [url, payload, message] of [
      ['setStatus', { id: admin.id, status: 2 }, MEMBER_MSG.ownStatus],
      ['resetPassword', { id: admin.id }, MEMBER_MSG.ownPassword],
      ['forceLogout', { id: admin.id }, MEMBER_MSG.ownLogout],
    ] as const) {
      const response = await call(headers, url, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(message);
    }
    const adminRole = await roleId(tenantId, 'enterprise_admin');
    // their own name they may change, their own role not
    expect((await call(headers, 'edit', { id: admin.id, realname: '新名字', roleId: adminRole })).json().success).toBe(
      true,
    );
    const clerkCode = await createRole(t.database, { tenantId, side: 'enterprise', permissions: ['member:list:view'] });
    const own = await call(headers, 'edit', {
      id: admin.id,
      realname: '新名字',
      roleId: await roleId(tenantId, clerkCode),
    });
    expect(own.json().message).toBe(MEMBER_MSG.ownRoles);

    // a clerk holding the member codes but not the administrator's rights
    const clerk = await limitedMember(tenantId, enterpriseId, [
      'member:list:view',
      'member:list:edit',
      'member:list:disable',
      'member:list:resetPassword',
      'member:list:logout',
    ]);
    const clerkHeaders = await signIn('enterprise', clerk);
    expect((await get(clerkHeaders, 'roleOptions')).json().result.map((r: { id: number }) => r.id)).not.toContain(
      adminRole,
    );
    const beyond = await call(clerkHeaders, 'add', { username: uniqueMobile(), realname: '张三', roleId: adminRole });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().message).toBe(MEMBER_MSG.grantBeyondOwn);
    for (const [url, payload] of [
      ['setStatus', { id: admin.id, status: 2 }],
      ['resetPassword', { id: admin.id }],
      ['forceLogout', { id: admin.id }],
      ['edit', { id: admin.id, realname: '改名', roleId: adminRole }],
    ] as const) {
      const response = await call(clerkHeaders, url, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MEMBER_MSG.manageBeyondOwn);
    }
    expect((await membership(admin.id, enterpriseId)).status).toBe(1);
  });

  it('answers 403 without the codes and changes nothing', async () => {
    const { tenantId, enterpriseId } = await enterpriseAdmin();
    const viewer = await limitedMember(tenantId, enterpriseId, ['member:list:view']);
    const headers = await signIn('enterprise', viewer);
    expect((await get(headers, 'list')).statusCode).toBe(200);
    const target = await limitedMember(tenantId, enterpriseId, []);
    for (const [url, payload] of [
      ['add', { username: uniqueMobile(), realname: '张三', roleId: await roleId(tenantId, 'enterprise_admin') }],
      ['edit', { id: target.id, realname: '张三', roleId: await roleId(tenantId, target.roleCode) }],
      ['setStatus', { id: target.id, status: 2 }],
      ['resetPassword', { id: target.id }],
      ['forceLogout', { id: target.id }],
    ] as const) {
      expect((await call(headers, url, payload)).statusCode).toBe(403);
    }
    expect((await membership(target.id, enterpriseId)).status).toBe(1);
    const nobody = await limitedMember(tenantId, enterpriseId, []);
    expect((await get(await signIn('enterprise', nobody), 'list')).statusCode).toBe(403);
  });

  it('another enterprise’s or tenant’s ids answer nothing', async () => {
    const { tenantId, headers } = await enterpriseAdmin();
    const sameTenant = await createEnterpriseUser(t.database, { tenantIds: [tenantId] });
    const otherTenant = await createEnterpriseUser(t.database, { tenantIds: [await createTenant(t.database)] });
    for (const foreign of [sameTenant, otherTenant]) {
      const listed = await get(headers, 'list', { enterpriseId: String(foreign.enterpriseIds[0]) });
      expect(listed.statusCode).toBe(404);
      expect(listed.json().message).toBe(MEMBER_MSG.enterpriseMissing);
      for (const [url, payload] of [
        ['setStatus', { id: foreign.id, status: 2 }],
        ['resetPassword', { id: foreign.id }],
        ['forceLogout', { id: foreign.id }],
        ['edit', { id: foreign.id, realname: '张三', roleId: await roleId(tenantId, 'enterprise_admin') }],
      ] as const) {
        const response = await call(headers, url, payload);
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(MEMBER_MSG.missing);
      }
      expect((await membership(foreign.id, foreign.enterpriseIds[0])).status).toBe(1);
    }
  });

  it('a double submit adds one member', async () => {
    const { tenantId, enterpriseId, headers } = await enterpriseAdmin();
    const payload = { username: uniqueMobile(), realname: '钱七', roleId: await roleId(tenantId, 'enterprise_admin') };
    const answers = await Promise.all([call(headers, 'add', payload), call(headers, 'add', payload)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.side, 'enterprise'), eq(users.username, payload.username)));
    expect(rows).toHaveLength(1);
    expect(await membership(rows[0].id, enterpriseId)).toBeDefined();
  });
});

describe('成员账号 on the platform side', () => {
  it('tenant staff manage the members of their tenant’s enterprises, not another tenant’s', async () => {
    const { tenantId, enterpriseId, admin } = await enterpriseAdmin();
    const staff = await signIn('platform', await createPlatformUser(t.database, { tenantId }));
    const missing = await get(staff, 'list');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MEMBER_MSG.enterpriseRequired);
    const list = await get(staff, 'list', { enterpriseId: String(enterpriseId) });
    expect(list.json().result.records.map((r: { id: number }) => r.id)).toEqual([admin.id]);
    // the platform side administers the enterprise's administrator too
    const reset = await call(staff, 'resetPassword', { enterpriseId, id: admin.id });
    expect(isPassword(reset.json().result.password)).toBe(true);
    const added = await call(staff, 'add', {
      enterpriseId,
      username: uniqueMobile(),
      realname: '孙八',
      roleId: await roleId(tenantId, 'enterprise_admin'),
    });
    expect(added.json().success).toBe(true);

    const foreign = await createEnterpriseUser(t.database, { tenantIds: [await createTenant(t.database)] });
    const foreignList = await get(staff, 'list', { enterpriseId: String(foreign.enterpriseIds[0]) });
    expect(foreignList.statusCode).toBe(404);
    const foreignDisable = await call(staff, 'setStatus', {
      enterpriseId: foreign.enterpriseIds[0],
      id: foreign.id,
      status: 2,
    });
    expect(foreignDisable.statusCode).toBe(404);
    // an account of this tenant's enterprise, named with a foreign enterprise, finds nothing either
    const mixed = await call(staff, 'forceLogout', { enterpriseId: foreign.enterpriseIds[0], id: admin.id });
    expect(mixed.statusCode).toBe(404);
    expect((await membership(foreign.id, foreign.enterpriseIds[0])).status).toBe(1);
  });

  it('the operator reaches every tenant’s enterprises and resets an account shared across tenants', async () => {
    const operator = await signIn('platform', await createPlatformUser(t.database, { tenantId: 0 }));
    const shared = await createEnterpriseUser(t.database, {
      tenantIds: [await createTenant(t.database), await createTenant(t.database)],
    });
    const reset = await call(operator, 'resetPassword', { enterpriseId: shared.enterpriseIds[0], id: shared.id });
    expect(reset.json().success).toBe(true);
    const disabled = await call(operator, 'setStatus', {
      enterpriseId: shared.enterpriseIds[1],
      id: shared.id,
      status: 2,
    });
    expect(disabled.json().success).toBe(true);
    expect((await membership(shared.id, shared.enterpriseIds[0])).status).toBe(1);
    expect((await membership(shared.id, shared.enterpriseIds[1])).status).toBe(2);
    // a disabled enterprise takes no new members
    await t.database.db.update(enterprises).set({ status: 2 }).where(eq(enterprises.id, shared.enterpriseIds[0]));
    const [tenantOfFirst] = await t.database.db
      .select({ tenantId: enterprises.tenantId })
      .from(enterprises)
      .where(eq(enterprises.id, shared.enterpriseIds[0]));
    const refused = await call(operator, 'add', {
      enterpriseId: shared.enterpriseIds[0],
      username: uniqueMobile(),
      realname: '周九',
      roleId: await roleId(tenantOfFirst.tenantId, 'enterprise_admin'),
    });
    expect(refused.json().message).toBe(MEMBER_MSG.enterpriseDisabled);
  });

  it('tenant staff without the codes get 403', async () => {
    const { tenantId, enterpriseId, admin } = await enterpriseAdmin();
    const code = await createRole(t.database, { tenantId, side: 'platform', permissions: ['sysUser:list:view'] });
    const staff = await signIn('platform', await createPlatformUser(t.database, { tenantId, roleCode: code }));
    expect((await get(staff, 'list', { enterpriseId: String(enterpriseId) })).statusCode).toBe(403);
    expect((await call(staff, 'resetPassword', { enterpriseId, id: admin.id })).statusCode).toBe(403);
  });
});
