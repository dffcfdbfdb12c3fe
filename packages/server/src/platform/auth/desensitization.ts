import {
  ApiCode,
  DESENSITIZATION_TOKEN_TTL_MS,
  type DesensitizationToken,
  type DesensitizationVerifyBody,
  MSG,
} from '@fieldpay/domain';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { fail } from '../../core/errors';
import { desensitizationTokens, users } from '../../db/schema';
import type { AppContext } from '../context';
import { type AuditActor, writeAudit } from '../system/audit';
import { randomToken, sha256Hex } from './crypto';
import { verifyPassword } from './passwords';
import type { KeyService } from './keys';
import type { Principal } from './sessions';
import type { LoginThrottle } from './throttle';
import type { SentCode, SmsCodes } from './sms-codes';

const SMS_PURPOSE = 'desensitization';
const UNMASK_SCOPE = 'unmask';
/** randomToken(32): 43 base64url characters; anything else is refused before a lookup */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The desensitization check (spec 3 §2, §4, §5): the signed-in user proves it is them again with
 * the password (and, for tenant-level users, an SMS code to their own phone) and gets a temporary
 * token that unlocks masked data, for exports too (decision 0007). The token is random and only its
 * hash is stored, with the user, session and tenant it was issued to (decision 0009): no secret can
 * forge one, it cannot move to another session, and it dies when its session is revoked.
 * Wrong passwords count toward the login lock, so this is no side door for guessing.
 */
export class DesensitizationService {
  constructor(
    private readonly services: { ctx: AppContext; keys: KeyService; throttle: LoginThrottle; sms: SmsCodes },
  ) {}

  async issueToken(principal: Principal, now = Date.now()): Promise<DesensitizationToken> {
    const token = randomToken(32);
    const expiresAt = now + DESENSITIZATION_TOKEN_TTL_MS;
    await this.services.ctx.db.transaction(async (tx) => {
      // the user's spent grants go as new ones come, so the table holds little more than live ones
      await tx
        .delete(desensitizationTokens)
        .where(
          and(eq(desensitizationTokens.userId, principal.userId), lt(desensitizationTokens.expiresAt, new Date(now))),
        );
      await tx.insert(desensitizationTokens).values({
        tokenHash: sha256Hex(token),
        userId: principal.userId,
        sessionId: principal.sessionId,
        tenantId: principal.tenantId,
        scope: UNMASK_SCOPE,
        expiresAt: new Date(expiresAt),
        createdAt: new Date(now),
      });
    });
    return { token, expiresAt };
  }

  /** Whether `token` is a live unmask token issued to this very user, session and tenant. */
  async isValid(principal: Principal, token: string | undefined, now = Date.now()): Promise<boolean> {
    if (!token || !TOKEN_PATTERN.test(token)) return false;
    const [row] = await this.services.ctx.db
      .select({ id: desensitizationTokens.id })
      .from(desensitizationTokens)
      .where(
        and(
          eq(desensitizationTokens.tokenHash, sha256Hex(token)),
          eq(desensitizationTokens.userId, principal.userId),
          eq(desensitizationTokens.sessionId, principal.sessionId),
          eq(desensitizationTokens.tenantId, principal.tenantId),
          eq(desensitizationTokens.scope, UNMASK_SCOPE),
          isNull(desensitizationTokens.revokedAt),
          gt(desensitizationTokens.expiresAt, new Date(now)),
        ),
      );
    return row !== undefined;
  }

  /**
   * Whether a request asks for unmasked data: no header (or an empty one) is masked; a header that
   * is not a live token of this session is refused rather than silently masked.
   */
  async unmaskRequested(principal: Principal, header: string | string[] | undefined): Promise<boolean> {
    if (header === undefined || header === '') return false;
    if (typeof header !== 'string' || !(await this.isValid(principal, header))) {
      throw fail.forbidden(MSG.desensitizationTokenInvalid);
    }
    return true;
  }

  /** Sends a 6-digit code to the user's own phone; once per 60 s. Answers the masked phone. */
  async sendCode(principal: Principal, now = Date.now()): Promise<SentCode> {
    const { sms } = this.services;
    return sms.send(
      {
        userId: principal.userId,
        phone: await sms.ownPhone(principal.userId),
        purpose: SMS_PURPOSE,
        text: (code) => `您的验证码为${code}，用于查看脱敏信息，5分钟内有效，请勿泄露给他人。`,
      },
      now,
    );
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
    // one check at a time per account, as at login: simultaneous guesses all see the count
    await services.throttle.lockAccount(principal.side, user.username);
    const state = await services.throttle.state(principal.side, user.username, actor.ip, now);
    if (state.lockedUntil && state.lockedUntil > now) throw fail.tooMany(MSG.desensitizationLocked);
    if (principal.userIdentity === 2 && !body.msgCaptcha) throw fail.validation(MSG.desensitizationSmsCodeRequired);
    const password = services.keys.decrypt(await services.keys.consume(body.keyId), body.password);
    if (!(await verifyPassword(user.passwordHash, password))) {
      await services.throttle.recordFailure(principal.side, user.username, actor.ip, now);
      // the spec's code for this answer is 500: the console shows 密码错误 as a warning
      throw fail.validation(MSG.desensitizationPasswordWrong, null, ApiCode.serverError);
    }
    if (
      principal.userIdentity === 2 &&
      !(await services.sms.consume({ userId: user.id, purpose: SMS_PURPOSE, code: body.msgCaptcha }, now))
    ) {
      throw fail.validation(MSG.smsCodeWrong);
    }
    await writeAudit(db, actor, { action: 'desensitization.verify', targetType: 'user', targetId: user.id });
    return this.issueToken(principal, now);
  }
}
