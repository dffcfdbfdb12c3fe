import { ApiCode, type LoginBody, type LoginUserInfo, MSG, type Side } from '@fieldpay/domain';
import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { fail } from '../../core/errors';
import type { Services } from '../../services';
import { writeAudit } from '../system/audit';
import { loginUserInfo, membershipsOf, usable } from './identity';
import { verifyPassword } from './passwords';
import type { ThrottleState } from './throttle';

const hhmm = (epochMs: number): string => {
  const d = new Date(epochMs);
  // the console is Chinese; the retry time is shown in China Standard Time
  return new Intl.DateTimeFormat('zh-CN', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'Asia/Shanghai',
  }).format(d);
};

const lockedError = (lockedUntil: number) =>
  fail.tooMany(MSG.loginLockedUntil(hhmm(lockedUntil)), ApiCode.loginLocked, {
    captchaRequired: true,
    retryAt: lockedUntil,
  });

function loginFailure(code: number, message: string, state: ThrottleState) {
  const result = { captchaRequired: state.captchaRequired, retryAt: state.lockedUntil };
  return code === ApiCode.captchaRequired
    ? fail.validation(message, result, code)
    : fail.unauthorized(message, code, result);
}

/**
 * Login with an RSA-encrypted password. Order matters: a locked account or address is refused
 * before anything else; a required captcha is checked before the password is tried; every wrong
 * password is counted so the next attempts need the captcha and then wait.
 */
export function login(services: Services, side: Side, input: LoginBody, ip: string): Promise<LoginUserInfo> {
  // before a session exists the account is found by its login name, whichever tenant it is on
  return services.ctx.scopes.withSystem('login: the account and its tenants by login name', () =>
    checkAndSignIn(services, side, input, ip),
  );
}

async function checkAndSignIn(services: Services, side: Side, input: LoginBody, ip: string): Promise<LoginUserInfo> {
  const { db } = services.ctx;
  const username = input.username.trim();
  const state = await services.throttle.state(side, username, ip);
  if (state.lockedUntil && state.lockedUntil > Date.now()) throw lockedError(state.lockedUntil);
  if (state.captchaRequired) {
    if (!input.captcha || !input.checkKey) throw loginFailure(ApiCode.captchaRequired, MSG.captchaRequired, state);
    if (!(await services.captcha.verify(input.checkKey, input.captcha))) {
      throw loginFailure(ApiCode.captchaRequired, MSG.captchaWrong, state);
    }
  }
  const privateKey = await services.keys.consume(input.keyId);
  const password = services.keys.decrypt(privateKey, input.password);

  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.side, side), eq(users.username, username)));
  if (!(await verifyPassword(user?.passwordHash ?? null, password))) {
    await services.throttle.recordFailure(side, username, ip);
    const after = await services.throttle.state(side, username, ip);
    if (after.lockedUntil) throw lockedError(after.lockedUntil);
    throw loginFailure(ApiCode.badCredentials, MSG.badCredentials, after);
  }
  if (user.status !== 1) throw fail.forbidden(MSG.accountDisabled);

  const memberships = usable(await membershipsOf(db, user));
  const chosen = memberships.find((m) => m.tenantId === input.tenantId) ?? memberships[0];
  if (!chosen) throw fail.forbidden(MSG.noTenantAvailable);

  await services.throttle.clear(side, username);
  return db.transaction(async (tx) => {
    const token = await services.sessions.create(tx, {
      userId: user.id,
      side,
      tenantId: chosen.tenantId,
      enterpriseId: chosen.enterpriseId,
      ip,
    });
    await writeAudit(
      tx,
      { userId: user.id, name: user.realname, side, tenantId: chosen.tenantId, ip },
      { action: 'auth.login', targetType: 'user', targetId: user.id },
    );
    return loginUserInfo(tx, { token, userId: user.id, side, tenantId: chosen.tenantId });
  });
}
