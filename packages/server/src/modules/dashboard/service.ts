import { type DashboardOverview, fenToYuan, PROJECT_STATUS, statusInfo } from '@fieldpay/domain';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { enterpriseScope, equalsIfGiven, isPlatformOperator } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { enterpriseMembers, enterprises, settlements, tasks, tenants, users } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { visibleTenantIds } from '../../platform/tenants/service';
import { countProjects, countProjectsByStatus } from '../projects/service';

type NamedValue = DashboardOverview['usersByTenant'][number];

const IN_PROGRESS = 4;

/**
 * Real figures of what exists in the principal's scope. Enterprise users see their own company's
 * figures on each platform it works on (its members, its projects by status, its tasks and settlements), never platform-wide ones. A tenant id
 * narrows the scope to that tenant (the operator's tenant filter); outside the scope it finds nothing.
 */
export async function dashboardOverview(
  db: DbOrTx,
  principal: Principal,
  tenantId?: number,
): Promise<DashboardOverview> {
  const scope = await visibleTenantIds(db, principal);
  const tenantFilter = and(
    scope === 'all' ? ne(tenants.id, 0) : inArray(tenants.id, scope.length ? scope : [-1]),
    tenantId === undefined ? undefined : eq(tenants.id, tenantId),
  );
  const ownCompany =
    principal.side === 'enterprise'
      ? sql`${enterprises.taxNumber} = (select tax_number from enterprises where id = ${principal.enterpriseId ?? -1})`
      : undefined;

  const enterprisesByTenant = await db
    .select({ name: tenants.name, value: count(enterprises.id) })
    .from(tenants)
    .leftJoin(enterprises, and(eq(enterprises.tenantId, tenants.id), ownCompany))
    .where(tenantFilter)
    .groupBy(tenants.id, tenants.name)
    .orderBy(tenants.id);

  // enterprise members per tenant, plus the tenant's own platform staff
  const membersByTenant = await db
    .select({ tenantId: tenants.id, name: tenants.name, value: count(enterpriseMembers.userId) })
    .from(tenants)
    .leftJoin(enterpriseMembers, eq(enterpriseMembers.tenantId, tenants.id))
    .leftJoin(enterprises, eq(enterprises.id, enterpriseMembers.enterpriseId))
    .where(and(tenantFilter, ownCompany ? sql`(${enterprises.id} is null or ${ownCompany})` : undefined))
    .groupBy(tenants.id, tenants.name)
    .orderBy(tenants.id);
  const staffRows =
    principal.side === 'platform'
      ? await db
          .select({ tenantId: users.tenantId, value: count() })
          .from(users)
          .where(eq(users.side, 'platform'))
          .groupBy(users.tenantId)
      : [];
  const staffByTenant = new Map(staffRows.map((r) => [r.tenantId, r.value]));
  const usersByTenant = membersByTenant.map((r) => ({
    name: r.name,
    value: r.value + (staffByTenant.get(r.tenantId) ?? 0),
  }));

  const sum = (list: NamedValue[]) => list.reduce((total, item) => total + item.value, 0);
  // the operator's own staff belong to no tenant: counted only in the all-tenant figures
  const platformStaff = isPlatformOperator(principal) && tenantId === undefined ? (staffByTenant.get(0) ?? 0) : 0;
  const [work] = await db
    .select({
      taskCount: count(),
      tasksAwaitingReview: sql<number>`(count(*) filter (where ${tasks.auditStatus} in (1, 4)))::int`,
    })
    .from(tasks)
    .where(
      and(enterpriseScope(principal, tasks.tenantId, tasks.enterpriseId), equalsIfGiven(tasks.tenantId, tenantId)),
    );
  const [money] = await db
    .select({
      settlementCount: sql<number>`(count(*) filter (where ${settlements.auditStatus} in (1, 2)))::int`,
      settlementsAwaitingAudit: sql<number>`(count(*) filter (where ${settlements.auditStatus} = 1))::int`,
      paidFen: sql<string>`coalesce(sum(${settlements.amountFen}) filter (where ${settlements.enterprisePayStatus} = 2), 0)`,
    })
    .from(settlements)
    .where(
      and(
        enterpriseScope(principal, settlements.tenantId, settlements.enterpriseId),
        equalsIfGiven(settlements.tenantId, tenantId),
      ),
    );
  return {
    taskCount: work.taskCount,
    tasksAwaitingReview: work.tasksAwaitingReview,
    settlementCount: money.settlementCount,
    settlementsAwaitingAudit: money.settlementsAwaitingAudit,
    paidAmount: fenToYuan(Number(money.paidFen)),
    tenantCount: enterprisesByTenant.length,
    enterpriseCount: sum(enterprisesByTenant),
    userCount: sum(usersByTenant) + platformStaff,
    projectCount: await countProjects(db, principal, undefined, tenantId),
    projectsInProgress: await countProjects(db, principal, [IN_PROGRESS], tenantId),
    usersByTenant,
    enterprisesByTenant,
    projectsByStatus: (await countProjectsByStatus(db, principal, tenantId)).map((row) => ({
      name: statusInfo(PROJECT_STATUS, row.status as keyof typeof PROJECT_STATUS)?.label ?? String(row.status),
      value: row.value,
    })),
  };
}
