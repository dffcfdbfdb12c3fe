import type { Page } from '@fieldpay/domain';
import { and, asc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import { isPlatformOperator } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { unsafeAcrossTenants } from '../../db/scope';
import { enterpriseMembers, enterprises, tenants } from '../../db/schema';
import type { Principal } from '../auth/sessions';

export interface TenantRow {
  id: number;
  name: string;
  company: string;
  contracts: string;
  status: number;
}

/**
 * Which tenants a principal may see: the platform administrators all of them, tenant staff their
 * own, enterprise users those their enterprise works on. Tenant 0 is the platform, never listed.
 */
export async function visibleTenantIds(_db: DbOrTx, principal: Principal): Promise<number[] | 'all'> {
  if (principal.side === 'platform') return isPlatformOperator(principal) ? 'all' : [principal.tenantId];
  const rows = await unsafeAcrossTenants("tenants: the enterprise account's own memberships", (tx) =>
    tx
      .select({ tenantId: enterpriseMembers.tenantId })
      .from(enterpriseMembers)
      .where(eq(enterpriseMembers.userId, principal.userId)),
  );
  return rows.map((r) => r.tenantId);
}

const scopeCondition = (scope: number[] | 'all'): SQL | undefined =>
  scope === 'all' ? ne(tenants.id, 0) : inArray(tenants.id, scope.length ? scope : [-1]);

export async function queryTenants(
  db: DbOrTx,
  principal: Principal,
  query: { name?: string; pageNo: number; pageSize: number },
): Promise<Page<TenantRow>> {
  const scope = await visibleTenantIds(db, principal);
  const where = and(scopeCondition(scope), query.name ? ilike(tenants.name, `%${escapeLike(query.name)}%`) : undefined);
  return paged(db, query, {
    from: tenants,
    where,
    key: tenants.id,
    orderBy: [[tenants.id, 'asc']],
    rows: (page) =>
      db
        .select({
          id: tenants.id,
          name: tenants.name,
          company: tenants.company,
          contracts: tenants.contracts,
          status: tenants.status,
          ...page.columns,
        })
        .from(tenants)
        .where(inArray(tenants.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => row,
  });
}

/** Tenants by ids, limited to what the principal may see; unknown or foreign ids are simply absent. */
export async function tenantsByIds(db: DbOrTx, principal: Principal, ids: number[]): Promise<TenantRow[]> {
  const scope = await visibleTenantIds(db, principal);
  return db
    .select({
      id: tenants.id,
      name: tenants.name,
      company: tenants.company,
      contracts: tenants.contracts,
      status: tenants.status,
    })
    .from(tenants)
    .where(and(inArray(tenants.id, ids), scopeCondition(scope)))
    .orderBy(asc(tenants.id));
}

export async function enterprisesByIds(db: DbOrTx, principal: Principal, ids: number[]) {
  const scope = await visibleTenantIds(db, principal);
  const enterpriseScope =
    principal.side === 'enterprise' && principal.enterpriseId !== null
      ? eq(enterprises.taxNumber, (await ownTaxNumber(db, principal.enterpriseId)) ?? '')
      : undefined;
  return db
    .select({
      id: enterprises.id,
      name: enterprises.name,
      tenantId: enterprises.tenantId,
      tenantName: tenants.name,
      status: enterprises.status,
    })
    .from(enterprises)
    .innerJoin(tenants, eq(tenants.id, enterprises.tenantId))
    .where(and(inArray(enterprises.id, ids), scopeCondition(scope), enterpriseScope))
    .orderBy(asc(enterprises.id));
}

async function ownTaxNumber(db: DbOrTx, enterpriseId: number): Promise<string | null> {
  const [row] = await db
    .select({ taxNumber: enterprises.taxNumber })
    .from(enterprises)
    .where(eq(enterprises.id, enterpriseId));
  return row?.taxNumber ?? null;
}

/** LIKE patterns come from users: their wildcards are literal. */
export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);
