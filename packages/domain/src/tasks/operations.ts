/**
 * The calls of the tasks area (decision 0017): the worker API the service personnel's app calls
 * (access 'worker': a natural person's session, nothing else), and the console's task list, task
 * publishing and review.
 */
import { z } from 'zod';
import { recordIdSchema } from '../api/ids';
import { pageOf, pageQuerySchema } from '../api/envelope';
import { defineOperation, noInput } from '../api/operation';
import { loginBodySchema } from '../auth/schemas';
import { parseChinaDateTime } from '../china-time';
import { parseYuanToFen } from '../money';
import { TASK_TYPES, type TaskTypeId } from '../status';
import { TASK_MSG } from './messages';
import { TASK_AUDIT_STATUS, TASK_PHOTO_KINDS, TASK_PHOTO_SOURCES, TASK_STATUS } from './statuses';

const taskTypeIds = Object.keys(TASK_TYPES) as [TaskTypeId, ...TaskTypeId[]];
const codesOf = (dictionary: object) => Object.keys(dictionary).map(Number);

const chinaTime = z
  .string()
  .trim()
  .refine((text) => !Number.isNaN(parseChinaDateTime(text)), '时间格式不正确')
  .transform(parseChinaDateTime);

/** GCJ-02 degrees; China's extent is checked by the service (坐标超出范围) so the message is the rule's. */
const latitude = z.number({ error: TASK_MSG.coordinatesOutOfRange });
const longitude = z.number({ error: TASK_MSG.coordinatesOutOfRange });
/** A task's reward in yuan to fen: empty is none (the task is then not settleable), else over 0 and at most 100,000. */
export const taskPriceSchema = z
  .union([z.string(), z.number()])
  .optional()
  .transform((value, context) => {
    if (value === undefined || value === '') return 0;
    const fen = parseYuanToFen(value);
    if (fen === null || fen <= 0 || fen > 10_000_000) {
      context.addIssue({ code: 'custom', message: TASK_MSG.priceInvalid });
      return z.NEVER;
    }
    return fen;
  });

/** A client-made key of one write (UUID): a retry with the same key answers the first result. */
const requestIdSchema = z.uuid('请求编号格式不正确');
const durationSchema = z
  .number({ error: TASK_MSG.durationInvalid })
  .int(TASK_MSG.durationInvalid)
  .min(0, TASK_MSG.durationInvalid)
  .max(86_400, TASK_MSG.durationInvalid);

// ---- records

/** A task as the worker's app shows it (spec 1 §3 task fields it needs). */
export const workerTaskSchema = z.object({
  id: z.number().int(),
  taskSn: z.string(),
  title: z.string(),
  content: z.string(),
  projectId: z.number().int(),
  projectName: z.string(),
  visitTypeId: z.string(),
  visitType: z.string(),
  parentVisitType: z.string(),
  rewardDesc: z.string(),
  resourceId: z.number().int().nullable(),
  cusName: z.string(),
  department: z.string(),
  orgName: z.string(),
  productName: z.string(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  address: z.string(),
  /** planned point, GCJ-02 */
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  /** epoch ms */
  startTime: z.number().int().nullable(),
  endTime: z.number().int().nullable(),
  status: z.number().int(),
  auditStatus: z.number().int(),
  /** the automatic audit's reasons, one per line */
  remarks: z.string(),
  signInTime: z.number().int().nullable(),
  signOutTime: z.number().int().nullable(),
  /** submitted at */
  actTime: z.number().int().nullable(),
});
export type WorkerTask = z.infer<typeof workerTaskSchema>;

/** A row of the console's task list. */
export const taskListRecordSchema = z.object({
  id: z.number().int(),
  taskSn: z.string(),
  title: z.string(),
  projectId: z.number().int(),
  projectName: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  enterpriseId: z.number().int(),
  cusName: z.string(),
  orgName: z.string(),
  visitTypeId: z.string(),
  visitType: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string(),
  /** masked */
  userPhone: z.string(),
  status: z.number().int(),
  auditStatus: z.number().int(),
  remarks: z.string(),
  /** epoch ms */
  startTime: z.number().int().nullable(),
  endTime: z.number().int().nullable(),
  takeTime: z.number().int().nullable(),
  actTime: z.number().int().nullable(),
  auditTime: z.number().int().nullable(),
  auditUserName: z.string(),
  auditReason: z.string(),
});
export type TaskListRecord = z.infer<typeof taskListRecordSchema>;

// ---- the worker's session

export const workerSessionSchema = z.object({
  token: z.string(),
  tenant: z.object({ id: z.number().int(), tenantName: z.string() }),
  person: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }),
});
export type WorkerSession = z.infer<typeof workerSessionSchema>;

