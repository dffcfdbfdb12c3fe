import { enterpriseOwnedColumns, tenantOwnedColumns } from './columns';
import { integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Tags a tenant defines (type 1 enterprise tags, 2 person tags); enterprise users see their tenants' tags. */
export const tags = pgTable(
  'tags',
  {
    ...tenantOwnedColumns(),
    tag: varchar('tag', { length: 20 }).notNull(),
    type: smallint('type').notNull().default(1),
  },
  (t) => [uniqueIndex('tags_tenant_type_tag').on(t.tenantId, t.type, t.tag)],
);

/** Labels an enterprise defines for its own lists. */
export const labels = pgTable(
  'labels',
  {
    ...enterpriseOwnedColumns(),
    name: varchar('name', { length: 20 }).notNull(),
  },
  (t) => [uniqueIndex('labels_tenant_enterprise_name').on(t.tenantId, t.enterpriseId, t.name)],
);

/** The tenant's enterprise tags (type 1) put on an enterprise (spec 3 §3 "Enterprise" tags; decision 0039). */
export const enterpriseTags = pgTable(
  'enterprise_tags',
  {
    ...enterpriseOwnedColumns(),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id),
  },
  (t) => [uniqueIndex('enterprise_tags_enterprise_tag').on(t.tenantId, t.enterpriseId, t.tagId)],
);
