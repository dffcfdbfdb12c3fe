/**
 * Tasks and what the service personnel record on them (decision 0017): the task (spec 1 §3), its
 * check-in and check-out, photos, photo groups, call records, material openings and survey answers.
 * Every row belongs to the task's tenant and enterprise.
 */
import {
  doublePrecision,
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
import { enterpriseOwnedColumns } from './columns';
import { customers } from './customers';
import { persons } from './persons';
import { projects, projectServiceTypes } from './projects';
import { taskTypes } from './tasks';

/** A task of a project's service type: published open (status 0), taken by a person, submitted, reviewed. */
export const tasks = pgTable(
  'tasks',
  {
    ...enterpriseOwnedColumns(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    serviceTypeId: integer('service_type_id')
      .notNull()
      .references(() => projectServiceTypes.id),
    visitTypeId: varchar('visit_type_id', { length: 32 })
      .notNull()
      .references(() => taskTypes.code),
    taskSn: varchar('task_sn', { length: 32 }).notNull(),
    /** the publishing client's key: a repeated publish answers the first task */
    requestId: uuid('request_id'),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull().default(''),
    /** the article or questionnaire of a p-ppxc / p-wjdy task (content library id) */
    resourceId: integer('resource_id'),
    /** the customer the task serves, when it was published for one (customer verification opens from it) */
    customerId: integer('customer_id').references(() => customers.id),
    cusName: varchar('cus_name', { length: 64 }).notNull().default(''),
    cusIsAuth: smallint('cus_is_auth').notNull().default(0),
    department: varchar('department', { length: 64 }).notNull().default(''),
    orgName: varchar('org_name', { length: 100 }).notNull().default(''),
    productName: varchar('product_name', { length: 100 }).notNull().default(''),
    province: varchar('province', { length: 32 }).notNull().default(''),
    city: varchar('city', { length: 32 }).notNull().default(''),
    area: varchar('area', { length: 32 }).notNull().default(''),
    address: varchar('address', { length: 200 }).notNull().default(''),
    /** the planned point, GCJ-02 */
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    personId: integer('person_id').references(() => persons.id),
    takeTime: timestamp('take_time', { withTimezone: true }),
    /** TASK_STATUS: 0 open, 1 taken, 2 submitted */
    status: smallint('status').notNull().default(0),
    /** TASK_AUDIT_STATUS: 0 not submitted, 1 auto-rejected, 2 approved, 3 rejected, 4 auto-passed */
    auditStatus: smallint('audit_status').notNull().default(0),
    /** the automatic audit's reasons, one per line (the AI audit rejection reasons) */
    remarks: text('remarks').notNull().default(''),
    /** the task's reward, fen; 0: no reward set, not settleable */
    priceFen: integer('price_fen').notNull().default(0),
    sumUp: varchar('sum_up', { length: 1000 }).notNull().default(''),
    feedback: varchar('feedback', { length: 2000 }).notNull().default(''),
    /** submitted at (actTime) and the submission's key: the same key again answers this submission */
    actTime: timestamp('act_time', { withTimezone: true }),
    submitRequestId: uuid('submit_request_id'),
    auditTime: timestamp('audit_time', { withTimezone: true }),
    auditUserId: integer('audit_user_id'),
    auditUserName: varchar('audit_user_name', { length: 64 }).notNull().default(''),
    auditReason: varchar('audit_reason', { length: 200 }).notNull().default(''),
    /** academic meetings: the headcount the worker reported (xueShu_chengShi, xueShu_tongYong) */
    custNum: integer('cust_num'),
    createdBy: integer('created_by'),
  },
  (t) => [
    uniqueIndex('tasks_tenant_sn').on(t.tenantId, t.taskSn),
    uniqueIndex('tasks_tenant_request').on(t.tenantId, t.enterpriseId, t.requestId),
    index('tasks_tenant_list').on(t.tenantId, t.id, t.enterpriseId),
    index('tasks_enterprise_list').on(t.tenantId, t.enterpriseId, t.id),
    index('tasks_tenant_project').on(t.tenantId, t.projectId, t.id),
    index('tasks_tenant_person').on(t.tenantId, t.personId, t.id),
    index('tasks_tenant_status').on(t.tenantId, t.status, t.id),
  ],
);

/** The block a row of a task starts with: the task's tenant and enterprise, and the task. */
const taskOwnedColumns = () => ({
  ...enterpriseOwnedColumns(),
  taskId: integer('task_id')
    .notNull()
    .references(() => tasks.id),
});

/** The block of what a person recorded on a task: `taskOwnedColumns` and the person. */
const taskRecordColumns = () => ({
  ...taskOwnedColumns(),
  personId: integer('person_id')
    .notNull()
    .references(() => persons.id),
});

/** A check-in (kind 1) or check-out (kind 2): once per task and kind; coordinates GCJ-02, time the server's. */
export const taskSignRecords = pgTable(
  'task_sign_records',
  {
    ...taskRecordColumns(),
    kind: smallint('kind').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    address: varchar('address', { length: 200 }).notNull().default(''),
    /** metres from the planned point, when the task has one */
    distance: integer('distance'),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('task_sign_records_task_kind').on(t.tenantId, t.taskId, t.kind)],
);

/** A named group of feedback photos (meeting photos, shelf photos...). */
export const taskPhotoGroups = pgTable(
  'task_photo_groups',
  {
    ...taskOwnedColumns(),
    name: varchar('name', { length: 50 }).notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [index('task_photo_groups_task').on(t.tenantId, t.taskId)],
);

/** A photo the worker uploaded for a task; used by at most one check-in/out or group. */
export const taskPhotos = pgTable(
  'task_photos',
  {
    ...taskRecordColumns(),
    /** TASK_PHOTO_KINDS */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** camera or album */
    source: varchar('source', { length: 8 }).notNull(),
    fileName: varchar('file_name', { length: 64 }).notNull(),
    extension: varchar('extension', { length: 10 }).notNull(),
    fileSize: integer('file_size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
    signRecordId: integer('sign_record_id').references(() => taskSignRecords.id),
    groupId: integer('group_id').references(() => taskPhotoGroups.id),
  },
  (t) => [index('task_photos_task').on(t.tenantId, t.taskId, t.id)],
);

/** A phone call of a dhbf task (call records list: type, number, time, duration). */
export const taskCallRecords = pgTable(
  'task_call_records',
  {
    ...taskRecordColumns(),
    requestId: uuid('request_id').notNull(),
    /** 1 outgoing, 2 incoming */
    callType: smallint('call_type').notNull().default(1),
    phoneNumber: varchar('phone_number', { length: 20 }).notNull(),
    callTime: timestamp('call_time', { withTimezone: true }).notNull(),
    /** seconds */
    duration: integer('duration').notNull(),
  },
  (t) => [
    uniqueIndex('task_call_records_request').on(t.tenantId, t.taskId, t.requestId),
    index('task_call_records_task').on(t.tenantId, t.taskId, t.id),
  ],
);

/** A material (article, product material) opened on a task (material-open records: name, time, duration). */
export const taskMaterialOpens = pgTable(
  'task_material_opens',
  {
    ...taskRecordColumns(),
    requestId: uuid('request_id').notNull(),
    materialName: varchar('material_name', { length: 100 }).notNull(),
    openTime: timestamp('open_time', { withTimezone: true }).notNull(),
    /** seconds */
    duration: integer('duration').notNull(),
  },
  (t) => [
    uniqueIndex('task_material_opens_request').on(t.tenantId, t.taskId, t.requestId),
    index('task_material_opens_task').on(t.tenantId, t.taskId, t.id),
  ],
);

/** A position the worker reported while doing a task (its track): coordinates GCJ-02, time the server's. */
export const taskPositions = pgTable(
  'task_positions',
  {
    ...taskRecordColumns(),
    requestId: uuid('request_id').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    address: varchar('address', { length: 200 }).notNull().default(''),
    /** metres from the planned point, when the task has one */
    distance: integer('distance'),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('task_positions_request').on(t.tenantId, t.taskId, t.requestId),
    index('task_positions_task').on(t.tenantId, t.taskId, t.id),
  ],
);

/** The answer to one question of a survey task's questionnaire. */
export const taskSurveyAnswers = pgTable(
  'task_survey_answers',
  {
    ...taskOwnedColumns(),
    questionId: integer('question_id').notNull(),
    /** ids of the chosen options (optionList ids) */
    optionIds: jsonb('option_ids').$type<number[]>().notNull().default([]),
    content: text('content').notNull().default(''),
  },
  (t) => [uniqueIndex('task_survey_answers_question').on(t.tenantId, t.taskId, t.questionId)],
);

/** An attendee of an academic department meeting (xueShu_keShi), reported on submission (spec 1 §3 cusList). */
export const taskAttendees = pgTable(
  'task_attendees',
  {
    ...enterpriseOwnedColumns(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id),
    sort: smallint('sort').notNull().default(0),
    cusName: varchar('cus_name', { length: 64 }).notNull(),
    departmentName: varchar('department_name', { length: 64 }).notNull().default(''),
    /** 1 authenticated */
    authStatus: smallint('auth_status').notNull().default(0),
    /** practice certificate number */
    certNo: varchar('cert_no', { length: 64 }).notNull().default(''),
  },
  (t) => [index('task_attendees_task').on(t.tenantId, t.taskId, t.sort)],
);
