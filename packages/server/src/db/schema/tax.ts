import { integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { tenants } from './tenancy';

/** Tax sources (税源地) of a tenant: where its persons' income is declared. The tax issue adds rates and rules. */
export const taxSources = pgTable(
  'tax_sources',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    taxName: varchar('tax_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tax_sources_tenant_name').on(t.tenantId, t.taxName)],
);
