import crypto from 'node:crypto';
import {
  ApiCode,
  DESENSITIZATION_TOKEN_TTL_MS,
  type DesensitizationToken,
  type DesensitizationVerifyBody,
  MSG,
  maskPhone,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_MS,
  SMS_COUNTDOWN_SECONDS,
} from '@fieldpay/domain';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { smsCodes, smsOutbox, users } from '../../db/schema';
import { AppError, fail } from '../../core/errors';
import type { AppContext } from '../context';
import { type AuditActor, writeAudit } from '../system/audit';
import { verifyPassword } from './passwords';
import type { KeyService } from './keys';
import type { Principal } from './sessions';
import type { LoginThrottle } from './throttle';

const SMS_PURPOSE = 'desensitization';

const hashCode = (userId: number, code: string) =>
  crypto.createHash('sha256').update(`${userId}:${code}`).digest('hex');

/**
 * The desensitization check (spec 3 §2, §4, §5): the signed-in user proves it is them again with
 * the password (and, for tenant-level users, an SMS code to their own phone) and gets a temporary
 * token that unlocks masked data, for exports too (decision 0007). The token is an HMAC over the
 * session, the user and the expiry: it dies with the session and cannot be moved to another one.
 * Wrong passwords count toward the login lock, so this is no side door for guessing.
 */
export class DesensitizationService {
  constructor(private readonly services: { ctx: AppContext; keys: KeyService; throttle: LoginThrottle }) {}

  private get secret(): string {
    return this.services.ctx.config.signSecret;
  }

  private signature(principal: Principal, expiresAt: number): string {
    return crypto
      .createHmac('sha256', this.secret)
      .update(`desensitization:${principal.sessionId}:${principal.userId}:${expiresAt}`)
      .digest('base64url');
  }

  issueToken(principal: Principal, now = Date.now()): DesensitizationToken {
    const expiresAt = now + DESENSITIZATION_TOKEN_TTL_MS;
    return { token: `${expiresAt}.${this.signature(principal, expiresAt)}`, expiresAt };
  }

  /** Whether `token` is a live unmask token of this very session. */
  isValid(principal: Principal, token: string | undefined, now = Date.now()): boolean {
    if (!token || token.length > 128) return false;
    const [expiresText, given] = token.split('.');
    const expiresAt = Number(expiresText);
    if (!Number.isSafeInteger(expiresAt) || expiresAt < now || !given) return false;
    const expected = Buffer.from(this.signature(principal, expiresAt));
    const actual = Buffer.from(given);
    return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
  }

  /** Sends a 6-digit code to the user's own phone; once per 60 s. Answers the masked phone. */
  async sendCode(principal: Principal, now = Date.now()): Promise<{ phone: string; resendAfterSeconds: number }> {
    const { db, config } = this.services.ctx;
    if (config.smsProvider === 'none') throw fail.rule(MSG.smsUnavailable);
    const [user] = await db.select().from(users).where(eq(users.id, principal.userId));
    const phone = user?.phone || (/^1\d{10}$/.test(user?.username ?? '') ? user.username : '');
    if (!phone) throw fail.rule(MSG.phoneMissing);
    const [last] = await db
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(and(eq(smsCodes.userId, user.id), eq(smsCodes.purpose, SMS_PURPOSE)))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    const waitMs = last ? last.createdAt.getTime() + SMS_COUNTDOWN_SECONDS * 1000 - now : 0;
    if (waitMs > 0) throw fail.tooMany(MSG.smsResendWait(Math.ceil(waitMs / 1000)));
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    await db.transaction(async (tx) => {
      await tx.insert(smsCodes).values({
        userId: user.id,
        purpose: SMS_PURPOSE,
        phone,
        codeHash: hashCode(user.id, code),
        expiresAt: new Date(now + SMS_CODE_TTL_MS),
        createdAt: new Date(now),
      });
      await tx
        .insert(smsOutbox)
        .values({ phone, content: `您的验证码为${code}，用于查看脱敏信息，5分钟内有效，请勿泄露给他人。` });
    });
    return { phone: maskPhone(phone), resendAfterSeconds: SMS_COUNTDOWN_SECONDS };
  }

  /** Checks the newest unused code; five wrong tries spend it. */
  private async checkCode(userId: number, code: string | undefined, now: number): Promise<boolean> {
    if (!code || !/^\d{6}$/.test(code)) return false;
    const { db } = this.services.ctx;
    const [latest] = await db
      .select()
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.userId, userId),
          eq(smsCodes.purpose, SMS_PURPOSE),
          isNull(smsCodes.usedAt),
          gt(smsCodes.expiresAt, new Date(now)),
        ),
      )
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (!latest || latest.attempts >= SMS_CODE_MAX_ATTEMPTS) return false;
    const matches = crypto.timingSafeEqual(Buffer.from(latest.codeHash), Buffer.from(hashCode(userId, code)));
    await db
      .update(smsCodes)
      .set(matches ? { usedAt: new Date(now) } : { attempts: latest.attempts + 1 })
      .where(eq(smsCodes.id, latest.id));
    return matches;
  }

  async verify(
    principal: Principal,
    body: DesensitizationVerifyBody,
    actor: AuditActor,
    now = Date.now(),
  ): Promise<DesensitizationToken> {
    const { services } = this;
    const { db } = services.ctx;
    const [user] = await db.select().from(users).where(eq(users.id, principal.userId));
    const state = await services.throttle.state(principal.side, user.username, actor.ip, now);
    if (state.lockedUntil && state.lockedUntil > now) throw fail.tooMany(MSG.desensitizationLocked);
    if (principal.userIdentity === 2 && !body.msgCaptcha) throw fail.validation(MSG.desensitizationSmsCodeRequired);
    const password = services.keys.decrypt(await services.keys.consume(body.keyId), body.password);
    if (!(await verifyPassword(user.passwordHash, password))) {
      await services.throttle.recordFailure(principal.side, user.username, actor.ip, now);
      // the spec's code for this answer is 500: the console shows 密码错误 as a warning
      throw new AppError(400, ApiCode.serverError, MSG.desensitizationPasswordWrong);
    }
    if (principal.userIdentity === 2 && !(await this.checkCode(user.id, body.msgCaptcha, now))) {
      throw fail.validation(MSG.smsCodeWrong);
    }
    await writeAudit(db, actor, { action: 'desensitization.verify', targetType: 'user', targetId: user.id });
    return this.issueToken(principal, now);
  }
}
