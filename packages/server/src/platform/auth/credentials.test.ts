import { ApiCode, MSG } from '@fieldpay/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { captchas, loginFailures } from '../../db/schema';
import {
  authHeaders,
  createPlatformUser,
  encryptPassword,
  getKey,
  login,
  signGetKey,
  TEST_SIGN_SECRET,
  useTestApp,
} from '../../../test/app';
import { sha256Hex } from './crypto';
import { LOGIN_THROTTLE } from './throttle';

const t = useTestApp();

const getKeyRequest = (key: string, timestamp: number, sign: string, headers?: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url: '/api/sys2/getKey',
    query: { key, timestamp: String(timestamp), sign },
    headers: headers ?? { 'x-sign': sign, 'x-timestamp': String(timestamp) },
  });

/** Each attacker test comes from its own address so address throttling of one does not leak into another. */
let address = 10;
const nextAddress = () => `10.0.0.${address++}`;

async function attempt(username: string, password: string, remoteAddress: string, extra: Record<string, unknown> = {}) {
  const { keyId, publicKey } = await getKey(t.app);
  return t.app.inject({
    method: 'POST',
    url: '/platform/v2/login',
    remoteAddress,
    payload: { username, password: encryptPassword(publicKey, password), keyId, ...extra },
  });
}

describe('getKey signatures', () => {
  it('answers an RSA 2048 public key for a good signature', async () => {
    const { keyId, publicKey } = await getKey(t.app);
    expect(keyId.length).toBeGreaterThan(16);
    expect(publicKey).toContain('-----BEGIN PUBLIC KEY-----');
  });

  it('refuses a forged signature, mismatched headers, an old timestamp and a replay', async () => {
    const now = Date.now();
    const forged = await getKeyRequest('abcdefgh12', now, signGetKey('abcdefgh12', now, 'other-secret'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: ApiCode.badSignature, message: MSG.badSignature });

    const sign = signGetKey('abcdefgh13', now);
    const noHeaders = await getKeyRequest('abcdefgh13', now, sign, {});
    expect(noHeaders.json().code).toBe(ApiCode.badSignature);

    const old = now - 6 * 60_000;
    const stale = await getKeyRequest('abcdefgh14', old, signGetKey('abcdefgh14', old));
    expect(stale.json()).toMatchObject({ code: ApiCode.badSignature, message: MSG.signatureExpired });

    const first = await getKeyRequest('abcdefgh15', now, signGetKey('abcdefgh15', now));
    expect(first.statusCode).toBe(200);
    const replay = await getKeyRequest('abcdefgh15', now, signGetKey('abcdefgh15', now));
    expect(replay.json()).toMatchObject({ code: ApiCode.badSignature, message: MSG.signatureReplayed });
    expect(TEST_SIGN_SECRET).toBe(t.config.signSecret);
  });

  it('a keyId decrypts one login attempt only', async () => {
    const user = await createPlatformUser(t.database, { tenantId: 0 });
    const { keyId, publicKey } = await getKey(t.app);
    const payload = { username: user.username, password: encryptPassword(publicKey, user.password), keyId };
    const first = await t.app.inject({
      method: 'POST',
      url: '/platform/v2/login',
      payload,
      remoteAddress: nextAddress(),
    });
    expect(first.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/platform/v2/login',
      payload,
      remoteAddress: nextAddress(),
    });
    expect(again.json()).toMatchObject({ code: ApiCode.badSignature, message: MSG.keyExpired });
  });

  it('a password not encrypted with the key is refused without counting as a wrong password', async () => {
    const user = await createPlatformUser(t.database, { tenantId: 0 });
    const { keyId } = await getKey(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/platform/v2/login',
      remoteAddress: nextAddress(),
      payload: { username: user.username, password: Buffer.from('plain').toString('base64'), keyId },
    });
    expect(response.json()).toMatchObject({ code: ApiCode.validation, message: MSG.passwordDecryptFailed });
    const failures = await t.database.db.select().from(loginFailures).where(eq(loginFailures.username, user.username));
    expect(failures).toHaveLength(0);
  });
});

