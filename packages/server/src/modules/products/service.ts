import type { LookupQuery, LookupRecord, Page } from '@fieldpay/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { productAuthorisations, products } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { contains, joinParts } from '../../platform/lookups/query';
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
  return paged(db, query, {
    from: products,
    where,
    key: products.id,
    orderBy: [[products.id, 'asc']],
    rows: (page) =>
      db
        .select({
          id: products.id,
          productName: products.productName,
          productGuige: products.productGuige,
          productFactory: products.productFactory,
          source: products.source,
          companyId: products.enterpriseId,
          ...page.columns,
        })
        .from(products)
        .where(inArray(products.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => ({
      ...row,
      value: row.id,
      label: row.productName,
      description: joinParts(row.productGuige, row.productFactory),
    }),
  });
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
  return paged(db, query, {
    // the name filter is the product's: the authorisations are paged joined with their products
    from: sql`${productAuthorisations} inner join ${products} on ${joined()}`,
    where,
    key: productAuthorisations.id,
    orderBy: [[productAuthorisations.id, 'asc']],
    rows: (page) =>
      db
        .select({
          id: products.id,
          productName: products.productName,
          productGuige: products.productGuige,
          productFactory: products.productFactory,
          enterpriseId: productAuthorisations.enterpriseId,
          ...page.columns,
        })
        .from(productAuthorisations)
        .innerJoin(products, joined())
        .where(inArray(productAuthorisations.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => ({
      ...row,
      value: row.id,
      label: row.productName,
      description: joinParts(row.productGuige, row.productFactory),
    }),
  });
}
