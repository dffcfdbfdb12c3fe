import type { DbOrTx } from '../../db/client';
import { auditLogs } from '../../db/schema';
import type { Principal } from '../auth/sessions';

export interface AuditActor {
  userId: number | null;
  name: string;
  side: string;
  tenantId: number;
  ip: string;
}

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

/** The audit log's actor for a signed-in principal at an address. */
export const auditActorOf = (principal: Principal, ip: string): AuditActor => ({
  userId: principal.userId,
  name: principal.realname,
  side: principal.side,
  tenantId: principal.tenantId,
  ip,
});

/**
 * Writes one audit row. Call it inside the transaction that makes the change, so the row exists
 * exactly when the change does. Every module uses this for money, personal data and permissions.
 */
export async function writeAudit(db: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values({
    tenantId: actor.tenantId,
    actorUserId: actor.userId,
    actorName: actor.name,
    side: actor.side,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.ip,
  });
}
