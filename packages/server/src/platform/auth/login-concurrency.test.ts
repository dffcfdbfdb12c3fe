import crypto from 'node:crypto';
import { ApiCode, MSG } from '@fieldpay/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  authHeaders,
  createEnterpriseUser,
  createPlatformUser,
  createTenant,
  encryptPassword,
  getKey,
  login,
  signGetKey,
  useTestApp,
} from '../../../test/app';
import { loginFailures } from '../../db/schema';
import { LOGIN_THROTTLE } from './throttle';

const t = useTestApp();

let address = 10;
const nextAddress = () => `10.7.0.${address++}`;

/** getKey from the burst's own address: credential routes are rate-limited per address */
async function keyFrom(remoteAddress: string) {
  const key = crypto.randomBytes(8).toString('hex');
  const timestamp = String(Date.now());
  const sign = signGetKey(key, Number(timestamp));
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/sys2/getKey',
    remoteAddress,
    query: { key, timestamp, sign },
    headers: { 'x-sign': sign, 'x-timestamp': timestamp },
  });
  expect(response.statusCode).toBe(200);
  return response.json().result as { keyId: string; publicKey: string };
}

/** Login bodies prepared first (each with its own key), so the requests themselves go out at once. */
async function burst(username: string, passwords: string[], remoteAddress: string) {
  const payloads = [];
  for (const password of passwords) {
    const { keyId, publicKey } = await keyFrom(remoteAddress);
    payloads.push({ username, password: encryptPassword(publicKey, password), keyId });
  }
  const responses = await Promise.all(
    payloads.map((payload) => t.app.inject({ method: 'POST', url: '/platform/v2/login', remoteAddress, payload })),
  );
  return responses.map((response) => ({ status: response.statusCode, code: response.json().code as number }));
}

const failuresOf = async (username: string) =>
  (
    await t.database.db
      .select({ id: loginFailures.id })
      .from(loginFailures)
      .where(and(eq(loginFailures.side, 'platform'), eq(loginFailures.username, username)))
  ).length;

describe('login failures are counted atomically', () => {
  it('forty simultaneous wrong passwords: only those under the captcha threshold are checked', async () => {
    const user = await createPlatformUser(t.database, { tenantId: 0 });
    const answers = await burst(user.username, Array(40).fill('Wrong@12345678'), nextAddress());
    const checked = answers.filter((a) => a.code === ApiCode.badCredentials);
    expect(checked).toHaveLength(LOGIN_THROTTLE.accountCaptchaAfter);
    expect(answers.filter((a) => a.code === ApiCode.captchaRequired)).toHaveLength(
      40 - LOGIN_THROTTLE.accountCaptchaAfter,
    );
    expect(await failuresOf(user.username)).toBe(LOGIN_THROTTLE.accountCaptchaAfter);
  });

  it('a right password among simultaneous wrong ones does not let them past the thresholds', async () => {
    const user = await createPlatformUser(t.database, { tenantId: 0 });
    const passwords = Array(39).fill('Wrong@12345678');
    passwords.splice(20, 0, user.password);
    const answers = await burst(user.username, passwords, nextAddress());
    const right = answers[20];
    const wrongChecked = answers.filter((a) => a.code === ApiCode.badCredentials).length;
    // at most the captcha threshold before the right password, and again after it forgave them
    expect(wrongChecked).toBeLessThanOrEqual(2 * LOGIN_THROTTLE.accountCaptchaAfter);
    const left = await failuresOf(user.username);
    expect(left).toBeLessThanOrEqual(LOGIN_THROTTLE.accountCaptchaAfter);
    if (right.status !== 200) {
      expect(right.code).toBe(ApiCode.captchaRequired);
      expect(left).toBe(LOGIN_THROTTLE.accountCaptchaAfter);
    }
  });
});

describe('change-password', () => {
  it('wrong old passwords count toward the login lock', async () => {
    const tenantId = await createTenant(t.database);
    const user = await createEnterpriseUser(t.database, { tenantIds: [tenantId] });
    const info = await login(t.app, 'enterprise', user.username, user.password);
    const change = (oldPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/enterprise/v2/changePassword',
        headers: authHeaders(info),
        payload: { oldPassword, newPassword: 'Changed@2026ab', confirmPassword: 'Changed@2026ab' },
      });
    for (let i = 1; i < LOGIN_THROTTLE.accountLockAfter; i++) {
      expect((await change('Wrong@12345678')).json().message).toBe(MSG.oldPasswordWrong);
    }
    const last = await change('Wrong@12345678');
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toMatch(/^登录失败次数过多，请于\d{2}:\d{2}后重试$/);
    // locked now: neither another guess nor the right old password is checked
    const locked = await change(user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe(ApiCode.loginLocked);
    // and the lock is the login's: the account cannot sign in either
    const { keyId, publicKey } = await getKey(t.app);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/enterprise/v2/login',
      payload: { username: user.username, password: encryptPassword(publicKey, user.password), keyId },
    });
    expect(signIn.json().code).toBe(ApiCode.loginLocked);
  });
});

describe('the desensitization check', () => {
  it('checks simultaneous wrong passwords one after another, up to the lock', async () => {
    const operator = await createPlatformUser(t.database, { tenantId: 0 });
    const remoteAddress = nextAddress();
    const key = await keyFrom(remoteAddress);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/platform/v2/login',
      remoteAddress,
      payload: {
        username: operator.username,
        password: encryptPassword(key.publicKey, operator.password),
        keyId: key.keyId,
      },
    });
    const info = signedIn.json().result;
    const bodies = [];
    for (let i = 0; i < 12; i++) {
      const { keyId, publicKey } = await keyFrom(remoteAddress);
      bodies.push({ keyId, password: encryptPassword(publicKey, 'Wrong@12345678') });
    }
    const answers = await Promise.all(
      bodies.map((payload) =>
        t.app.inject({
          method: 'POST',
          url: '/api/sys2/desensitization/verify',
          remoteAddress,
          headers: authHeaders(info),
          payload,
        }),
      ),
    );
    const messages = answers.map((answer) => answer.json().message);
    expect(messages.filter((message) => message === MSG.desensitizationPasswordWrong)).toHaveLength(
      LOGIN_THROTTLE.accountLockAfter,
    );
    expect(messages.filter((message) => message === MSG.desensitizationLocked)).toHaveLength(
      12 - LOGIN_THROTTLE.accountLockAfter,
    );
  });
});
