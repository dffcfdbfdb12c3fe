import { ApiCode, MSG } from '@fieldpay/domain';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, configs, sessions } from '../../db/schema';
import {
  authHeaders,
  createEnterpriseUser,
  createPlatformUser,
  createTenant,
  login,
  useTestApp,
} from '../../../test/app';

const t = useTestApp();

describe('enterprise users on several tenants', () => {
  it('log in to the first tenant, switch to another of their own, and are refused a foreign one', async () => {
    const [a, b, foreign] = [
      await createTenant(t.database),
      await createTenant(t.database),
      await createTenant(t.database),
    ];
    const user = await createEnterpriseUser(t.database, { tenantIds: [a, b] });
    const info = await login(t.app, 'enterprise', user.username, user.password);
    expect(info.tenant.id).toBe(a);
    expect(info.userIdentity).toBe(2);
    expect(info.enterprise?.id).toBe(user.enterpriseIds[0]);
    expect(info.tenantList.map((x) => x.id)).toEqual([a, b]);

    const refused = await t.app.inject({
      method: 'POST',
      url: '/enterprise/v2/switchTenant',
      headers: authHeaders(info),
      payload: { tenantId: foreign },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, message: MSG.tenantNotYours });

    const switched = await t.app.inject({
      method: 'POST',
      url: '/enterprise/v2/switchTenant',
      headers: authHeaders(info),
      payload: { tenantId: b },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().result).toMatchObject({ tenant: { id: b }, enterprise: { id: user.enterpriseIds[1] } });
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session.tenantId).toBe(b);

    // the old tenant header no longer matches the session: refused, not silently re-scoped
    const stale = await t.app.inject({ method: 'GET', url: '/enterprise/v2/queryPerm', headers: authHeaders(info) });
    expect(stale.statusCode).toBe(403);
    const fresh = await t.app.inject({
      method: 'GET',
      url: `/enterprise/v2/queryPerm?tenantId=${b}`,
      headers: { 'x-access-token': info.token, 'x-tenant-id': String(b) },
    });
    expect(fresh.statusCode).toBe(200);
    const menus = JSON.stringify(fresh.json().result.menuList);
    expect(menus).toContain('/company/loginManage/password');
    expect(menus).not.toContain('/dataManagement');
  });

  it('queryPerm for another tenant id is refused', async () => {
    const [a, other] = [await createTenant(t.database), await createTenant(t.database)];
    const user = await createEnterpriseUser(t.database, { tenantIds: [a] });
    const info = await login(t.app, 'enterprise', user.username, user.password);
    const response = await t.app.inject({
      method: 'GET',
      url: `/enterprise/v2/queryPerm?tenantId=${other}`,
      headers: authHeaders(info),
    });
    expect(response.statusCode).toBe(403);
  });

  it('tenant lookups answer only the tenants in scope', async () => {
    const [a, b, c] = [await createTenant(t.database), await createTenant(t.database), await createTenant(t.database)];
    const user = await createEnterpriseUser(t.database, { tenantIds: [a, b] });
    const info = await login(t.app, 'enterprise', user.username, user.password);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/sys2/tenant/queryList?pageNo=1&pageSize=20',
      headers: authHeaders(info),
    });
    expect(list.json().result.records.map((r: { id: number }) => r.id)).toEqual([a, b]);
    const byIds = await t.app.inject({
      method: 'GET',
      url: `/api/sys2/tenant/queryByIds?ids=${a},${c}`,
      headers: authHeaders(info),
    });
    expect(byIds.json().result.map((r: { id: number }) => r.id)).toEqual([a]);

    const staff = await createPlatformUser(t.database, { tenantId: c });
    const staffInfo = await login(t.app, 'platform', staff.username, staff.password);
    const staffList = await t.app.inject({
      method: 'GET',
      url: '/api/sys2/tenant/queryList',
      headers: authHeaders(staffInfo),
    });
    expect(staffList.json().result).toMatchObject({ total: 1, records: [{ id: c }] });

    const enterprises = await t.app.inject({
      method: 'GET',
      url: `/api/sys2/enterprise/queryByIds?ids=${user.enterpriseIds.join(',')}`,
      headers: authHeaders(staffInfo),
    });
    expect(enterprises.json().result).toEqual([]);
  });
});

