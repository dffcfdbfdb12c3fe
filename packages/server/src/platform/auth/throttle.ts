import type { Side } from '@fieldpay/domain';
import { and, count, eq, gt, max, sql } from 'drizzle-orm';
import { loginFailures } from '../../db/schema';
import type { AppContext } from '../context';

/**
 * Repeated wrong passwords first require the image captcha, then lock the account (and, with many
 * more, the address) for a while. Counted in the database so restarts and replicas agree.
 */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60_000,
  /** failures of one account before the captcha is required */
  accountCaptchaAfter: 2,
  /** failures of one account before it is locked for the window */
  accountLockAfter: 5,
  addressCaptchaAfter: 5,
  addressLockAfter: 20,
} as const;

/** Whose logins are counted: the console's two sides and the worker app's natural persons (decision 0017). */
export type LoginSide = Side | 'worker';

export interface ThrottleState {
  captchaRequired: boolean;
  /** epoch ms until which logins are refused, or null */
  lockedUntil: number | null;
}

/** The first key of the advisory locks that serialize one account's password checks. */
const ACCOUNT_LOCK_CLASS = 0x4c4f47; // 'LOG'

export class LoginThrottle {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Serializes the password checks of one account until the current transaction ends, so each
   * check sees every failure before it: simultaneous guesses cannot all slip under the captcha
   * and lock thresholds (READ COMMITTED reads after the lock see the previous holder's commit).
   */
  async lockAccount(side: LoginSide, username: string): Promise<void> {
    await this.ctx.db.execute(
      sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK_CLASS}::int, hashtext(${`${side}:${username}`}))`,
    );
  }

  async state(side: LoginSide, username: string, ip: string, now = Date.now()): Promise<ThrottleState> {
    const since = new Date(now - LOGIN_THROTTLE.windowMs);
    const [account] = await this.ctx.db
      .select({ n: count(), last: max(loginFailures.createdAt) })
      .from(loginFailures)
      .where(
        and(eq(loginFailures.side, side), eq(loginFailures.username, username), gt(loginFailures.createdAt, since)),
      );
    const [address] = await this.ctx.db
      .select({ n: count(), last: max(loginFailures.createdAt) })
      .from(loginFailures)
      .where(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since)));
    const lockEnds: number[] = [];
    if (account.n >= LOGIN_THROTTLE.accountLockAfter && account.last) {
      lockEnds.push(account.last.getTime() + LOGIN_THROTTLE.windowMs);
    }
    if (address.n >= LOGIN_THROTTLE.addressLockAfter && address.last) {
      lockEnds.push(address.last.getTime() + LOGIN_THROTTLE.windowMs);
    }
    return {
      captchaRequired:
        account.n >= LOGIN_THROTTLE.accountCaptchaAfter || address.n >= LOGIN_THROTTLE.addressCaptchaAfter,
      lockedUntil: lockEnds.length ? Math.max(...lockEnds) : null,
    };
  }

  /** Counts a failure; done before the password is verified and taken back (clear) when it was right. */
  async recordFailure(side: LoginSide, username: string, ip: string, now = Date.now()): Promise<void> {
    await this.ctx.db.insert(loginFailures).values({ side, username, ip, createdAt: new Date(now) });
  }

  /** A successful login forgives the account's failures (not the address's). */
  async clear(side: LoginSide, username: string): Promise<void> {
    await this.ctx.db
      .delete(loginFailures)
      .where(and(eq(loginFailures.side, side), eq(loginFailures.username, username)));
  }
}
