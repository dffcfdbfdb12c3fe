import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { projects } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';

/** Projects a principal may see: all (platform admin), its tenant's (tenant staff), its enterprise's. */
export function projectScope(principal: Principal): SQL | undefined {
  if (principal.side === 'enterprise') {
    return and(eq(projects.tenantId, principal.tenantId), eq(projects.enterpriseId, principal.enterpriseId ?? -1));
  }
  return principal.userIdentity === 1 ? undefined : eq(projects.tenantId, principal.tenantId);
}

export async function countProjects(db: DbOrTx, principal: Principal, statuses?: number[]): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(projects)
    .where(and(projectScope(principal), statuses?.length ? inArray(projects.projectStatus, statuses) : undefined));
  return n;
}