describe('permission codes', () => {
  it('a platform operator without sysConfig:list:edit gets 403 and nothing changes', async () => {
    const user = await createPlatformUser(t.database, { tenantId: 0, roleCode: null });
    const info = await login(t.app, 'platform', user.username, user.password);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sys2/config/save',
      headers: authHeaders(info),
      payload: { configKey: 'manager_file_size', content: '99' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, code: ApiCode.forbidden, message: MSG.forbidden });
    const [row] = await t.database.db.select().from(configs).where(eq(configs.configKey, 'manager_file_size'));
    expect(row.content).toBe('10');
  });

  it('tenant staff cannot edit config even though they are platform side', async () => {
    const tenantId = await createTenant(t.database);
    const user = await createPlatformUser(t.database, { tenantId });
    const info = await login(t.app, 'platform', user.username, user.password);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sys2/config/save',
      headers: authHeaders(info),
      payload: { configKey: 'manager_file_size', content: '20' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('the operator edits a config value; the audit log holds before and after', async () => {
    const user = await createPlatformUser(t.database, { tenantId: 0 });
    const info = await login(t.app, 'platform', user.username, user.password);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sys2/config/save',
      headers: authHeaders(info),
      payload: { configKey: 'invoice.number', content: ' 12 ' },
    });
    expect(response.json()).toMatchObject({ success: true, message: MSG.saveSuccess });
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/sys2/config/queryByKey?configKey=invoice.number',
      headers: authHeaders(info),
    });
    expect(read.json().result).toEqual({ configKey: 'invoice.number', content: '12' });
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'config.save'))
      .orderBy(desc(auditLogs.id));
    expect(audit).toMatchObject({
      actorUserId: user.id,
      targetId: 'invoice.number',
      before: { content: '10' },
      after: { content: '12' },
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/sys2/audit/list?pageNo=1&pageSize=5',
      headers: authHeaders(info),
    });
    expect(list.json().result.records[0]).toMatchObject({ action: 'config.save' });
  });
});

describe('enterprise password change', () => {
  it('checks the old password and the shared rules, then revokes every session', async () => {
    const tenantId = await createTenant(t.database);
    const user = await createEnterpriseUser(t.database, { tenantIds: [tenantId] });
    const info = await login(t.app, 'enterprise', user.username, user.password);
    const change = (payload: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/enterprise/v2/changePassword', headers: authHeaders(info), payload });

    const wrongOld = await change({
      oldPassword: 'Nope@1234567',
      newPassword: 'NewPass@2026x',
      confirmPassword: 'NewPass@2026x',
    });
    expect(wrongOld.json()).toMatchObject({ success: false, message: MSG.oldPasswordWrong });
    const weak = await change({ oldPassword: user.password, newPassword: 'short', confirmPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(`新密码：${MSG.passwordInvalid}`);
    const differ = await change({
      oldPassword: user.password,
      newPassword: 'NewPass@2026x',
      confirmPassword: 'NewPass@2026y',
    });
    expect(differ.json().message).toBe(`确认密码：${MSG.passwordsDiffer}`);

    const done = await change({
      oldPassword: user.password,
      newPassword: 'NewPass@2026x',
      confirmPassword: 'NewPass@2026x',
    });
    expect(done.json()).toMatchObject({ success: true, message: MSG.passwordChanged });
    const after = await t.app.inject({ method: 'GET', url: '/enterprise/v2/queryPerm', headers: authHeaders(info) });
    expect(after.json().code).toBe(ApiCode.tokenInvalid);
    const relogin = await login(t.app, 'enterprise', user.username, 'NewPass@2026x');
    expect(relogin.token).toBeTruthy();
  });
});