/** POST /api/worker/login: a natural person signs in with phone and password (RSA as the console's). */
export const workerLoginOperation = defineOperation({
  method: 'POST',
  path: '/api/worker/login',
  tag: '服务人员',
  summary: '服务人员登录（手机号+密码，加密同控制台登录，共用登录限流；多平台时 tenantId 选择平台）',
  access: 'public',
  input: loginBodySchema,
  answer: workerSessionSchema,
});

export const workerLogoutOperation = defineOperation({
  method: 'POST',
  path: '/api/worker/logout',
  tag: '服务人员',
  summary: '服务人员退出登录（令牌立即失效）',
  access: 'worker',
  input: noInput,
  answer: z.null(),
});

// ---- the worker's tasks

export const workerOpenTasksOperation = defineOperation({
  method: 'GET',
  path: '/api/worker/task/openList',
  tag: '服务人员',
  summary: '可领取的任务（本平台进行中项目的待领取任务）',
  access: 'worker',
  input: pageQuerySchema.extend({ visitTypeId: z.enum(taskTypeIds).optional() }),
  answer: pageOf(workerTaskSchema),
});

export const workerMyTasksOperation = defineOperation({
  method: 'GET',
  path: '/api/worker/task/myList',
  tag: '服务人员',
  summary: '我的任务（已领取、已提交）',
  access: 'worker',
  input: pageQuerySchema.extend({
    status: z.coerce
      .number()
      .int()
      .refine((code) => codesOf(TASK_STATUS).includes(code), '任务状态不存在')
      .optional(),
  }),
  answer: pageOf(workerTaskSchema),
});

const taskIdInput = z.object({ taskId: recordIdSchema() });

export const workerTakeTaskOperation = defineOperation({
  method: 'POST',
  path: '/api/worker/task/take',
  tag: '服务人员',
  summary: '领取任务（每个任务一人一次；受项目招收人数限制；重复领取答复同一结果）',
  access: 'worker',
  input: taskIdInput,
  answer: workerTaskSchema,
});

export const workerPhotoSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  source: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
});
export type WorkerPhoto = z.infer<typeof workerPhotoSchema>;

/** Photos travel as base64 in JSON: one photo of at most 3 MB per call. */
export const WORKER_PHOTO_BODY_LIMIT = 5 * 1024 * 1024;

export const workerUploadPhotoOperation = defineOperation({
  method: 'POST',
  path: '/api/worker/task/photo',
  tag: '服务人员',
  summary: '上传任务照片（jpeg、jpg、png，3M以内，base64；签到、签退、会议与其他照片）',
  access: 'worker',
  input: z.object({
    taskId: recordIdSchema(),
    kind: z.enum(Object.keys(TASK_PHOTO_KINDS) as [keyof typeof TASK_PHOTO_KINDS]),
    source: z.enum(Object.keys(TASK_PHOTO_SOURCES) as [keyof typeof TASK_PHOTO_SOURCES]).default('camera'),
    fileName: z.string().trim().min(1, TASK_MSG.photoEmpty).max(200),
    /** the image's bytes, base64 */
    content: z.string().max(Math.ceil(WORKER_PHOTO_BODY_LIMIT / 3) * 4),
  }),
  answer: workerPhotoSchema,
});

/** A survey file question's size limit in the app: manager_file_size, at most this (JSON body, base64). */
export const WORKER_SURVEY_FILE_MAX_MB = 10;
export const WORKER_SURVEY_FILE_BODY_LIMIT = 15 * 1024 * 1024;

/**
 * A picture or file for one question of the task's questionnaire: pictures (subject types 4, 17) as
 * the task photos (jpeg, jpg, png, 3M); files (16) as the attachment uploads (jpg, jpeg, png, doc,
 * docx, xls, xlsx, pdf, zip, rar; manager_file_size, at most 10M in the app). Checked by content.
 */
