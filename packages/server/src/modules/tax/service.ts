import type { LookupQuery, LookupRecord, Page } from '@fieldpay/domain';
import { and, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { taxSources } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { contains } from '../../platform/lookups/query';
import { tenantScope } from '../../core/tenancy';

/**
 * Tax sources of the tenants in scope (the tax-source picker). The platform operator may narrow
 * by tenantId; everyone else gets the session's tenant, and a foreign tenantId finds nothing.
 */
export async function lookupTaxSources(
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'tax'>,
): Promise<Page<LookupRecord<'tax'>>> {
  const where = and(
    tenantScope(principal, taxSources.tenantId, query.tenantId),
    contains(taxSources.taxName, query.taxName),
  );
  return paged(db, query, {
    from: taxSources,
    where,
    key: taxSources.id,
    orderBy: [[taxSources.id, 'asc']],
    rows: (page) =>
      db
        .select({ id: taxSources.id, taxName: taxSources.taxName, tenantId: taxSources.tenantId, ...page.columns })
        .from(taxSources)
        .where(inArray(taxSources.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => ({ ...row, value: row.id, label: row.taxName }),
  });
}
