import { idColumn, tenantIdColumn } from './columns';
import { integer, jsonb, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * A user's column layout of one list (spec 2 §3: serviceName, contentJson, type), per tenant the
 * session is on. contentJson holds the columns as saved (ColumnLayoutItem[] of packages/domain).
 */
export const columnLayouts = pgTable(
  'column_layouts',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceName: varchar('service_name', { length: 64 }).notNull(),
    /** 0: list columns (the only type the console saves) */
    type: smallint('type').notNull().default(0),
    contentJson: jsonb('content_json').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('column_layouts_tenant_user_service').on(t.tenantId, t.userId, t.serviceName, t.type)],
);
