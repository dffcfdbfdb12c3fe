import { foreignKey, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * Task (visit) types: the parents and the types under them, seeded from the domain's TASK_TYPES at
 * every start. The same for every tenant, so no tenant_id.
 */
export const taskTypes = pgTable(
  'task_types',
  {
    code: varchar('code', { length: 32 }).primaryKey(),
    name: varchar('name', { length: 32 }).notNull(),
    /** null for a parent and for types that stand on their own */
    parentCode: varchar('parent_code', { length: 32 }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [foreignKey({ columns: [t.parentCode], foreignColumns: [t.code] })],
);
