/** What every enterprise-agreement read shares: who sees which rows, and the status a reader sees. */
import { type Column, type SQL, sql } from 'drizzle-orm';
import { enterpriseScope, tenantScope } from '../../core/tenancy';
import { enterpriseAgreements } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';

/** Platform staff: their platform's agreements (the operator: all); an enterprise: its own. */
export function agreementScope(principal: Principal, askedTenantId?: number): SQL | undefined {
  return principal.side === 'enterprise'
    ? enterpriseScope(principal, enterpriseAgreements.tenantId, enterpriseAgreements.enterpriseId, askedTenantId)
    : tenantScope(principal, enterpriseAgreements.tenantId, askedTenantId);
}

const TODAY = sql`(now() at time zone 'Asia/Shanghai')::date`;

/**
 * The status a reader sees: a signed agreement whose end has passed has ended (7); an offline one
 * before its start is still a draft (5), which may be deleted.
 */
export const effectiveStatusSql = sql<number>`(case
  when ${enterpriseAgreements.status} = 2 and ${enterpriseAgreements.endDate} < ${TODAY} then 7
  when ${enterpriseAgreements.status} = 2 and ${enterpriseAgreements.agreementType} = 0 and ${enterpriseAgreements.startDate} > ${TODAY} then 5
  else ${enterpriseAgreements.status} end)::int`;

/** How many agreements an enterprise has in force with its platform (a list column of another area). */
export const agreementsInForceSql = (enterpriseId: Column, tenantId: Column) =>
  sql<number>`(select count(*)::int from ${enterpriseAgreements}
    where ${enterpriseAgreements.tenantId} = ${tenantId} and ${enterpriseAgreements.enterpriseId} = ${enterpriseId}
    and ${effectiveStatusSql} = 2)`;
