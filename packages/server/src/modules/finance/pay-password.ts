import {
  formatChinaDateTime,
  MSG,
  type SendPhoneBody,
  type SetPayPasswordBody,
  TRANSACTION_PASSWORD_PATTERN,
} from '@fieldpay/domain';
import { and, eq } from 'drizzle-orm';
import { fail } from '../../core/errors';
import { enterprisePayPasswords } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import type { SentCode } from '../../platform/auth/sms-codes';
import type { Principal } from '../../platform/auth/sessions';
import { type AuditActor, writeAudit } from '../../platform/system/audit';
import type { Services } from '../../services';

/** The SMS code purposes of this area: paying a settlement, setting the transaction password, withdrawing. */
export const SMS_PURPOSE = { pay: 'settlementPay', password: 'payPassword', withdraw: 'withdraw' } as const;

/** what a code is used for, in its text */
const SMS_USE = { pay: '结算付款', password: '设置交易密码', withdraw: '提现' } as const;

/** the throttle's key of one enterprise's transaction password (its failures count apart from logins) */
const throttleKey = (tenantId: number, enterpriseId: number) => `pay:${tenantId}:${enterpriseId}`;

const hhmm = (epochMs: number) => formatChinaDateTime(epochMs).slice(11, 16);

function ownEnterprise(principal: Principal): { tenantId: number; enterpriseId: number } {
  if (principal.side !== 'enterprise' || principal.enterpriseId === null) throw fail.forbidden();
  return { tenantId: principal.tenantId, enterpriseId: principal.enterpriseId };
}

async function storedHash(services: Services, owner: { tenantId: number; enterpriseId: number }) {
  const [row] = await services.ctx.db
    .select()
    .from(enterprisePayPasswords)
    .where(
      and(
        eq(enterprisePayPasswords.tenantId, owner.tenantId),
        eq(enterprisePayPasswords.enterpriseId, owner.enterpriseId),
      ),
    );
  return row;
}

export async function payPasswordStatus(services: Services, principal: Principal) {
  const row = await storedHash(services, ownEnterprise(principal));
  return { isSet: row !== undefined, updateTime: row ? row.updatedAt.getTime() : null };
}

/**
 * Checks the enterprise's transaction password as login checks a password (decision 0003): one
 * check at a time per enterprise, 5 wrong tries within 15 minutes lock it for 15 minutes after the
 * last one (交易密码错误次数过多，请于HH:mm后重试), a right one forgives the failures. The payment
 * (confirmSettlement) calls this with the decrypted password.
 */
export async function verifyPayPassword(
  services: Services,
  owner: { tenantId: number; enterpriseId: number },
  password: string,
  ip: string,
  now = Date.now(),
): Promise<void> {
  const key = throttleKey(owner.tenantId, owner.enterpriseId);
  await services.throttle.lockAccount('enterprise', key);
  const state = await services.throttle.state('enterprise', key, ip, now);
  if (state.lockedUntil && state.lockedUntil > now)
    throw fail.tooMany(MSG.payPasswordLockedUntil(hhmm(state.lockedUntil)));
  const row = await storedHash(services, owner);
  if (!row) throw fail.rule(MSG.payPasswordNotSet);
  if (!TRANSACTION_PASSWORD_PATTERN.test(password) || !(await verifyPassword(row.passwordHash, password))) {
    await services.throttle.recordFailure('enterprise', key, ip, now);
    throw fail.validation(MSG.payPasswordWrong);
  }
  await services.throttle.clear('enterprise', key);
}

/** Sets the transaction password, or changes it (the current one first); both need the SMS code. */
export async function setPayPassword(
  services: Services,
  principal: Principal,
  body: SetPayPasswordBody,
  actor: AuditActor,
): Promise<null> {
  const owner = ownEnterprise(principal);
  const privateKey = await services.keys.consume(body.keyId);
  const password = services.keys.decrypt(privateKey, body.password);
  if (!TRANSACTION_PASSWORD_PATTERN.test(password)) throw fail.validation(MSG.transactionPasswordInvalid);
  const existing = await storedHash(services, owner);
  if (existing) {
    if (!body.oldPassword) throw fail.validation(MSG.payPasswordOldRequired);
    const oldPassword = services.keys.decrypt(privateKey, body.oldPassword);
    await verifyPayPassword(services, owner, oldPassword, actor.ip);
    if (oldPassword === password) throw fail.rule(MSG.payPasswordSameAsOld);
  }
  if (body.phone !== (await services.sms.ownPhone(principal.userId))) throw fail.validation(MSG.smsPhoneNotOwn);
  const codeOk = await services.sms.consume({
    userId: principal.userId,
    purpose: SMS_PURPOSE.password,
    code: body.phoneCode,
  });
  if (!codeOk) throw fail.validation(MSG.smsCodeWrong);
  await storePayPassword(services, owner, password, actor, existing !== undefined);
  return null;
}

/** Stores the (checked) transaction password as an argon2id hash, with its audit row. */
export async function storePayPassword(
  services: Services,
  owner: { tenantId: number; enterpriseId: number },
  password: string,
  actor: AuditActor,
  replacing: boolean,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const now = new Date();
  await services.ctx.db
    .insert(enterprisePayPasswords)
    .values({ ...owner, passwordHash, updatedBy: actor.userId, updatedAt: now })
    .onConflictDoUpdate({
      target: [enterprisePayPasswords.tenantId, enterprisePayPasswords.enterpriseId],
      set: { passwordHash, updatedBy: actor.userId, updatedAt: now },
    });
  await writeAudit(services.ctx.db, actor, {
    action: replacing ? 'finance.payPassword.change' : 'finance.payPassword.set',
    targetType: 'enterprise',
    targetId: owner.enterpriseId,
  });
}

/**
 * POST /api/sys/password/sendPhone: a code to the signed-in user's own phone only (a phone of
 * someone else is refused, so the call cannot be used to send texts to strangers). A payment code
 * may name its settlement; it then pays that one only.
 */
export async function sendPhoneCode(services: Services, principal: Principal, body: SendPhoneBody): Promise<SentCode> {
  const { sms } = services;
  if (body.phone !== (await sms.ownPhone(principal.userId))) throw fail.validation(MSG.smsPhoneNotOwn);
  const kind = body.purpose ?? 'pay';
  const purpose = SMS_PURPOSE[kind];
  const use = SMS_USE[kind];
  return sms.send({
    userId: principal.userId,
    phone: body.phone,
    purpose,
    subject: body.settlementId === undefined ? null : `settlement:${body.settlementId}`,
    text: (code) => `您的验证码为${code}，用于${use}，5分钟内有效，请勿泄露给他人。`,
  });
}
