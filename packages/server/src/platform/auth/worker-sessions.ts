/**
 * Sessions of the worker API (decision 0017): a natural person (persons row) signed in from the
 * service personnel's app. Their own table and guard: a worker token opens only routes declared
 * `access: 'worker'`, and those routes open for nothing else. The person works in the tenant of its
 * persons row; the request's database scope is that tenant's, and the tasks service narrows every
 * query to the person's own tasks.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { persons, tenants, workerSessions } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import type { Viewer } from '../../core/tenancy';
import type { AppContext } from '../context';
import { randomToken, sha256Hex } from './crypto';

export interface WorkerPrincipal {
  sessionId: number;
  personId: number;
  tenantId: number;
  name: string;
  phone: string;
}

/** loginFlag values that refuse a person: 1 banned, 2 login-restricted. */
export const WORKER_LOGIN_BLOCKED_FLAGS: readonly number[] = [1, 2];

const TOUCH_EVERY_MS = 60_000;

/** The database scope of a worker's request: tenant staff's view of its tenant, no enterprise. */
export const workerViewer = (worker: WorkerPrincipal): Viewer => ({
  side: 'platform',
  tenantId: worker.tenantId,
  enterpriseId: null,
  userIdentity: 2,
});

export class WorkerSessionService {
  constructor(private readonly ctx: AppContext) {}

  private get idleMs(): number {
    return this.ctx.config.sessionIdleMinutes * 60_000;
  }

  async create(db: DbOrTx, input: { personId: number; tenantId: number; ip: string }, now = Date.now()) {
    const token = randomToken();
    await db.insert(workerSessions).values({
      tenantId: input.tenantId,
      personId: input.personId,
      tokenHash: sha256Hex(token),
      ip: input.ip,
      lastSeenAt: new Date(now),
      idleExpiresAt: new Date(now + this.idleMs),
      absoluteExpiresAt: new Date(now + this.ctx.config.sessionAbsoluteHours * 3600_000),
    });
    return token;
  }

  /** The live session of a token: not revoked, not expired, the person allowed to log in, the tenant enabled. */
  async resolve(token: string, now = Date.now()): Promise<WorkerPrincipal | null> {
    const tokenHash = sha256Hex(token);
    // before a session exists there is no scope to read it in: the one narrow read of all worker sessions
    const [row] = await this.ctx.scopes.withSystem('worker session by token hash', (db) =>
      db
        .select({
          id: workerSessions.id,
          personId: workerSessions.personId,
          tenantId: workerSessions.tenantId,
          lastSeenAt: workerSessions.lastSeenAt,
          idleExpiresAt: workerSessions.idleExpiresAt,
          absoluteExpiresAt: workerSessions.absoluteExpiresAt,
          revokedAt: workerSessions.revokedAt,
          name: persons.name,
          phone: persons.phone,
          loginFlag: persons.loginFlag,
          tenantStatus: tenants.status,
        })
        .from(workerSessions)
        .innerJoin(persons, eq(persons.id, workerSessions.personId))
        .innerJoin(tenants, eq(tenants.id, workerSessions.tenantId))
        .where(eq(workerSessions.tokenHash, tokenHash)),
    );
    if (!row || row.revokedAt || row.tenantStatus !== 1 || WORKER_LOGIN_BLOCKED_FLAGS.includes(row.loginFlag)) {
      return null;
    }
    if (row.idleExpiresAt.getTime() <= now || row.absoluteExpiresAt.getTime() <= now) return null;
    if (now - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await this.ctx.scopes.withSystem('keepalive of a worker session by id', (db) =>
        db
          .update(workerSessions)
          .set({
            lastSeenAt: new Date(now),
            idleExpiresAt: sql`least(${new Date(now + this.idleMs).toISOString()}::timestamptz, ${workerSessions.absoluteExpiresAt})`,
          })
          .where(eq(workerSessions.id, row.id)),
      );
    }
    return { sessionId: row.id, personId: row.personId, tenantId: row.tenantId, name: row.name, phone: row.phone };
  }

  async revoke(db: DbOrTx, sessionId: number, now = Date.now()): Promise<void> {
    await db
      .update(workerSessions)
      .set({ revokedAt: new Date(now) })
      .where(and(eq(workerSessions.id, sessionId), isNull(workerSessions.revokedAt)));
  }
}
