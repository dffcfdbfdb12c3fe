import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Writes to the tables whose list totals are remembered (db/paging.ts `totalFollows`), one row per
 * write statement and tenant, made by the triggers `app_follow_list_changes(table)` installs
 * (migration 0006). A remembered total stands while the sum of `weight` the viewer sees is the
 * sum it was counted at: the sum is read in the statement's own snapshot, so a write committed
 * since then, in any process, changes it. Compaction folds old rows into one per table and tenant,
 * keeping the sum.
 */
export const listChanges = pgTable(
  'list_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tableName: text('table_name').notNull(),
    /** walled like every tenant table: a viewer sums the changes of the rows it can see */
    tenantId: integer('tenant_id').notNull(),
    weight: bigint('weight', { mode: 'number' }).notNull().default(1),
  },
  (t) => [index('list_changes_table_tenant').on(t.tableName, t.tenantId, t.weight)],
);
