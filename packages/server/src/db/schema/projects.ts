import { enterpriseIdColumn, enterpriseOwnedColumns, idColumn, tenantIdColumn, tenantOwnedColumns } from './columns';
import {
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { products } from './products';
import { taskTypes } from './tasks';
import { taxSources } from './tax';

/**
 * Projects placed by enterprises (spec 1 §3 project detail). The status moves only through the
 * transitions of the domain's PROJECT_TRANSITIONS (decision 0012).
 */
export const projects = pgTable(
  'projects',
  {
    ...enterpriseOwnedColumns(),
    projectSn: varchar('project_sn', { length: 32 }).notNull(),
    projectName: varchar('project_name', { length: 100 }).notNull(),
    /** 0 待审核 … 6 审核中 (PROJECT_STATUS in domain) */
    projectStatus: smallint('project_status').notNull().default(0),
    /** 1 the full-process environment, 0 tasks only (spec 1 §3) */
    processed: smallint('processed').notNull().default(1),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    /** industry (projectTypeName) */
    projectTypeName: varchar('project_type_name', { length: 64 }).notNull().default(''),
    /** the tax source (税源地); required before anything but an in-progress project is saved whole */
    taxId: integer('tax_id').references(() => taxSources.id),
    /** 1: persons must hold an authorised binding to the products */
    authStatus: smallint('auth_status').notNull().default(0),
    /** 0: no products linked */
    productAssociation: smallint('product_association').notNull().default(0),
    minPeopleNum: integer('min_people_num').notNull().default(0),
    maxPeopleNum: integer('max_people_num').notNull().default(0),
    /** 0 visible to everyone, 1 experience matching */
    projectScope: smallint('project_scope').notNull().default(0),
    isProjectAgreement: smallint('is_project_agreement').notNull().default(0),
    projectAgreementId: integer('project_agreement_id'),
    projectAgreementName: varchar('project_agreement_name', { length: 100 }).notNull().default(''),
    enterpriseProjectAgreementId: integer('enterprise_project_agreement_id'),
    createdBy: integer('created_by'),
    createName: varchar('create_name', { length: 64 }).notNull().default(''),
    auditUserName: varchar('audit_user_name', { length: 64 }).notNull().default(''),
    auditTime: timestamp('audit_time', { withTimezone: true }),
    /** set when the project ends (status 2) */
    stopTime: timestamp('stop_time', { withTimezone: true }),
    /** the creating client's key of the create request: a repeated create answers the first project */
    requestId: uuid('request_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  // Each list's scope and order has an index that yields its page in order and counts it without
  // touching the table (decision 0011): the newest first, of the tenant (tenant staff), of an
  // enterprise (enterprise users, a client filter), by status (a status filter, the header's
  // 进行中 count), and across tenants by status (the platform operator; by id alone it is the
  // primary key). enterprise_id trails where the wall's policy reads it, so a scan stays index-only.
  (t) => [
    uniqueIndex('projects_tenant_sn').on(t.tenantId, t.projectSn),
    uniqueIndex('projects_tenant_request').on(t.tenantId, t.enterpriseId, t.requestId),
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
    ...tenantOwnedColumns(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
  },
  (t) => [
    uniqueIndex('project_data_relations_tenant_project').on(t.tenantId, t.projectId),
    // the platforms one project is shown on, read beside each row of the enterprise's project list
    index('project_data_relations_project').on(t.projectId),
  ],
);

/** Products linked to a project (boyaProduct, productArr of the basics save). */
export const projectProducts = pgTable(
  'project_products',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    enterpriseId: enterpriseIdColumn(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
  },
  (t) => [uniqueIndex('project_products_tenant_project_product').on(t.tenantId, t.projectId, t.productId)],
);

/** The areas a project serves (areaList, at most 50): GB/T 2260 codes and names down to the district. */
export const projectAreas = pgTable(
  'project_areas',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    enterpriseId: enterpriseIdColumn(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    provinceId: varchar('province_id', { length: 12 }).notNull(),
    province: varchar('province', { length: 32 }).notNull(),
    cityId: varchar('city_id', { length: 12 }).notNull().default(''),
    city: varchar('city', { length: 32 }).notNull().default(''),
    areaId: varchar('area_id', { length: 12 }).notNull().default(''),
    area: varchar('area', { length: 32 }).notNull().default(''),
  },
  (t) => [index('project_areas_tenant_project').on(t.tenantId, t.projectId)],
);

/** A service type of a project (boyaProjectVisitTypeModel) with its rules for the worker's tasks. */
export const projectServiceTypes = pgTable(
  'project_service_types',
  {
    ...enterpriseOwnedColumns(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    visitParentId: varchar('visit_parent_id', { length: 32 })
      .notNull()
      .references(() => taskTypes.code),
    visitId: varchar('visit_id', { length: 32 })
      .notNull()
      .references(() => taskTypes.code),
    /** product access days (parent p-zrfw) */
    seconds: integer('seconds'),
    rewardDesc: varchar('reward_desc', { length: 200 }).notNull().default(''),
    description: varchar('description', { length: 500 }).notNull().default(''),
    /** 0 online, 1 offline, 3 academic activity, otherwise ordinary */
    online: smallint('online').notNull().default(0),
    /** articles (p-ppxc) or questionnaires (p-wjdy) picked for it: [{ id, title }], at most 10 */
    resourceInfo: jsonb('resource_info').$type<{ id: number; title: string }[]>().notNull().default([]),
    /** terminals of an ordinary service (cgfw): [{ id, orgName }] */
    orgList: jsonb('org_list').$type<{ id: number; orgName: string }[]>().notNull().default([]),
    /** metres around the planned point a check-in may be */
    locationScope: integer('location_scope'),
    signInLimit: jsonb('sign_in_limit').$type<Record<string, number>>(),
    signOutLimit: jsonb('sign_out_limit').$type<Record<string, number>>(),
  },
  (t) => [uniqueIndex('project_service_types_tenant_project_visit').on(t.tenantId, t.projectId, t.visitId)],
);

/** The project text (supplementary info): rich-text description, business breakdown, attachments. */
export const projectTexts = pgTable(
  'project_texts',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    enterpriseId: enterpriseIdColumn(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    description: text('description').notNull(),
    steps: text('steps').notNull().default(''),
    fileList: jsonb('file_list')
      .$type<{ fileName: string; fileType: string; fileAddress: string }[]>()
      .notNull()
      .default([]),
  },
  (t) => [uniqueIndex('project_texts_tenant_project').on(t.tenantId, t.projectId)],
);

/** One review of a project by the platform: 4 passed or 1 failed, with the reviewer's remarks. */
export const projectAudits = pgTable(
  'project_audits',
  {
    ...enterpriseOwnedColumns(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    auditStatus: smallint('audit_status').notNull(),
    remarks: varchar('remarks', { length: 500 }).notNull().default(''),
    auditUserId: integer('audit_user_id'),
    auditUserName: varchar('audit_user_name', { length: 64 }).notNull().default(''),
  },
  (t) => [index('project_audits_tenant_project').on(t.tenantId, t.projectId, t.id)],
);

/**
 * Every change of a project, with the project as it stood after it (logAfter): the detail can be
 * shown from any row ("project detail from operation log"). Written in the change's transaction.
 */
export const projectOperationLogs = pgTable(
  'project_operation_logs',
  {
    ...enterpriseOwnedColumns(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    /** create, startAudit, audit, pause, resume, end, saveBasic, saveVisitType, saveText */
    action: varchar('action', { length: 32 }).notNull(),
    operatorId: integer('operator_id'),
    operatorName: varchar('operator_name', { length: 64 }).notNull().default(''),
    side: varchar('side', { length: 16 }).notNull().default(''),
    logAfter: jsonb('log_after').notNull(),
  },
  (t) => [index('project_operation_logs_tenant_project').on(t.tenantId, t.projectId, t.id)],
);