describe('throttling and captcha', () => {
  it('requires the captcha after two failures; the right captcha and password then log in', async () => {
    const user = await createPlatformUser(t.database, { tenantId: 0 });
    const ip = nextAddress();
    await attempt(user.username, 'Wrong@12345678', ip);
    await attempt(user.username, 'Wrong@12345678', ip);
    const missing = await attempt(user.username, user.password, ip);
    expect(missing.json()).toMatchObject({ code: ApiCode.captchaRequired, result: { captchaRequired: true } });

    const image = await t.app.inject({ method: 'GET', url: '/sys/randomImage/check-key-0001' });
    expect(image.json().result).toMatch(/^data:image\/svg\+xml;base64,/);
    const wrong = await attempt(user.username, user.password, ip, { captcha: 'zzzz', checkKey: 'check-key-0001' });
    expect(wrong.json()).toMatchObject({ code: ApiCode.captchaRequired, message: MSG.captchaWrong });

    // the code is only in the image; the test plants a known one for the same checkKey
    await t.database.db
      .update(captchas)
      .set({ codeHash: sha256Hex('ab7k'), usedAt: null })
      .where(eq(captchas.checkKey, 'check-key-0001'));
    const good = await attempt(user.username, user.password, ip, { captcha: 'AB7K', checkKey: 'check-key-0001' });
    expect(good.statusCode).toBe(200);
    expect(good.json().result.token).toBeTruthy();
    // a successful login forgives the account's failures: no captcha is asked for next time
    const reuse = await attempt(user.username, user.password, ip, { captcha: 'AB7K', checkKey: 'check-key-0001' });
    expect(reuse.statusCode).toBe(200);
  });

  it('locks the account after repeated failures and says when to retry; the right password waits too', async () => {
    const user = await createPlatformUser(t.database, { tenantId: 0 });
    const now = Date.now();
    await t.database.db.insert(loginFailures).values(
      Array.from({ length: LOGIN_THROTTLE.accountLockAfter - 1 }, (_, i) => ({
        side: 'platform',
        username: user.username,
        ip: '10.9.9.9',
        createdAt: new Date(now - (i + 1) * 1000),
      })),
    );
    await t.database.db
      .insert(captchas)
      .values({ checkKey: 'lock-key-0001', codeHash: sha256Hex('qq11'), expiresAt: new Date(now + 60_000) });
    const last = await attempt(user.username, 'Wrong@12345678', nextAddress(), {
      captcha: 'qq11',
      checkKey: 'lock-key-0001',
    });
    expect(last.statusCode).toBe(429);
    expect(last.json().code).toBe(ApiCode.loginLocked);
    expect(last.json().message).toMatch(/^登录失败次数过多，请于\d{2}:\d{2}后重试$/);
    expect(last.json().result.retryAt).toBeGreaterThan(now);

    const right = await attempt(user.username, user.password, nextAddress());
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe(ApiCode.loginLocked);
  });

  it('throttles an address that tries many accounts', async () => {
    const ip = nextAddress();
    await t.database.db.insert(loginFailures).values(
      Array.from({ length: LOGIN_THROTTLE.addressLockAfter }, (_, i) => ({
        side: 'platform',
        username: `1300000${String(i).padStart(4, '0')}`,
        ip,
      })),
    );
    const user = await createPlatformUser(t.database, { tenantId: 0 });
    const response = await attempt(user.username, user.password, ip);
    expect(response.statusCode).toBe(429);
    const elsewhere = await attempt(user.username, user.password, nextAddress());
    expect(elsewhere.statusCode).toBe(200);
  });

  it('a disabled account is refused even with the right password', async () => {
    const { users } = await import('../../db/schema');
    const user = await createPlatformUser(t.database, { tenantId: 0 });
    await t.database.db.update(users).set({ status: 2 }).where(eq(users.id, user.id));
    const response = await attempt(user.username, user.password, nextAddress());
    expect(response.json()).toMatchObject({ success: false, message: MSG.accountDisabled });
  });
});

describe('tokens', () => {
  it('forged, missing and overlong tokens answer 401 with code 10001', async () => {
    for (const headers of [{}, { 'x-access-token': 'forged-token' }, { 'x-access-token': 'x'.repeat(300) }]) {
      const response = await t.app.inject({ method: 'GET', url: '/platform/v2/queryPerm', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: ApiCode.tokenInvalid });
    }
  });

  it('an idle or expired session answers 401; ping extends the idle window', async () => {
    const { sessions } = await import('../../db/schema');
    const user = await createPlatformUser(t.database, { tenantId: 0 });
    const info = await login(t.app, 'platform', user.username, user.password);
    const ping = await t.app.inject({ method: 'POST', url: '/platform/v2/ping', headers: authHeaders(info) });
    expect(ping.json().result.expiresAt).toBeGreaterThan(Date.now());
    await t.database.db
      .update(sessions)
      .set({ idleExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    // the change was made behind the app's back, as another replica would: skip the short session cache
    t.services.sessions.evict(() => true);
    const response = await t.app.inject({ method: 'POST', url: '/platform/v2/ping', headers: authHeaders(info) });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(ApiCode.tokenInvalid);
  });

  it('a platform token is not accepted on enterprise routes', async () => {
    const user = await createPlatformUser(t.database, { tenantId: 0 });
    const info = await login(t.app, 'platform', user.username, user.password);
    const response = await t.app.inject({ method: 'GET', url: '/enterprise/v2/queryPerm', headers: authHeaders(info) });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MSG.wrongSide);
  });
});
