import { index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { enterprises, tenants } from './tenancy';

/**
 * Projects placed by enterprises. The foundation needs only what the shell counts (projects in
 * progress, dashboard); the projects issue adds the rest of spec 1 §3 to this table.
 */
export const projects = pgTable(
  'projects',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    projectSn: varchar('project_sn', { length: 32 }).notNull(),
    projectName: varchar('project_name', { length: 100 }).notNull(),
    /** 0 待审核 … 6 审核中 (PROJECT_STATUS in domain) */
    projectStatus: smallint('project_status').notNull().default(0),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('projects_tenant_sn').on(t.tenantId, t.projectSn),
    index('projects_enterprise_status').on(t.tenantId, t.enterpriseId, t.projectStatus),
  ],
);
