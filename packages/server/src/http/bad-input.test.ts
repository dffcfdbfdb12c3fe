import { ApiCode, MSG } from '@fieldpay/domain';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, sessions } from '../db/schema';
import { authHeaders, createPlatformUser, getKey, login, useTestApp } from '../../test/app';
import { BODY_LIMIT_BYTES } from '../app';

const t = useTestApp();

const sessionCount = async () => (await t.database.db.select({ n: count() }).from(sessions))[0].n;

describe('bad input gets a clear Chinese message, changes nothing, and the server keeps serving', () => {
  it('malformed JSON', async () => {
    const before = await sessionCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/platform/v2/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin", "password": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: ApiCode.validation, message: MSG.malformedJson });
    expect(await sessionCount()).toBe(before);
  });

  it('wrong types and missing fields name the field in Chinese', async () => {
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/platform/v2/login',
      payload: { username: 123, password: 'x', keyId: 'k' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toMatch(/^用户名：/);
    const missing = await t.app.inject({ method: 'POST', url: '/platform/v2/login', payload: { username: 'admin' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^(密码|密钥编号)：/);
    expect(missing.json().message).not.toMatch(/[A-Za-z]{6,}/);
  });

  it('a body over the limit is refused with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/platform/v2/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a'.repeat(BODY_LIMIT_BYTES + 10), password: 'x', keyId: 'k' }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, message: MSG.bodyTooLarge });
  });

  it('unknown tenant ids and bad id lists', async () => {
    const user = await createPlatformUser(t.database, { tenantId: 0 });
    const info = await login(t.app, 'platform', user.username, user.password);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/sys2/tenant/queryByIds?ids=999999',
      headers: authHeaders(info),
    });
    expect(unknown.json()).toMatchObject({ success: true, result: [] });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/sys2/tenant/queryByIds?ids=1,abc',
      headers: authHeaders(info),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^编号列表：/);
    const header = await t.app.inject({
      method: 'GET',
      url: '/platform/v2/queryPerm',
      headers: { 'x-access-token': info.token, 'x-tenant-id': '999999' },
    });
    expect(header.statusCode).toBe(403);
    expect(header.json().message).toBe(MSG.tenantNotYours);
  });

  it('unknown dictionary codes, SQL-looking codes and unknown routes', async () => {
    const user = await createPlatformUser(t.database, { tenantId: 0 });
    const info = await login(t.app, 'platform', user.username, user.password);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/sys2/g/dict/loadDict/no_such_dict',
      headers: authHeaders(info),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.dictUnknown);
    const injection = await t.app.inject({
      method: 'GET',
      url: `/api/sys2/g/dict/loadDict/${encodeURIComponent("x';drop table users;--")}`,
      headers: authHeaders(info),
    });
    expect(injection.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, message: MSG.notFound });
  });

  it('no stack trace or SQL reaches the client, and the server keeps serving', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/platform/v2/login',
          headers: { 'content-type': 'application/json' },
          payload: i % 2 ? '{' : JSON.stringify({ username: [], password: {}, keyId: null }),
        }),
      ),
    );
    for (const response of responses) {
      expect(response.statusCode).toBe(400);
      expect(response.body).not.toMatch(/at \w+ \(|select |insert |node_modules/i);
    }
    expect((await getKey(t.app)).keyId).toBeTruthy();
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['content-security-policy']).toContain("default-src 'self'");
    expect((await t.database.db.select({ n: count() }).from(auditLogs))[0].n).toBeGreaterThanOrEqual(0);
  });
});
