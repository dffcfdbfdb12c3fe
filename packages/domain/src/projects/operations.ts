/**
 * The calls of the projects area (spec 1 §2 "Project list", §3 Project, §7 export calls), declared
 * once: the server registers them, the web calls them. The projects issue adds detail, summary and
 * editing; the list here shows what the table holds.
 */
import { z } from 'zod';
import { recordIdSchema } from '../api/ids';
import { pageOf, pageQuerySchema } from '../api/envelope';
import { defineOperation } from '../api/operation';
import { defineExportOperation } from '../exports/operations';
import { INPUT_MAX_LENGTH } from '../limits';
import { projectAreaSchema } from './forms';
import { PROJECT_STATUS, type ProjectStatus } from './statuses';

const projectStatusCodes = Object.keys(PROJECT_STATUS).map(Number) as ProjectStatus[];

/** Filters of the project list; the same filters choose the rows of its exports. */
export const projectListFiltersSchema = z.object({
  projectName: z.string().trim().max(INPUT_MAX_LENGTH.projectName).optional(),
  projectStatus: z.coerce
    .number()
    .int()
    .refine((code) => projectStatusCodes.includes(code as ProjectStatus), '项目状态不存在')
    .optional(),
  /** the client enterprise (platform side) */
  clientId: recordIdSchema().optional(),
  /** narrows the platform operator's view to one tenant */
  tenantId: recordIdSchema(0).optional(),
});
export type ProjectListFilters = z.infer<typeof projectListFiltersSchema>;

export const projectListQuerySchema = pageQuerySchema.extend(projectListFiltersSchema.shape);
export type ProjectListQuery = z.input<typeof projectListQuerySchema>;

export const projectListRecordSchema = z.object({
  id: z.number().int(),
  projectSn: z.string(),
  projectName: z.string(),
  /** the client enterprise */
  clientId: z.number().int(),
  clientName: z.string(),
  /** the employer: the platform (tenant) the project runs on */
  tenantId: z.number().int(),
  tenantName: z.string(),
  /** the other platforms the project's data is also shown on (otherTenantVos); read for the enterprise side only */
  otherTenantNames: z.array(z.string()),
  projectStatus: z.number().int(),
  processed: z.number().int(),
  /** persons serving on the project */
  personNum: z.number().int(),
  /** epoch milliseconds */
  startTime: z.number().int().nullable(),
  endTime: z.number().int().nullable(),
  createTime: z.number().int(),
});
export type ProjectListRecord = z.infer<typeof projectListRecordSchema>;

/** GET /api/sys/project/queryList: the viewer's projects, newest first. */
export const projectListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/project/queryList',
  tag: '项目',
  summary: '项目列表（平台端：本平台的项目，运营方全部；企业端：本企业在当前平台的项目）',
  access: { permission: 'projectManage:list:view' },
  input: projectListQuerySchema,
  answer: pageOf(projectListRecordSchema),
});

/**
 * The personal project list (spec 1 §7 "personal project list": userId, pageNo, pageSize): the
 * projects a natural person has served on, within the viewer's own list (the same scope, filters,
 * columns and order); a person of another platform or enterprise simply has none there.
 */
export const personalProjectListQuerySchema = projectListQuerySchema.extend({ userId: recordIdSchema() });
export const personalProjectListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/project/queryListByUser',
  tag: '项目',
  summary: '个人的项目列表：该自然人服务过的、本端可见的项目（字段同项目列表）',
  access: { permission: 'projectManage:list:view' },
  input: personalProjectListQuerySchema,
  answer: pageOf(projectListRecordSchema),
});

/** GET /api/sys/project/countByStatus: the enterprise header's 进行中 count (status 4); every page shows it. */
export const projectCountByStatusOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/project/countByStatus',
  tag: '项目',
  summary: '按状态统计项目数（企业头部“进行中”计数：status=4）',
  access: 'session',
  input: z.object({ status: z.coerce.number().int().min(0).max(6) }),
  answer: z.number().int(),
});

/** Filters of the project person export: the list's, narrowed to one project if given. */
export const projectPersonFiltersSchema = projectListFiltersSchema.extend({
  projectId: recordIdSchema().optional(),
});
export type ProjectPersonFilters = z.infer<typeof projectPersonFiltersSchema>;

export const projectExportListOperation = defineExportOperation({
  path: '/api/sys/project/exportList',
  tag: '项目',
  summary: '导出项目列表',
  filters: projectListFiltersSchema,
  permission: 'projectManage:list:export',
});

export const projectExportPersonsOperation = defineExportOperation({
  path: '/api/sys/project/exportPersons',
  tag: '项目',
  summary: '导出项目人员（手机号、姓名脱敏，带脱敏令牌时为明文）',
  filters: projectPersonFiltersSchema,
  permission: 'projectManage:list:export',
});

