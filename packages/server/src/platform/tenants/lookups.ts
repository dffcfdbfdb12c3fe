import { type LookupQuery, type LookupRecord, lookupRowDisabled, type Page } from '@fieldpay/domain';
import { and, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { tenants } from '../../db/schema';
import type { Principal } from '../auth/sessions';
import { contains } from '../lookups/query';
import { equalsIfGiven, tenantsIn } from '../../core/tenancy';
import { visibleTenantIds } from './service';

/**
 * The tenant lookup: the same tenants as GET /api/sys2/tenant/queryList (the platform operator all,
 * staff their own, enterprise users those they work on), as select options.
 */
export async function lookupTenants(
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'tenant'>,
): Promise<Page<LookupRecord<'tenant'>>> {
  const where = and(
    ne(tenants.id, 0),
    tenantsIn(tenants.id, await visibleTenantIds(db, principal)),
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
    toRecord: (row) => ({
      ...row,
      value: row.id,
      label: row.name,
      description: row.company,
      disabled: lookupRowDisabled('tenant', row.status, query.status),
    }),
  });
}
