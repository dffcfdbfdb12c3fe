import type { LookupQuery, LookupRecord, Page } from '@fieldpay/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { productAuthorisations, products } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { contains, joinParts, pageOf } from '../../platform/lookups/query';
import { enterpriseScope, equalsIfGiven } from '../../core/tenancy';

/** Products of the enterprises in scope; companyId narrows to one enterprise. */
export async function lookupProducts(
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'product'>,
): Promise<Page<LookupRecord<'product'>>> {
  const where = and(
    enterpriseScope(principal, products.tenantId, products.enterpriseId),
    contains(products.productName, query.productName),
    equalsIfGiven(products.source, query.source),
    equalsIfGiven(products.enterpriseId, query.companyId),
  );
  return pageOf(
    query,
    () => db.$count(products, where),
    (limit, offset) =>
      db
        .select({
          id: products.id,
          productName: products.productName,
          productGuige: products.productGuige,
          productFactory: products.productFactory,
          source: products.source,
          companyId: products.enterpriseId,
        })
        .from(products)
        .where(where)
        .orderBy(asc(products.id))
        .limit(limit)
        .offset(offset),
    (row) => ({
      ...row,
      value: row.id,
      label: row.productName,
      description: joinParts(row.productGuige, row.productFactory),
    }),
  );
}

/** Products the enterprises in scope hold an authorisation for. */
export async function lookupAuthorisedProducts(
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'authorisedProduct'>,
): Promise<Page<LookupRecord<'authorisedProduct'>>> {
  const where = and(
    enterpriseScope(principal, productAuthorisations.tenantId, productAuthorisations.enterpriseId),
    contains(products.productName, query.name),
  );
  const joined = () => eq(products.id, productAuthorisations.productId);
  return pageOf(
    query,
    async () =>
      (await db.select({ n: count() }).from(productAuthorisations).innerJoin(products, joined()).where(where))[0].n,
    (limit, offset) =>
      db
        .select({
          id: products.id,
          productName: products.productName,
          productGuige: products.productGuige,
          productFactory: products.productFactory,
          enterpriseId: productAuthorisations.enterpriseId,
        })
        .from(productAuthorisations)
        .innerJoin(products, joined())
        .where(where)
        .orderBy(asc(productAuthorisations.id))
        .limit(limit)
        .offset(offset),
    (row) => ({
      ...row,
      value: row.id,
      label: row.productName,
      description: joinParts(row.productGuige, row.productFactory),
    }),
  );
}