// ---- detail, creation, block saves and the lifecycle (spec 1 §2 project detail, §3, §4, §7; decision 0012)

const projectIdSchema = recordIdSchema();
const flagValue = z.number().int();

export const projectProductRecordSchema = z.object({
  id: z.number().int(),
  productName: z.string(),
  productGuige: z.string(),
  productFactory: z.string(),
});

export const projectDetailSchema = z.object({
  id: z.number().int(),
  projectName: z.string(),
  projectSn: z.string(),
  clientId: z.number().int(),
  clientName: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  /** industry */
  projectTypeName: z.string(),
  taxId: z.number().int().nullable(),
  taxName: z.string(),
  authStatus: flagValue,
  processed: flagValue,
  processedName: z.string(),
  productAssociation: flagValue,
  boyaProduct: z.array(projectProductRecordSchema),
  /** epoch milliseconds */
  startTime: z.number().int().nullable(),
  endTime: z.number().int().nullable(),
  /** 2026-01-01 至 2026-06-30, China time */
  cycleDate: z.string(),
  minPeopleNum: z.number().int(),
  maxPeopleNum: z.number().int(),
  projectScope: flagValue,
  areaList: z.array(projectAreaSchema),
  isProjectAgreement: flagValue,
  projectAgreementId: z.number().int().nullable(),
  projectAgreementName: z.string(),
  enterpriseProjectAgreementId: z.number().int().nullable(),
  projectStatus: z.number().int(),
  projectStatus_dictText: z.string(),
  createName: z.string(),
  createTime: z.number().int(),
  auditUserName: z.string(),
  auditTime: z.number().int().nullable(),
  /** set only for an ended project (2) */
  stopTime: z.number().int().nullable(),
  otherTenantVos: z.array(z.object({ tenantName: z.string() })),
  /** names of the parent service types, joined with 、 */
  parentVisitTypeNames: z.string(),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

export const projectServiceTypeRecordSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  visitParentId: z.string(),
  visitId: z.string(),
  parentServiceTypeName: z.string(),
  serviceTypeName: z.string(),
  seconds: z.number().int().nullable(),
  rewardDesc: z.string(),
  description: z.string(),
  online: z.number().int(),
  resourceInfo: z.array(z.object({ id: z.number().int(), title: z.string() })),
  orgList: z.array(z.object({ id: z.number().int(), orgName: z.string() })),
  locationScope: z.number().int().nullable(),
  signInLimit: z.record(z.string(), z.number()).nullable(),
  signOutLimit: z.record(z.string(), z.number()).nullable(),
});
export type ProjectServiceTypeRecord = z.infer<typeof projectServiceTypeRecordSchema>;

export const projectTextRecordSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  description: z.string(),
  steps: z.string(),
  fileList: z.array(
    z.object({
      fileName: z.string(),
      fileType: z.string(),
      fileAddress: z.string(),
      /** a signed link (30 minutes) the detail adds, so every side that sees the project opens it */
      url: z.string().optional(),
    }),
  ),
});
export type ProjectTextRecord = z.infer<typeof projectTextRecordSchema>;

export const projectAuditRecordSchema = z.object({
  id: z.number().int(),
  /** 4 passed, 1 failed */
  auditStatus: z.number().int(),
  auditStatus_dictText: z.string(),
  remarks: z.string(),
  auditUserName: z.string(),
  auditTime: z.number().int(),
});
export type ProjectAuditRecord = z.infer<typeof projectAuditRecordSchema>;

/** The project as it stands: what the detail shows and what an operation-log row keeps (logAfter). */
export const projectSnapshotSchema = z.object({
  project: projectDetailSchema,
  visitTypeList: z.array(projectServiceTypeRecordSchema),
  projectText: projectTextRecordSchema.nullable(),
  auditList: z.array(projectAuditRecordSchema),
});
export type ProjectSnapshot = z.infer<typeof projectSnapshotSchema>;

export const PROJECT_LOG_ACTIONS = {
  create: '创建项目',
  startAudit: '开始审核',
  approve: '审核通过',
  reject: '审核驳回',
  pause: '暂停项目',
  resume: '恢复项目',
  end: '结束项目',
  editBasic: '修改基础信息',
  editVisitType: '修改服务类型',
  editText: '修改补充信息',
} as const;
export type ProjectLogAction = keyof typeof PROJECT_LOG_ACTIONS;

export const projectLogRecordSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actionName: z.string(),
  operatorName: z.string(),
  createTime: z.number().int(),
});
export type ProjectLogRecord = z.infer<typeof projectLogRecordSchema>;