export const workerUploadSurveyFileOperation = defineOperation({
  method: 'POST',
  path: '/api/worker/task/surveyFile',
  tag: '服务人员',
  summary: '上传问卷图片或附件（图片题 4、17：jpeg、jpg、png，3M；附件题 16：常用附件类型，配置大小以内；base64）',
  access: 'worker',
  input: z.object({
    taskId: recordIdSchema(),
    questionId: recordIdSchema(),
    fileName: z.string().trim().min(1, TASK_MSG.photoEmpty).max(200),
    /** the file's bytes, base64 */
    content: z.string().max(Math.ceil(WORKER_SURVEY_FILE_BODY_LIMIT / 3) * 4),
  }),
  answer: workerPhotoSchema,
});

const pointInput = taskIdInput.extend({
  lat: latitude,
  lng: longitude,
  address: z.string().trim().max(200).default(''),
  photoIds: z.array(recordIdSchema()).max(9).default([]),
});

export const workerCheckInOperation = defineOperation({
  method: 'POST',
  path: '/api/worker/task/checkIn',
  tag: '服务人员',
  summary: '签到（GCJ-02坐标与签到照片；时间以服务器为准）',
  access: 'worker',
  input: pointInput,
  answer: workerTaskSchema,
});

export const workerCheckOutOperation = defineOperation({
  method: 'POST',
  path: '/api/worker/task/checkOut',
  tag: '服务人员',
  summary: '签退（GCJ-02坐标与签退照片；时间以服务器为准）',
  access: 'worker',
  input: pointInput,
  answer: workerTaskSchema,
});

export const workerCallRecordOperation = defineOperation({
  method: 'POST',
  path: '/api/worker/task/call',
  tag: '服务人员',
  summary: '记录通话（电话拜访；requestId 相同的重试只记一次）',
  access: 'worker',
  input: taskIdInput.extend({
    requestId: requestIdSchema,
    callType: z.union([z.literal(1), z.literal(2)]).default(1),
    phoneNumber: z
      .string()
      .trim()
      .regex(/^[0-9+-]{3,20}$/, '请输入正确的电话号码'),
    callTime: chinaTime,
    duration: durationSchema,
  }),
  answer: z.object({ id: z.number().int() }),
});

export const workerMaterialOpenOperation = defineOperation({
  method: 'POST',
  path: '/api/worker/task/material',
  tag: '服务人员',
  summary: '记录资料打开（文章阅读等；requestId 相同的重试只记一次）',
  access: 'worker',
  input: taskIdInput.extend({
    requestId: requestIdSchema,
    materialName: z.string().trim().min(1, '请输入资料名称').max(100),
    openTime: chinaTime,
    duration: durationSchema,
  }),
  answer: z.object({ id: z.number().int() }),
});

/** Positions a task keeps (its track between check-in and submission); more are refused. */
export const TASK_POSITIONS_MAX = 200;

export const workerPositionOperation = defineOperation({
  method: 'POST',
  path: '/api/worker/task/position',
  tag: '服务人员',
  summary: `上报位置（任务进行中的轨迹点，GCJ-02；时间以服务器为准；requestId 相同的重试只记一次；每个任务最多${TASK_POSITIONS_MAX}个）`,
  access: 'worker',
  input: taskIdInput.extend({
    requestId: requestIdSchema,
    lat: latitude,
    lng: longitude,
    address: z.string().trim().max(200).default(''),
  }),
  answer: z.object({ id: z.number().int() }),
});

export const surveyAnswerInputSchema = z.object({
  questionId: recordIdSchema(),
  optionIds: z.array(z.number().int().min(0)).max(50).default([]),
  content: z.string().trim().max(2000).default(''),
  /** picture (4, 17) and file (16) questions: the ids workerUploadSurveyFile answered */
  fileIds: z.array(recordIdSchema()).max(9).default([]),
});

