import type { Side } from '@fieldpay/domain';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { desensitizationTokens, enterpriseMembers, enterprises, sessions, tenants, users } from '../../db/schema';
import type { AppContext } from '../context';
import { randomToken, sha256Hex } from './crypto';

/** The signed-in user behind a request, as the session scopes it. */
export interface Principal {
  sessionId: number;
  userId: number;
  side: Side;
  tenantId: number;
  enterpriseId: number | null;
  username: string;
  realname: string;
  /** 1 platform level (tenant 0), 2 tenant level; enterprise users count as 2 */
  userIdentity: 1 | 2;
  idleExpiresAt: Date;
  /** the account's one-time password is unchanged: only the calls of guards.ts answer (decision 0016) */
  mustChangePassword?: boolean;
}

/** Writing last-seen on every request would turn reads into writes; once a minute is enough. */
const TOUCH_EVERY_MS = 60_000;
/**
 * Resolved sessions are kept in memory this long, so a busy console does not read the sessions
 * table on every call. Logout, password change and revocation clear the entry at once on this
 * process; another replica notices within this window (decision 0003).
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;

interface CachedSession {
  principal: Principal;
  lastSeenAt: number;
  absoluteExpiresAt: number;
  cachedAt: number;
}

export class SessionService {
  private readonly cache = new Map<string, CachedSession>();

  constructor(private readonly ctx: AppContext) {}

  private get idleMs(): number {
    return this.ctx.config.sessionIdleMinutes * 60_000;
  }

  async create(
    db: DbOrTx,
    input: { userId: number; side: Side; tenantId: number; enterpriseId: number | null; ip: string },
    now = Date.now(),
  ): Promise<string> {
    const token = randomToken();
    await db.insert(sessions).values({
      tokenHash: sha256Hex(token),
      userId: input.userId,
      side: input.side,
      tenantId: input.tenantId,
      enterpriseId: input.enterpriseId,
      ip: input.ip,
      idleExpiresAt: new Date(now + this.idleMs),
      absoluteExpiresAt: new Date(now + this.ctx.config.sessionAbsoluteHours * 3600_000),
    });
    return token;
  }

  /**
   * The live session of a token, or null when missing, revoked, idle too long, past its lifetime,
   * the user is disabled, or the tenant, enterprise or membership it works in is disabled or gone
   * (seen within SESSION_CACHE_MS).
   */
  async resolve(token: string, now = Date.now()): Promise<Principal | null> {
    const tokenHash = sha256Hex(token);
    const cached = this.cache.get(tokenHash);
    if (cached && now - cached.cachedAt < SESSION_CACHE_MS) {
      const { principal } = cached;
      if (principal.idleExpiresAt.getTime() <= now || cached.absoluteExpiresAt <= now) return this.forget(tokenHash);
      if (now - cached.lastSeenAt >= TOUCH_EVERY_MS) {
        cached.lastSeenAt = now;
        principal.idleExpiresAt = await this.touch(principal.sessionId, now);
      }
      return principal;
    }
    const principal = await this.load(tokenHash, now);
    if (principal) this.remember(tokenHash, principal, now);
    else this.cache.delete(tokenHash);
    return principal;
  }

  private forget(tokenHash: string): null {
    this.cache.delete(tokenHash);
    return null;
  }

  private remember(
    tokenHash: string,
    entry: CachedSession['principal'] & { lastSeenAt?: number; absoluteExpiresAt?: number },
    now: number,
  ) {
    if (this.cache.size >= SESSION_CACHE_MAX) this.cache.delete(this.cache.keys().next().value as string);
    const { lastSeenAt = now, absoluteExpiresAt = Number.POSITIVE_INFINITY, ...principal } = entry;
    this.cache.set(tokenHash, { principal, lastSeenAt, absoluteExpiresAt, cachedAt: now });
  }

  /** Drops cached sessions, e.g. after a transaction that changed them has committed. */
  evict(match: (principal: Principal) => boolean): void {
    this.dropWhere(match);
  }

  private dropWhere(match: (principal: Principal) => boolean): void {
    for (const [tokenHash, entry] of this.cache) if (match(entry.principal)) this.cache.delete(tokenHash);
  }

  private async load(
    tokenHash: string,
    now: number,
  ): Promise<(Principal & { lastSeenAt: number; absoluteExpiresAt: number }) | null> {
    // before a session exists there is no scope to read it in: the one narrow read of all sessions
    const [row] = await this.ctx.scopes.withSystem('session by token hash', (db) =>
      db
        .select({
          id: sessions.id,
          userId: sessions.userId,
          side: sessions.side,
          tenantId: sessions.tenantId,
          enterpriseId: sessions.enterpriseId,
          lastSeenAt: sessions.lastSeenAt,
          idleExpiresAt: sessions.idleExpiresAt,
          absoluteExpiresAt: sessions.absoluteExpiresAt,
          revokedAt: sessions.revokedAt,
          username: users.username,
          realname: users.realname,
          userStatus: users.status,
          mustChangePassword: users.mustChangePassword,
          tenantStatus: tenants.status,
          enterpriseStatus: enterprises.status,
          memberUserId: enterpriseMembers.userId,
          memberStatus: enterpriseMembers.status,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(tenants, eq(tenants.id, sessions.tenantId))
        .leftJoin(enterprises, eq(enterprises.id, sessions.enterpriseId))
        .leftJoin(
          enterpriseMembers,
          and(
            eq(enterpriseMembers.userId, sessions.userId),
            eq(enterpriseMembers.enterpriseId, sessions.enterpriseId),
            eq(enterpriseMembers.tenantId, sessions.tenantId),
          ),
        )
        .where(eq(sessions.tokenHash, tokenHash)),
    );
    if (!row || row.revokedAt || row.userStatus !== 1) return null;
    // the session works in one tenant (and enterprise): it ends with them, as login would refuse them
    if (row.tenantStatus !== 1) return null;
    if (
      row.side === 'enterprise' &&
      (row.memberUserId === null || row.memberStatus !== 1 || row.enterpriseStatus !== 1)
    ) {
      return null;
    }
    if (row.idleExpiresAt.getTime() <= now || row.absoluteExpiresAt.getTime() <= now) return null;
    let idleExpiresAt = row.idleExpiresAt;
    let lastSeenAt = row.lastSeenAt.getTime();
    if (now - lastSeenAt >= TOUCH_EVERY_MS) {
      idleExpiresAt = await this.touch(row.id, now);
      lastSeenAt = now;
    }
    return {
      sessionId: row.id,
      userId: row.userId,
      side: row.side as Side,
      tenantId: row.tenantId,
      enterpriseId: row.enterpriseId,
      username: row.username,
      realname: row.realname,
      userIdentity: row.side === 'platform' && row.tenantId === 0 ? 1 : 2,
      idleExpiresAt,
      mustChangePassword: row.mustChangePassword === 1,
      lastSeenAt,
      absoluteExpiresAt: row.absoluteExpiresAt.getTime(),
    };
  }

  /** Keepalive: extends the idle window (never past the absolute lifetime). */
  async touch(sessionId: number, now = Date.now()): Promise<Date> {
    const [row] = await this.ctx.scopes.withSystem('keepalive of a session by id', (db) =>
      db
        .update(sessions)
        .set({
          lastSeenAt: new Date(now),
          idleExpiresAt: sql`least(${new Date(now + this.idleMs).toISOString()}::timestamptz, ${sessions.absoluteExpiresAt})`,
        })
        .where(eq(sessions.id, sessionId))
        .returning({ idleExpiresAt: sessions.idleExpiresAt }),
    );
    const idleExpiresAt = row?.idleExpiresAt ?? new Date(now);
    for (const entry of this.cache.values()) {
      if (entry.principal.sessionId !== sessionId) continue;
      entry.principal.idleExpiresAt = idleExpiresAt;
      entry.lastSeenAt = now;
    }
    return idleExpiresAt;
  }

  async rescope(db: DbOrTx, sessionId: number, tenantId: number, enterpriseId: number | null): Promise<void> {
    this.dropWhere((p) => p.sessionId === sessionId);
    await db.update(sessions).set({ tenantId, enterpriseId }).where(eq(sessions.id, sessionId));
  }

  /** Ends the session and the unmask tokens issued to it. */
  async revoke(sessionId: number, now = Date.now()): Promise<void> {
    this.dropWhere((p) => p.sessionId === sessionId);
    await this.ctx.db.transaction(async (tx) => {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(now) })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
      await tx
        .update(desensitizationTokens)
        .set({ revokedAt: new Date(now) })
        .where(and(eq(desensitizationTokens.sessionId, sessionId), isNull(desensitizationTokens.revokedAt)));
    });
  }

  /** Every session of the account and their unmask tokens, on every tenant it works in (beyond the caller's scope). */
  async revokeAllOfUser(userId: number, now = Date.now()): Promise<void> {
    this.dropWhere((p) => p.userId === userId);
    await this.ctx.scopes.withSystem('sessions: revoke every session of one account', async (db) => {
      await db
        .update(sessions)
        .set({ revokedAt: new Date(now) })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      await db
        .update(desensitizationTokens)
        .set({ revokedAt: new Date(now) })
        .where(and(eq(desensitizationTokens.userId, userId), isNull(desensitizationTokens.revokedAt)));
    });
    // a request racing the revocation may have cached the session again before the commit
    await this.ctx.scopes.afterCommit(async () => this.dropWhere((p) => p.userId === userId));
  }

  /** The account's sessions in one enterprise (and their unmask tokens): its membership there was disabled or logged out. */
  revokeAllOfMember(userId: number, enterpriseId: number, now = Date.now()): Promise<void> {
    return this.revokeWhere(
      'sessions: revoke the sessions of one enterprise member',
      and(eq(sessions.userId, userId), eq(sessions.enterpriseId, enterpriseId)) as SQL,
      (p) => p.userId === userId && p.enterpriseId === enterpriseId,
      now,
    );
  }

  /** Every session working in an enterprise (and their unmask tokens): the enterprise was disabled. */
  revokeAllOfEnterprise(enterpriseId: number, now = Date.now()): Promise<void> {
    return this.revokeWhere(
      'sessions: revoke every session in a disabled enterprise',
      eq(sessions.enterpriseId, enterpriseId),
      (p) => p.enterpriseId === enterpriseId,
      now,
    );
  }

  /** The live sessions `where` chooses, the unmask tokens issued to them, and the cached principals `matches` names. */
  private async revokeWhere(
    reason: string,
    where: SQL,
    matches: (p: Principal) => boolean,
    now: number,
  ): Promise<void> {
    this.dropWhere(matches);
    await this.ctx.scopes.withSystem(reason, async (db) => {
      const revoked = await db
        .update(sessions)
        .set({ revokedAt: new Date(now) })
        .where(and(where, isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      if (revoked.length) {
        await db
          .update(desensitizationTokens)
          .set({ revokedAt: new Date(now) })
          .where(
            and(
              inArray(
                desensitizationTokens.sessionId,
                revoked.map((r) => r.id),
              ),
              isNull(desensitizationTokens.revokedAt),
            ),
          );
      }
    });
    // a request racing the revocation may have cached the session again before the commit
    await this.ctx.scopes.afterCommit(async () => this.dropWhere(matches));
  }

  /** Every session on a tenant (its staff and the enterprise users working in it): the tenant was disabled. */
  async revokeAllOfTenant(tenantId: number, now = Date.now()): Promise<void> {
    this.dropWhere((p) => p.tenantId === tenantId);
    await this.ctx.scopes.withSystem('sessions: revoke every session on a disabled tenant', async (db) => {
      await db
        .update(sessions)
        .set({ revokedAt: new Date(now) })
        .where(and(eq(sessions.tenantId, tenantId), isNull(sessions.revokedAt)));
      await db
        .update(desensitizationTokens)
        .set({ revokedAt: new Date(now) })
        .where(and(eq(desensitizationTokens.tenantId, tenantId), isNull(desensitizationTokens.revokedAt)));
    });
    await this.ctx.scopes.afterCommit(async () => this.dropWhere((p) => p.tenantId === tenantId));
  }
}
