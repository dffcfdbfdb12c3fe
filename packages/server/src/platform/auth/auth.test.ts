import { ApiCode, MSG } from '@fieldpay/domain';
import { describe, expect, it } from 'vitest';
import { authHeaders, createPlatformUser, createTenant, login, loginRequest, useTestApp } from '../../../test/app';

const t = useTestApp();

describe('login, permission list and logout', () => {
  it('getKey -> RSA-OAEP login -> three-level menus -> logout -> old token answers 401 / 10001', async () => {
    const user = await createPlatformUser(t.database, { tenantId: 0 });
    const info = await login(t.app, 'platform', user.username, user.password);
    expect(info.userIdentity).toBe(1);
    expect(info.tenant.id).toBe(0);
    expect(info.enterprise).toBeNull();
    expect(info.token.length).toBeGreaterThan(20);

    const perm = await t.app.inject({
      method: 'GET',
      url: '/platform/v2/queryPerm?tenantId=0',
      headers: authHeaders(info),
    });
    expect(perm.statusCode).toBe(200);
    const { menuList, permList } = perm.json().result;
    const dashboard = menuList.find((m: { url: string }) => m.url === '/dashboard');
    expect(dashboard.childList[0].childList[0]).toMatchObject({
      url: '/dashboard/analysis',
      component: 'DashboardAnalysis',
    });
    expect(menuList.find((m: { url: string }) => m.url === '/notice').isOpen).toBe(0);
    expect(permList).toContain('sysConfig:list:edit');
    expect(permList).toContain('projectManage:pro:modify');

    const logout = await t.app.inject({ method: 'GET', url: '/platform/v2/logout', headers: authHeaders(info) });
    expect(logout.json()).toMatchObject({ success: true, message: MSG.logoutSuccess });
    const after = await t.app.inject({ method: 'GET', url: '/platform/v2/queryPerm', headers: authHeaders(info) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ success: false, code: ApiCode.tokenInvalid });
  });

  it('tenant staff get their tenant, userIdentity 2, and no operator-only screens or codes', async () => {
    const tenantId = await createTenant(t.database);
    const user = await createPlatformUser(t.database, { tenantId });
    const info = await login(t.app, 'platform', user.username, user.password);
    expect(info.userIdentity).toBe(2);
    expect(info.tenant.id).toBe(tenantId);
    const perm = await t.app.inject({ method: 'GET', url: '/platform/v2/queryPerm', headers: authHeaders(info) });
    const urls = JSON.stringify(perm.json().result.menuList);
    expect(urls).not.toContain('/appUpload');
    expect(perm.json().result.permList).not.toContain('sysConfig:list:edit');
  });

  it('answers 10002 for a wrong password and an unknown user alike, and asks for the captcha after two', async () => {
    const user = await createPlatformUser(t.database, { tenantId: 0 });
    const first = await loginRequest(t.app, 'platform', user.username, 'Wrong@1234567');
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({ code: ApiCode.badCredentials, message: MSG.badCredentials });
    expect(first.json().result.captchaRequired).toBe(false);
    const second = await loginRequest(t.app, 'platform', user.username, 'Wrong@1234567');
    expect(second.json().result.captchaRequired).toBe(true);
    const third = await loginRequest(t.app, 'platform', user.username, user.password);
    expect(third.statusCode).toBe(400);
    expect(third.json()).toMatchObject({ code: ApiCode.captchaRequired, message: MSG.captchaRequired });
    const unknown = await loginRequest(t.app, 'platform', '13012345678', 'Whatever@12345');
    expect(unknown.json()).toMatchObject({ code: ApiCode.badCredentials, message: MSG.badCredentials });
  });

  it('a login on the wrong side says which side the account belongs to, only once the password matched', async () => {
    const user = await createPlatformUser(t.database, { tenantId: 0 });
    const guessed = await loginRequest(t.app, 'enterprise', user.username, 'Wrong@12345');
    expect(guessed.json()).toMatchObject({ code: ApiCode.badCredentials, message: MSG.badCredentials });
    const response = await loginRequest(t.app, 'enterprise', user.username, user.password);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, message: '该账号为平台端账号，请前往平台端登录' });
  });
});