export const workerSubmitTaskOperation = defineOperation({
  method: 'POST',
  path: '/api/worker/task/submit',
  tag: '服务人员',
  summary: '提交任务（反馈、照片组、问卷答案；自动审核；同一 requestId 重复提交答复首次结果）',
  access: 'worker',
  input: taskIdInput.extend({
    requestId: requestIdSchema,
    sumUp: z.string().trim().max(1000).default(''),
    content: z.string().trim().max(2000).default(''),
    photoGroups: z
      .array(z.object({ name: z.string().trim().min(1).max(50), photoIds: z.array(recordIdSchema()).min(1).max(20) }))
      .max(10)
      .default([]),
    answers: z.array(surveyAnswerInputSchema).max(200).default([]),
    /** academic meetings: the headcount (xueShu_chengShi, xueShu_tongYong) */
    custNum: z.number({ error: '请输入正确的参会人数' }).int('请输入正确的参会人数').min(0).max(100_000).nullish(),
    /** xueShu_keShi: the attendees (name, department, authenticated, practice certificate number) */
    cusList: z
      .array(
        z.object({
          cusName: z.string().trim().min(1, '请输入参会人姓名').max(64),
          departmentName: z.string().trim().max(64).default(''),
          authStatus: z.union([z.literal(0), z.literal(1)]).default(0),
          certNo: z.string().trim().max(64).default(''),
        }),
      )
      .max(200)
      .default([]),
  }),
  answer: workerTaskSchema,
});

// ---- the console

export const taskListFiltersSchema = z.object({
  projectId: recordIdSchema().optional(),
  visitTypeId: z.enum(taskTypeIds).optional(),
  /** the person (task person) */
  userId: recordIdSchema().optional(),
  auditStatus: z.coerce
    .number()
    .int()
    .refine((code) => codesOf(TASK_AUDIT_STATUS).includes(code), '审核状态不存在')
    .optional(),
  status: z.coerce
    .number()
    .int()
    .refine((code) => codesOf(TASK_STATUS).includes(code), '任务状态不存在')
    .optional(),
  taskSn: z.string().trim().max(32).optional(),
  /** the submit time (actTime), `YYYY-MM-DD HH:mm:ss` China time, inclusive */
  startTime: chinaTime.optional(),
  endTime: chinaTime.optional(),
});
export type TaskListFilters = z.infer<typeof taskListFiltersSchema>;

export const taskListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/task/queryList',
  tag: '任务',
  summary:
    '任务列表（平台端：本平台的任务，运营方全部；企业端：本企业的任务），按项目、服务类型、人员、审核状态、提交时间筛选',
  access: { permission: 'taskManage:list:view' },
  input: pageQuerySchema.extend(taskListFiltersSchema.shape),
  answer: pageOf(taskListRecordSchema),
});

export const TASK_REVIEW_BATCH_MAX = 200;

export const taskAuditOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/task/audit',
  tag: '任务',
  summary: '任务审核（通过2/驳回3，驳回须填原因；可批量，全部成功或全部不变；同一结果重复提交不变）',
  access: { permission: 'taskManage:task:audit' },
  input: z.object({
    ids: z
      .array(recordIdSchema())
      .min(1, '请选择任务')
      .max(TASK_REVIEW_BATCH_MAX, `一次最多审核${TASK_REVIEW_BATCH_MAX}个任务`),
    auditStatus: z.union([z.literal(2), z.literal(3)], { error: '审核结果不正确' }),
    reason: z.string().trim().max(200, '驳回原因不能超过200个字符').default(''),
  }),
  answer: z.object({ updated: z.number().int() }),
});

export const taskPublishOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/task/publish',
  tag: '任务',
  summary: '发布任务（企业端；进行中项目的服务类型；requestId 相同的重复发布答复同一任务）',
  access: { permission: 'taskManage:task:add' },
  input: z.object({
    requestId: requestIdSchema,
    projectId: recordIdSchema(),
    visitTypeId: z.enum(taskTypeIds),
    title: z.string().trim().min(1, TASK_MSG.titleRequired).max(100, TASK_MSG.titleTooLong),
    content: z.string().trim().max(2000).default(''),
    /** the enterprise's customer the task serves (its name, terminal and verification follow it) */
    cusId: recordIdSchema().nullish(),
    cusName: z.string().trim().max(64).default(''),
    department: z.string().trim().max(64).default(''),
    orgName: z.string().trim().max(100).default(''),
    productName: z.string().trim().max(100).default(''),
    province: z.string().trim().max(32).default(''),
    city: z.string().trim().max(32).default(''),
    area: z.string().trim().max(32).default(''),
    address: z.string().trim().max(200).default(''),
    lat: latitude.nullish(),
    lng: longitude.nullish(),
    resourceId: recordIdSchema().nullish(),
    startTime: chinaTime,
    endTime: chinaTime,
    /** the task's reward in yuan (settled later); without it the task is not settleable */
    price: taskPriceSchema,
  }),
  answer: z.object({ id: z.number().int(), taskSn: z.string() }),
});
