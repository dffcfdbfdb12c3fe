import { tenantOwnedColumns } from './columns';
import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Tax sources (税源地) of a tenant: where its persons' income is declared. The tax issue adds rates and rules. */
export const taxSources = pgTable(
  'tax_sources',
  {
    ...tenantOwnedColumns(),
    taxName: varchar('tax_name', { length: 64 }).notNull(),
  },
  (t) => [uniqueIndex('tax_sources_tenant_name').on(t.tenantId, t.taxName)],
);
