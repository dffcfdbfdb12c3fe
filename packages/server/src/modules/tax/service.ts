import type { LookupQuery, LookupRecord, Page } from '@fieldpay/domain';
import { and, asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { taxSources } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { contains, pageOf } from '../../platform/lookups/query';
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
  return pageOf(
    query,
    () => db.$count(taxSources, where),
    (limit, offset) =>
      db
        .select({ id: taxSources.id, taxName: taxSources.taxName, tenantId: taxSources.tenantId })
        .from(taxSources)
        .where(where)
        .orderBy(asc(taxSources.id))
        .limit(limit)
        .offset(offset),
    (row) => ({ ...row, value: row.id, label: row.taxName }),
  );
}
