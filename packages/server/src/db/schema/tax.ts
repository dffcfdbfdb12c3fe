import { tenantOwnedColumns } from './columns';
import { bigint, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Tax sources (税源地) of a tenant: where its persons' income is declared. The tax issue adds rates and rules. */
export const taxSources = pgTable(
  'tax_sources',
  {
    ...tenantOwnedColumns(),
    taxName: varchar('tax_name', { length: 64 }).notNull(),
    /** 1: the platform withholds the persons' taxes on settlements of this source (decision 0019) */
    taxModel: smallint('tax_model').notNull().default(1),
    /** VAT rate, basis points (300 = 3 %) */
    valueAddedTaxBp: smallint('value_added_tax_bp').notNull().default(300),
    /** surcharges on the VAT, basis points (1200 = 7 % + 3 % + 2 %) */
    surchargeBp: smallint('surcharge_bp').notNull().default(1200),
    /** what one person may be settled with one enterprise in a calendar month, fen */
    monthlyLimitFen: bigint('monthly_limit_fen', { mode: 'number' }).notNull().default(9_800_000),
  },
  (t) => [uniqueIndex('tax_sources_tenant_name').on(t.tenantId, t.taxName)],
);
