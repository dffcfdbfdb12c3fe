import { integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { enterprises, tenants } from './tenancy';

/** Tags a tenant defines (type 1 enterprise tags, 2 person tags); enterprise users see their tenants' tags. */
export const tags = pgTable(
  'tags',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    tag: varchar('tag', { length: 20 }).notNull(),
    type: smallint('type').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_tenant_type_tag').on(t.tenantId, t.type, t.tag)],
);

/** Labels an enterprise defines for its own lists. */
export const labels = pgTable(
  'labels',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    name: varchar('name', { length: 20 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('labels_tenant_enterprise_name').on(t.tenantId, t.enterpriseId, t.name)],
);
