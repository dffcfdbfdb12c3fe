import crypto from 'node:crypto';
import { MSG, SMS_CODE_MAX_ATTEMPTS, SMS_CODE_TTL_MS, SMS_COUNTDOWN_SECONDS, maskPhone } from '@fieldpay/domain';
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import { fail } from '../../core/errors';
import { smsCodes, smsOutbox, users } from '../../db/schema';
import type { AppContext } from '../context';

const hashCode = (userId: number, code: string) =>
  crypto.createHash('sha256').update(`${userId}:${code}`).digest('hex');

export interface SentCode {
  /** the phone, masked in the middle */
  phone: string;
  resendAfterSeconds: number;
}

/**
 * SMS verification codes (the desensitization check, payments, the transaction password): 6 digits,
 * only a hash kept, bound to the user and a purpose (and, for a payment, the settlement), valid
 * 5 minutes, spent by one use or by five wrong tries, one sent per minute per user and purpose.
 * With SMS_PROVIDER=outbox (development) the text lands in the outbox (GET /api/dev/sms-outbox).
 */
export class SmsCodes {
  constructor(private readonly ctx: AppContext) {}

  /** The user's own phone: the one on the account, or a login number that is a mobile. */
  async ownPhone(userId: number): Promise<string> {
    const [user] = await this.ctx.db.select().from(users).where(eq(users.id, userId));
    const phone = user?.phone || (/^1\d{10}$/.test(user?.username ?? '') ? user.username : '');
    if (!phone) throw fail.rule(MSG.phoneMissing);
    return phone;
  }

  async send(
    input: { userId: number; phone: string; purpose: string; subject?: string | null; text: (code: string) => string },
    now = Date.now(),
  ): Promise<SentCode> {
    const { db, config } = this.ctx;
    if (config.smsProvider === 'none') throw fail.rule(MSG.smsUnavailable);
    const [last] = await db
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(and(eq(smsCodes.userId, input.userId), eq(smsCodes.purpose, input.purpose)))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    const waitMs = last ? last.createdAt.getTime() + SMS_COUNTDOWN_SECONDS * 1000 - now : 0;
    if (waitMs > 0) throw fail.tooMany(MSG.smsResendWait(Math.ceil(waitMs / 1000)));
    // six digits without a leading zero: the console's rule for a code (spec 2 §5, isSmsCode)
    const code = String(crypto.randomInt(100_000, 1_000_000));
    await db.transaction(async (tx) => {
      await tx.insert(smsCodes).values({
        userId: input.userId,
        purpose: input.purpose,
        subject: input.subject ?? null,
        phone: input.phone,
        codeHash: hashCode(input.userId, code),
        expiresAt: new Date(now + SMS_CODE_TTL_MS),
        createdAt: new Date(now),
      });
      await tx.insert(smsOutbox).values({ phone: input.phone, content: input.text(code) });
    });
    return { phone: maskPhone(input.phone), resendAfterSeconds: SMS_COUNTDOWN_SECONDS };
  }

  /**
   * Spends the user's newest live code of the purpose when `code` is it. A code bound to a subject
   * is good for that subject only; an unbound one is bound to the subject it is spent on. The row
   * is locked, so of two simultaneous uses one wins.
   */
  async consume(
    input: { userId: number; purpose: string; code: string | undefined; subject?: string | null },
    now = Date.now(),
  ): Promise<boolean> {
    if (!input.code || !/^\d{6}$/.test(input.code)) return false;
    const { db } = this.ctx;
    const subject = input.subject ?? null;
    const [latest] = await db
      .select()
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.userId, input.userId),
          eq(smsCodes.purpose, input.purpose),
          isNull(smsCodes.usedAt),
          gt(smsCodes.expiresAt, new Date(now)),
          subject === null ? undefined : or(isNull(smsCodes.subject), eq(smsCodes.subject, subject)),
        ),
      )
      .orderBy(desc(smsCodes.id))
      .limit(1)
      .for('update');
    if (!latest || latest.attempts >= SMS_CODE_MAX_ATTEMPTS) return false;
    const matches = crypto.timingSafeEqual(
      Buffer.from(latest.codeHash),
      Buffer.from(hashCode(input.userId, input.code)),
    );
    await db
      .update(smsCodes)
      .set(matches ? { usedAt: new Date(now), subject: latest.subject ?? subject } : { attempts: latest.attempts + 1 })
      .where(eq(smsCodes.id, latest.id));
    return matches;
  }
}
