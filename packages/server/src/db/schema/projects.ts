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
  // Each list's scope and order has an index that yields its page in order and counts it without
  // touching the table (decision 0011): the newest first, of the tenant (tenant staff), of an
  // enterprise (enterprise users, a client filter), by status (a status filter, the header's
  // 进行中 count), and across tenants by status (the platform operator; by id alone it is the
  // primary key). enterprise_id trails where the wall's policy reads it, so a scan stays index-only.
  (t) => [
    uniqueIndex('projects_tenant_sn').on(t.tenantId, t.projectSn),
    index('projects_tenant_list').on(t.tenantId, t.id, t.enterpriseId),
    index('projects_enterprise_list').on(t.tenantId, t.enterpriseId, t.id),
    index('projects_tenant_status_list').on(t.tenantId, t.projectStatus, t.id, t.enterpriseId),
    index('projects_enterprise_status_list').on(t.tenantId, t.enterpriseId, t.projectStatus, t.id),
    index('projects_status_list').on(t.projectStatus, t.id),
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
