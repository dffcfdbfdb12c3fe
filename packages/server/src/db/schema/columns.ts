import { integer, timestamp } from 'drizzle-orm/pg-core';
import { enterprises, tenants } from './tenancy';

/** Columns most tables share, written once (each call makes a new column). */
export const idColumn = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

/** The owning tenant: every business row has one, and every query of it is scoped by it. */
export const tenantIdColumn = () =>
  integer('tenant_id')
    .notNull()
    .references(() => tenants.id);

export const enterpriseIdColumn = () =>
  integer('enterprise_id')
    .notNull()
    .references(() => enterprises.id);

export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The block every tenant-owned table starts with: its id, the owning tenant and when the row was
 * made. Spread first in the table's columns: `{ ...tenantOwnedColumns(), name: … }`.
 */
export const tenantOwnedColumns = () => ({
  id: idColumn(),
  tenantId: tenantIdColumn(),
  createdAt: createdAtColumn(),
});

/** The tenant-owned block of a row an enterprise owns (a non-null `enterprise_id`). */
export const enterpriseOwnedColumns = () => ({
  ...tenantOwnedColumns(),
  enterpriseId: enterpriseIdColumn(),
});
