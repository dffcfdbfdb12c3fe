import {
  ApiCode,
  LOGIN_SIDE_LABELS,
  type LoginBody,
  type LoginFailureReason,
  type LoginUserInfo,
  MEMBER_STATUS_DISABLED,
  MSG,
  type Side,
} from '@fieldpay/domain';
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

export const lockedError = (lockedUntil: number) =>
  fail.tooMany(MSG.loginLockedUntil(hhmm(lockedUntil)), ApiCode.loginLocked, {
    captchaRequired: true,
    retryAt: lockedUntil,
  });

export function loginFailure(code: number, message: string, state: ThrottleState) {
  const result = { captchaRequired: state.captchaRequired, retryAt: state.lockedUntil };
  return code === ApiCode.captchaRequired
    ? fail.validation(message, result, code)
    : fail.unauthorized(message, code, result);
}

/**
 * Login with an RSA-encrypted password. Order matters: the account's attempts are serialized; a
 * locked account or address is refused before anything else; a required captcha is checked before
 * the password is tried; every attempt is counted as a failure before the password is verified
 * (and forgiven when it was right), so the next attempts need the captcha and then wait.
 */
export function login(
  services: Services,
  side: Side,
  input: LoginBody,
  ip: string,
  userAgent = '',
): Promise<LoginUserInfo> {
  // before a session exists the account is found by its login name, whichever tenant it is on
  return services.ctx.scopes.withSystem('login: the account and its tenants by login name', () =>
    checkAndSignIn(services, side, input, ip, userAgent),
  );
}

const OTHER_SIDE: Record<Side, Side> = { platform: 'enterprise', enterprise: 'platform' };

async function checkAndSignIn(
  services: Services,
  side: Side,
  input: LoginBody,
  ip: string,
  userAgent: string,
): Promise<LoginUserInfo> {
  const { db } = services.ctx;
  const username = input.username.trim();
  // every attempt is written to the login log (decision 0016); a refusal's AppError keeps the row
  const attempt = { side, username, ip, userAgent };
  const refused = async (
    reason: LoginFailureReason,
    error: Error,
    account?: { id: number; realname: string; tenantId: number | null },
    lockedUntil?: number | null,
  ) => {
    await services.loginLog.record({
      ...attempt,
      result: lockedUntil ? 'locked' : 'failure',
      reason,
      userId: account?.id,
      realname: account?.realname,
      tenantId: account?.tenantId,
      lockedUntil,
    });
    return error;
  };
  // held until the request commits: this account's attempts are checked one after another
  await services.throttle.lockAccount(side, username);
  const state = await services.throttle.state(side, username, ip);
  if (state.lockedUntil && state.lockedUntil > Date.now()) {
    throw await refused('locked', lockedError(state.lockedUntil), undefined, state.lockedUntil);
  }
  if (state.captchaRequired) {
    if (!input.captcha || !input.checkKey) {
      throw await refused('captchaRequired', loginFailure(ApiCode.captchaRequired, MSG.captchaRequired, state));
    }
    if (!(await services.captcha.verify(input.checkKey, input.captcha))) {
      throw await refused('captchaWrong', loginFailure(ApiCode.captchaRequired, MSG.captchaWrong, state));
    }
  }
  const privateKey = await services.keys.consume(input.keyId);
  const password = services.keys.decrypt(privateKey, input.password);

  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.side, side), eq(users.username, username)));
  // counted before the hash is checked and forgiven below when right: every way out of a wrong
  // check (an AppError keeps the writes) leaves the count for the next attempt behind the lock
  await services.throttle.recordFailure(side, username, ip);
  // with no account on this side, the password is checked against the other side's account of that
  // name (or a dummy): one hash check per attempt either way, so neither the answer nor its time
  // tells a guesser whether the name exists anywhere; only the right password names the side
  const [other] = user
    ? []
    : await db
        .select()
        .from(users)
        .where(and(eq(users.side, OTHER_SIDE[side]), eq(users.username, username)));
  const passwordMatched = await verifyPassword((user ?? other)?.passwordHash ?? null, password);
  if (!user && other && passwordMatched) {
    await services.throttle.clear(side, username);
    const label = LOGIN_SIDE_LABELS[other.side as Side] ?? other.side;
    throw await refused('wrongSide', fail.forbidden(MSG.accountOfOtherSide(label)), other);
  }
  if (!user || !passwordMatched) {
    const after = await services.throttle.state(side, username, ip);
    if (after.lockedUntil) throw await refused('lockedNow', lockedError(after.lockedUntil), user, after.lockedUntil);
    throw await refused('badCredentials', loginFailure(ApiCode.badCredentials, MSG.badCredentials, after), user);
  }
  // the right password forgives the account's failures (this attempt's included)
  await services.throttle.clear(side, username);
  if (user.status !== 1) throw await refused('accountDisabled', fail.forbidden(MSG.accountDisabled), user);

  const all = await membershipsOf(db, user);
  const memberships = usable(all);
  const chosen = memberships.find((m) => m.tenantId === input.tenantId) ?? memberships[0];
  // an enterprise account whose memberships were disabled by their administrators is a disabled account
  if (!chosen && all.some((m) => m.memberStatus === MEMBER_STATUS_DISABLED)) {
    throw await refused('accountDisabled', fail.forbidden(MSG.accountDisabled), user);
  }
  if (!chosen) throw await refused('noTenant', fail.forbidden(MSG.noTenantAvailable), user);

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
    await services.loginLog.record({
      ...attempt,
      result: 'success',
      userId: user.id,
      realname: user.realname,
      tenantId: chosen.tenantId,
    });
    return loginUserInfo(tx, { token, userId: user.id, side, tenantId: chosen.tenantId });
  });
}

/**
 * Checks the old password of a signed-in user (change-password) under the login's throttle: the
 * same account lock and failure count, so wrong old passwords lock the account as wrong logins do.
 */
export function checkOldPassword(
  services: Services,
  user: { side: Side; username: string; passwordHash: string },
  oldPassword: string,
  ip: string,
): Promise<void> {
  const { side, username } = user;
  return services.ctx.scopes.withSystem("change-password: the account's login failures", async () => {
    await services.throttle.lockAccount(side, username);
    const state = await services.throttle.state(side, username, ip);
    if (state.lockedUntil && state.lockedUntil > Date.now()) throw lockedError(state.lockedUntil);
    await services.throttle.recordFailure(side, username, ip);
    if (!(await verifyPassword(user.passwordHash, oldPassword))) {
      const after = await services.throttle.state(side, username, ip);
      if (after.lockedUntil) throw lockedError(after.lockedUntil);
      throw fail.rule(MSG.oldPasswordWrong);
    }
    await services.throttle.clear(side, username);
  });
}
