import { createdAtColumn, enterpriseIdColumn, idColumn, tenantIdColumn } from './columns';
import { index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Projects placed by enterprises. The foundation needs only what the shell counts (projects in
 * progress, dashboard); the projects issue adds the rest of spec 1 §3 to this table.
 */
export const projects = pgTable(
  'projects',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    enterpriseId: enterpriseIdColumn(),
    projectSn: varchar('project_sn', { length: 32 }).notNull(),
    projectName: varchar('project_name', { length: 100 }).notNull(),
    /** 0 待审核 … 6 审核中 (PROJECT_STATUS in domain) */
    projectStatus: smallint('project_status').notNull().default(0),
    /** 1 the full-process environment, 0 tasks only (spec 1 §3) */
    processed: smallint('processed').notNull().default(1),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('projects_tenant_sn').on(t.tenantId, t.projectSn),
    index('projects_enterprise_status').on(t.tenantId, t.enterpriseId, t.projectStatus),
  ],
);

/**
 * A project whose data is also shown on another tenant (the visible-platform column, otherTenantVos):
 * tenantId is the tenant that sees it, the project keeps its own tenant.
 */
export const projectDataRelations = pgTable(
  'project_data_relations',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('project_data_relations_tenant_project').on(t.tenantId, t.projectId)],
);
