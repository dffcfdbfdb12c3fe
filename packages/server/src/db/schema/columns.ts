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