/** GET /api/sys/project/queryById: the project detail; a missing or foreign project answers 10013 项目不存在. */
export const projectDetailOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/project/queryById',
  tag: '项目',
  summary: '项目详情（基础信息、服务类型、补充信息、审核记录、操作日志）；不存在时 code 10013',
  access: { permission: 'projectManage:list:view' },
  input: z.object({ projectId: projectIdSchema }),
  answer: projectSnapshotSchema.extend({ logList: z.array(projectLogRecordSchema) }),
});

/** GET /api/sys/project/queryByLogId: the project as one operation-log row keeps it. */
export const projectLogDetailOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/project/queryByLogId',
  tag: '项目',
  summary: '从操作日志查看项目（变更后的快照 logAfter）',
  access: { permission: 'projectManage:list:view' },
  input: z.object({ id: projectIdSchema }),
  answer: projectLogRecordSchema.extend({ projectId: z.number().int(), logAfter: projectSnapshotSchema }),
});

/*
 * Block payloads keep the spec's keys. Their fields are typed loosely here on purpose: the server
 * checks them with the blocks' form schemas (forms.ts) and answers the form's exact message, which
 * a request-schema refusal (prefixed with the field's name) would not.
 */
const looseBlock = z.record(z.string(), z.unknown());

export const projectVisitTypePayloadSchema = z.object({
  /** the service type; with id it replaces that one, without it is added */
  boyaProjectVisitTypeModel: looseBlock.and(z.object({ id: recordIdSchema().optional() })),
  /** the articles or questionnaires picked for it: [{ id, title }] */
  resourcedArr: z.array(z.unknown()).optional(),
});

export const projectCreateBodySchema = z.object({
  /** made once per create page by the client: a repeated create answers the first project */
  requestId: z.uuid('请求编号不正确'),
  /** the tax source (税源地), picked outside the blocks; projectProjectProjectModel.taxId is read too */
  taxId: z.number().int().positive().nullish(),
  /** basic info; absent: 请保存基础信息 */
  projectProjectProjectModel: looseBlock.nullish(),
  /** product ids */
  productArr: z.array(z.unknown()).optional(),
  /** service types; absent or empty: 请保存服务类型信息 */
  visitTypeList: z.array(projectVisitTypePayloadSchema).max(20).nullish(),
  /** supplementary info; absent: 请保存补充信息 */
  projectText: looseBlock.nullish(),
});
export type ProjectCreateBody = z.input<typeof projectCreateBodySchema>;

const projectRef = z.object({ projectId: recordIdSchema() });

/** POST /api/sys/project/add: the enterprise submits a project (status 0 待审核). */
export const projectCreateOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/project/add',
  tag: '项目',
  summary: '企业新建项目（提交后待审核）；同一 requestId 重复提交只建一次',
  access: { permission: 'projectManage:pro:add' },
  input: projectCreateBodySchema,
  answer: z.object({ id: z.number().int(), projectSn: z.string() }),
});

/** POST /api/sys/project/editBasic: save project basics (productArr, projectProjectProjectModel with areaList). */
export const projectEditBasicOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/project/editBasic',
  tag: '项目',
  summary: '保存项目基础信息（平台端，状态 4、3、0）',
  access: { permission: 'projectManage:pro:modify' },
  input: projectRef.extend({ projectProjectProjectModel: looseBlock, productArr: z.array(z.unknown()).optional() }),
  answer: z.null(),
});

/** POST /api/sys/project/editVisitType: save one service type (boyaProjectVisitTypeModel, resourcedArr). */
export const projectEditVisitTypeOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/project/editVisitType',
  tag: '项目',
  summary: '保存项目服务类型（平台端，状态 4、3、0）',
  access: { permission: 'projectManage:pro:modify' },
  input: projectRef.extend(projectVisitTypePayloadSchema.shape),
  answer: z.object({ id: z.number().int() }),
});

/** POST /api/sys/project/editText: save the project text (supplementary info). */
export const projectEditTextOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/project/editText',
  tag: '项目',
  summary: '保存项目补充信息（平台端，状态 4、3、0）',
  access: { permission: 'projectManage:pro:modify' },
  input: projectRef.extend({
    description: z.unknown(),
    steps: z.unknown().optional(),
    fileList: z.unknown().optional(),
  }),
  answer: z.null(),
});

/** POST /api/sys/project/startAudit: a reviewer takes the project up (0 待审核 -> 6 审核中). */
export const projectStartAuditOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/project/startAudit',
  tag: '项目',
  summary: '开始审核项目（待审核 -> 审核中）',
  access: { permission: 'projectManage:pro:audit' },
  input: projectRef,
  answer: z.null(),
});

export const PROJECT_AUDIT_RESULTS = { 4: '审核通过', 1: '审核驳回' } as const;

