/**
 * 禁用 / 启用 an enterprise (spec 3 §4 "Enterprise status"; the domain's enterpriseStatusToggle is the
 * rule the console asks by): the platform's staff toggle their platform's enterprises (the operator
 * any). The toggle names the status it wants and is refused when the enterprise is in it already, under
 * the row lock, so a double click or two staff at once change it once. Disabling ends the sessions
 * working in the enterprise at once, and its members cannot sign in to it until it is enabled again
 * (the login and session checks read the enterprise's status).
 */
import { ENTERPRISE_INFO_MSG } from '@fieldpay/domain';
import { and, eq } from 'drizzle-orm';
import { fail } from '../../core/errors';
import { tenantScope } from '../../core/tenancy';
import { enterprises } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { type AuditActor, writeAudit } from '../../platform/system/audit';
import type { Services } from '../../services';

export async function changeEnterpriseStatus(
  services: Services,
  principal: Principal,
  input: { enterpriseId: number; tenantId: number; status: 1 | 2 },
  actor: AuditActor,
): Promise<{ status: number }> {
  const db = services.ctx.db;
  const [enterprise] = await db
    .select({ id: enterprises.id, tenantId: enterprises.tenantId, status: enterprises.status })
    .from(enterprises)
    .where(
      and(
        tenantScope(principal, enterprises.tenantId),
        eq(enterprises.tenantId, input.tenantId),
        eq(enterprises.id, input.enterpriseId),
      ),
    )
    .for('update');
  if (!enterprise) throw fail.notFound(ENTERPRISE_INFO_MSG.notFound);
  if (enterprise.status === input.status) throw fail.conflict(ENTERPRISE_INFO_MSG.statusChanged);
  await db
    .update(enterprises)
    .set({ status: input.status })
    .where(and(eq(enterprises.tenantId, enterprise.tenantId), eq(enterprises.id, enterprise.id)));
  await writeAudit(db, actor, {
    action: input.status === 2 ? 'enterprise.disable' : 'enterprise.enable',
    targetType: 'enterprise',
    targetId: enterprise.id,
    before: { status: enterprise.status },
    after: { status: input.status },
  });
  // its members' sessions end now, not when a cached session next asks
  if (input.status === 2) await services.sessions.revokeAllOfEnterprise(enterprise.id);
  return { status: input.status };
}
