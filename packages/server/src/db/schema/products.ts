import { enterpriseOwnedColumns } from './columns';
import { date, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** An enterprise's product library (boyaProduct): name, specification (规格), maker; source 1 entered by the enterprise, 2 imported by the platform. */
export const products = pgTable(
  'products',
  {
    ...enterpriseOwnedColumns(),
    productName: varchar('product_name', { length: 100 }).notNull(),
    productGuige: varchar('product_guige', { length: 64 }).notNull().default(''),
    productFactory: varchar('product_factory', { length: 100 }).notNull().default(''),
    source: smallint('source').notNull().default(1),
  },
  (t) => [
    uniqueIndex('products_tenant_enterprise_name_guige').on(t.tenantId, t.enterpriseId, t.productName, t.productGuige),
  ],
);

/** Products an enterprise holds a maker's authorisation for (projects with authStatus 1 bind only these). */
export const productAuthorisations = pgTable(
  'product_authorisations',
  {
    ...enterpriseOwnedColumns(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    authorisedOn: date('authorised_on').notNull(),
  },
  (t) => [uniqueIndex('product_authorisations_tenant_enterprise_product').on(t.tenantId, t.enterpriseId, t.productId)],
);
