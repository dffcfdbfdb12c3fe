import { maskContact, type Page } from '@fieldpay/domain';
import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { equalsIfGiven, isPlatformOperator, tenantsIn } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { unsafeAcrossTenants } from '../../db/scope';
import { enterpriseMembers, enterprises, tenants } from '../../db/schema';
import type { Principal } from '../auth/sessions';
import { contains } from '../lookups/query';
import type { LookupView } from '../lookups/registry';

export interface TenantRow {
  id: number;
  name: string;
  company: string;
  contracts: string;
  status: number;
}

/**
 * A tenant's contact (a name and a mobile number) as the principal may see it: the platform
 * operator keeps the tenant register; everyone else sees it masked unless unmasked by a token.
 */
export const contactAsSeenBy =
  (principal: Principal, view: LookupView) =>
  (contracts: string): string =>
    view.unmasked || isPlatformOperator(principal) ? contracts : maskContact(contracts);

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

/** `scope` as a condition on `tenants.id`: never tenant 0, the platform itself. */
const visibleTenants = (scope: number[] | 'all'): SQL | undefined =>
  and(ne(tenants.id, 0), tenantsIn(tenants.id, scope));

/**
 * A page of the tenants the principal may see, by id: the tenant list (GET /api/sys2/tenant/queryList)
 * and the tenant lookup are both this page, each shaping its records.
 */
export async function tenantPage<Out>(
  db: DbOrTx,
  principal: Principal,
  query: { name?: string; status?: number; pageNo: number; pageSize: number },
  view: LookupView,
  toRecord: (row: TenantRow) => Out,
): Promise<Page<Out>> {
  const contact = contactAsSeenBy(principal, view);
  const where = and(
    visibleTenants(await visibleTenantIds(db, principal)),
    contains(tenants.name, query.name),
    equalsIfGiven(tenants.status, query.status),
  );
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
    toRecord: (row) => toRecord({ ...row, contracts: contact(row.contracts) }),
  });
}

export const queryTenants = (
  db: DbOrTx,
  principal: Principal,
  query: { name?: string; pageNo: number; pageSize: number },
  view: LookupView,
): Promise<Page<TenantRow>> => tenantPage(db, principal, query, view, (row) => row);

/** Tenants by ids, limited to what the principal may see; unknown or foreign ids are simply absent. */
export async function tenantsByIds(
  db: DbOrTx,
  principal: Principal,
  ids: number[],
  view: LookupView,
): Promise<TenantRow[]> {
  const contact = contactAsSeenBy(principal, view);
  const scope = await visibleTenantIds(db, principal);
  const rows = await db
    .select({
      id: tenants.id,
      name: tenants.name,
      company: tenants.company,
      contracts: tenants.contracts,
      status: tenants.status,
    })
    .from(tenants)
    .where(and(inArray(tenants.id, ids), visibleTenants(scope)))
    .orderBy(asc(tenants.id));
  return rows.map((row) => ({ ...row, contracts: contact(row.contracts) }));
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
    .where(and(inArray(enterprises.id, ids), visibleTenants(scope), enterpriseScope))
    .orderBy(asc(enterprises.id));
}

async function ownTaxNumber(db: DbOrTx, enterpriseId: number): Promise<string | null> {
  const [row] = await db
    .select({ taxNumber: enterprises.taxNumber })
    .from(enterprises)
    .where(eq(enterprises.id, enterpriseId));
  return row?.taxNumber ?? null;
}
