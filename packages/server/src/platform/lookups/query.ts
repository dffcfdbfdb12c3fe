import { and, type Column, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Viewer } from '../auth/sessions';
import { escapeLike } from '../tenants/service';

/**
 * Pieces every lookup is built from: the session's scope as SQL and the search text as an escaped
 * ILIKE (the page itself: db/paging.ts). Column names are fixed in code; the client only supplies values.
 */

const isPlatformAdmin = (principal: Viewer) => principal.side === 'platform' && principal.userIdentity === 1;

/** `column` contains `text` literally (its % and _ are not wildcards); no condition for empty text. */
export const contains = (column: Column, text: string | undefined): SQL | undefined =>
  text ? ilike(column, `%${escapeLike(text)}%`) : undefined;

/** `column = value` when a filter value was given. */
export const equalsIfGiven = <T extends string | number>(column: Column, value: T | undefined): SQL | undefined =>
  value === undefined ? undefined : eq(column, value);

/**
 * Rows owned by a tenant: the platform operator sees every tenant, everyone else the session's
 * tenant. A tenant id asked by the client only narrows that (a foreign one finds nothing).
 */
export function tenantScope(principal: Viewer, tenantColumn: Column, askedTenantId?: number): SQL | undefined {
  const own = isPlatformAdmin(principal) ? undefined : eq(tenantColumn, principal.tenantId);
  return and(own, equalsIfGiven(tenantColumn, askedTenantId));
}

/** Rows owned by an enterprise: as tenantScope on the platform side; enterprise users see their own enterprise's. */
export function enterpriseScope(
  principal: Viewer,
  tenantColumn: Column,
  enterpriseColumn: Column,
  askedTenantId?: number,
): SQL | undefined {
  if (principal.side === 'enterprise') {
    return and(
      eq(tenantColumn, principal.tenantId),
      eq(enterpriseColumn, principal.enterpriseId ?? -1),
      equalsIfGiven(tenantColumn, askedTenantId),
    );
  }
  return tenantScope(principal, tenantColumn, askedTenantId);
}

/** Rows of any of the given tenants ('all' for the platform operator). */
export const tenantsIn = (tenantColumn: Column, scope: number[] | 'all'): SQL | undefined =>
  scope === 'all' ? undefined : inArray(tenantColumn, scope.length ? scope : [-1]);

/** "a · b" of the parts that are present. */
export const joinParts = (...parts: Array<string | null | undefined>): string =>
  parts.filter((part) => part !== undefined && part !== null && part !== '').join(' · ');
