import type { Side } from '@fieldpay/domain';
import { and, type Column, eq, inArray, type SQL } from 'drizzle-orm';

/**
 * Tenancy in the services (DESIGN §5): who sees which rows, as SQL the queries add to their WHERE.
 * These conditions make plans fast and intent readable; the database's row-level security
 * (db/scope.ts, migration 0004) is the second wall that catches a query which forgot them.
 */

/** What decides which rows someone may see; a session's principal and a stored export requester have it. */
export interface Viewer {
  side: Side;
  tenantId: number;
  enterpriseId: number | null;
  /** 1 platform operator (tenant 0), 2 everyone else */
  userIdentity: 1 | 2;
}

/** The platform operator: userIdentity 1 of tenant 0 on the platform side, who sees every tenant. */
export const isPlatformOperator = (viewer: Viewer): boolean =>
  viewer.side === 'platform' && viewer.userIdentity === 1 && viewer.tenantId === 0;

/** `column = value` when a filter value was given. */
export const equalsIfGiven = <T extends string | number>(column: Column, value: T | undefined): SQL | undefined =>
  value === undefined ? undefined : eq(column, value);

/**
 * Rows owned by a tenant: the platform operator sees every tenant, everyone else the session's
 * tenant. A tenant id asked by the client only narrows that (a foreign one finds nothing).
 */
export function tenantScope(viewer: Viewer, tenantColumn: Column, askedTenantId?: number): SQL | undefined {
  const own = isPlatformOperator(viewer) ? undefined : eq(tenantColumn, viewer.tenantId);
  return and(own, equalsIfGiven(tenantColumn, askedTenantId));
}

/** Rows owned by an enterprise: as tenantScope on the platform side; enterprise users see their own enterprise's. */
export function enterpriseScope(
  viewer: Viewer,
  tenantColumn: Column,
  enterpriseColumn: Column,
  askedTenantId?: number,
): SQL | undefined {
  if (viewer.side === 'enterprise') {
    return and(
      eq(tenantColumn, viewer.tenantId),
      eq(enterpriseColumn, viewer.enterpriseId ?? -1),
      equalsIfGiven(tenantColumn, askedTenantId),
    );
  }
  return tenantScope(viewer, tenantColumn, askedTenantId);
}

/** Rows of any of the given tenants ('all' for the platform operator). */
export const tenantsIn = (tenantColumn: Column, scope: number[] | 'all'): SQL | undefined =>
  scope === 'all' ? undefined : inArray(tenantColumn, scope.length ? scope : [-1]);