/** POST /api/sys/project/audit: the review's result (6 审核中 -> 4 进行中 or 1 未通过), noticed to the enterprise. */
export const projectAuditOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/project/audit',
  tag: '项目',
  summary: '审核项目（通过 -> 进行中，驳回 -> 未通过；驳回须填原因）；同一结果重复提交不重复生效',
  access: { permission: 'projectManage:pro:audit' },
  input: projectRef.extend({
    auditStatus: z.union([z.literal(4), z.literal(1)], { error: '请选择审核结果' }),
    remarks: z.string().trim().max(500, '审核意见不能超过500个字符').default(''),
  }),
  answer: z.null(),
});

/** POST /api/sys/project/pause: 4 进行中 -> 3 已暂停. */
export const projectPauseOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/project/pause',
  tag: '项目',
  summary: '暂停项目（进行中 -> 已暂停）',
  access: { permission: 'projectManage:pro:pause' },
  input: projectRef,
  answer: z.null(),
});

/** POST /api/sys/project/resume: 3 已暂停 -> 4 进行中. */
export const projectResumeOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/project/resume',
  tag: '项目',
  summary: '恢复项目（已暂停 -> 进行中）',
  access: { permission: 'projectManage:pro:pause' },
  input: projectRef,
  answer: z.null(),
});

/** POST /api/sys/project/end: 4 or 3 -> 2 已结束, stopTime set. */
export const projectEndOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/project/end',
  tag: '项目',
  summary: '结束项目（进行中或已暂停 -> 已结束，记录结束时间）',
  access: { permission: 'projectManage:pro:end' },
  input: projectRef,
  answer: z.null(),
});

/** The project summary (spec 2 §3 project summary response). */
export const projectSummarySchema = z.object({
  agreement: z.object({ agreementTotal: z.number().int(), agreementUsed: z.number().int() }),
  /** amount in yuan with two decimals */
  settle: z.object({
    amount: z.string(),
    personNum: z.number().int(),
    settlementNum: z.number().int(),
    totalTask: z.number().int(),
  }),
  project: z.object({
    id: z.number().int(),
    projectName: z.string(),
    projectSn: z.string(),
    clientId: z.number().int(),
    clientName: z.string(),
    projectStatus: z.number().int(),
    projectStatus_dictText: z.string(),
    cycleDate: z.string(),
    productNames: z.string(),
  }),
  invoice: z.object({ invoiceNum: z.number().int() }),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

/** GET /api/sys/project/summary: the four blocks of the project summary. */
export const projectSummaryOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/project/summary',
  tag: '项目',
  summary: '项目汇总（协议、项目、结算、发票）',
  access: { permission: 'projectManage:list:view' },
  input: z.object({ projectId: projectIdSchema, tenantId: recordIdSchema(0).optional() }),
  answer: projectSummarySchema,
});

// ---- the project person list (spec 2 §2.4, §7 "project person list"; the summary's drill-down 4)

export const projectPersonRecordSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  /** masked in the middle */
  phone: z.string(),
  idCard: z.string(),
  bankCard: z.string(),
  bankName: z.string(),
  /** the person's tasks on the project */
  taskCount: z.number().int(),
  /** what the person was paid out on the project's settlements, yuan */
  settledFee: z.string(),
});
export type ProjectPersonRecord = z.infer<typeof projectPersonRecordSchema>;

export const projectPersonListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/project/personList',
  tag: '项目',
  summary: '项目人员列表（做过该项目任务的人员：手机号、身份证号、银行卡脱敏，任务数，已结算金额）',
  access: { permission: 'projectManage:list:view' },
  input: pageQuerySchema.extend({ projectId: recordIdSchema(), enterpriseId: recordIdSchema().optional() }),
  answer: pageOf(projectPersonRecordSchema),
});

// ---- the work-location dialog (spec 3 §2 "other dialogs"): a service type's terminals with their addresses

export const workLocationRecordSchema = z.object({
  id: z.number().int(),
  orgName: z.string(),
  /** CUSTOMER_TYPES code and its name */
  orgType: z.string(),
  orgTypeName: z.string(),
  /** the terminal's review (0 pending, 1 passed, 2 rejected) */
  auditStatus: z.number().int(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  /** the street address below the area */
  address: z.string(),
});
export type WorkLocationRecord = z.infer<typeof workLocationRecordSchema>;

export const projectWorkLocationsOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/project/workLocations',
  tag: '项目',
  summary: '工作地点：项目某服务类型所选服务终端的名称、类型、审核状态与地址（分页）',
  access: { permission: 'projectManage:list:view' },
  input: pageQuerySchema.extend({ projectId: projectIdSchema, serviceTypeId: recordIdSchema() }),
  answer: pageOf(workLocationRecordSchema),
});
