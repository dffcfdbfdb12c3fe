/**
 * The task detail screen's calls (spec 1 §2 "Task detail", decision 0022): the detail itself, the
 * 730-wide list dialog's material openings and call records, reverse geocoding of a map click, the
 * survey submission detail, and the addresses of the task photo and attachment zip streams.
 */
import { z } from 'zod';
import { pageOf, pageQuerySchema, pageSizeSchema } from '../api/envelope';
import { recordIdSchema } from '../api/ids';
import { defineOperation } from '../api/operation';
import { PAGE_SIZE } from '../limits';

/** A photo of the task with a signed link (an <img> opens it without the session header). */
export const taskPhotoSchema = z.object({
  id: z.number().int(),
  /** TASK_PHOTO_KINDS */
  kind: z.string(),
  /** camera or album */
  source: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  url: z.string(),
  createTime: z.number().int(),
});
export type TaskPhoto = z.infer<typeof taskPhotoSchema>;

/** A check-in (start record of cgfw) or check-out (end record): point, time, distance to the planned point. */
export const taskSignPointSchema = z.object({
  /** 1 check-in (procurement feedbackType 0, start record), 2 check-out (feedbackType 1, end record) */
  kind: z.number().int(),
  feedbackType: z.number().int(),
  lat: z.number(),
  lon: z.number(),
  address: z.string(),
  /** metres to the planned point; null when the task has none */
  distance: z.number().int().nullable(),
  signedAt: z.number().int(),
  photos: z.array(taskPhotoSchema),
});
export type TaskSignPoint = z.infer<typeof taskSignPointSchema>;

/** A position the worker reported while doing the task (spec 1 §3 positionRecords): the track's points. */
export const taskPositionSchema = z.object({
  lat: z.number(),
  lon: z.number(),
  address: z.string(),
  /** metres to the planned point; null when the task has none */
  distance: z.number().int().nullable(),
  reportedAt: z.number().int(),
});
export type TaskPosition = z.infer<typeof taskPositionSchema>;

/** A meeting attendee (xueShu_keShi): spec 1 §3 cusList. */
export const taskAttendeeSchema = z.object({
  cusName: z.string(),
  departmentName: z.string(),
  /** 1 authenticated */
  authStatus: z.number().int(),
  certNo: z.string(),
});
export type TaskAttendee = z.infer<typeof taskAttendeeSchema>;

export const taskPhotoGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  photos: z.array(taskPhotoSchema),
});
export type TaskPhotoGroup = z.infer<typeof taskPhotoGroupSchema>;

/** Everything the task detail screen shows (spec 1 §3 task fields). Times are epoch ms. */
export const taskDetailSchema = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  taskSn: z.string(),
  title: z.string(),
  content: z.string(),
  projectId: z.number().int(),
  projectName: z.string(),
  tenantName: z.string(),
  enterpriseName: z.string(),
  visitTypeId: z.string(),
  visitType: z.string(),
  parentVisitType: z.string(),
  /** the article or questionnaire (content library) */
  resourceId: z.number().int().nullable(),
  resourceTitle: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string(),
  /** masked */
  userPhone: z.string(),
  /** the customer the task serves (the verification dialog opens it), null when published without one */
  cusId: z.number().int().nullable(),
  cusName: z.string(),
  cusIsAuth: z.number().int(),
  department: z.string(),
  orgName: z.string(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  address: z.string(),
  productName: z.string(),
  /** opened materials (ppxc and the rest) and call records (dhbf): the 730-wide list dialog's totals */
  fileNumber: z.number().int(),
  callsNumber: z.number().int(),
  startTime: z.number().int(),
  endTime: z.number().int(),
  takeTime: z.number().int().nullable(),
  /** submitted at */
  actTime: z.number().int().nullable(),
  /** minutes between check-in and check-out, null without both */
  duration: z.number().int().nullable(),
  status: z.number().int(),
  auditStatus: z.number().int(),
  auditUserName: z.string(),
  auditTime: z.number().int().nullable(),
  auditReason: z.string(),
  /** the AI audit rejection reasons, one per line; empty when auditStatus is 2 or 4 (spec 1 §4) */
  remarks: z.string(),
  /** planned point, GCJ-02 */
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  signIn: taskSignPointSchema.nullable(),
  signOut: taskSignPointSchema.nullable(),
  signInAddress: z.string(),
  signOutAddress: z.string(),
  /** the positions reported between taking and submitting, oldest first */
  positionRecords: z.array(taskPositionSchema),
  sumUp: z.string(),
  feedback: z.string(),
  photoGroups: z.array(taskPhotoGroupSchema),
  /** photos of no check-in, check-out or group (uploaded, not used) */
  otherPhotos: z.array(taskPhotoSchema),
  /** meetings: headcount (custNum) and, for xueShu_keShi, the attendee table */
  custNum: z.number().int().nullable(),
  cusList: z.array(taskAttendeeSchema),
  /** the survey's answers exist (opens the submission detail dialog) */
  surveyAnswered: z.boolean(),
  /** the map's tile address template ({z}/{x}/{y}); empty: no tile server, points on a plain background */
  mapTileUrl: z.string(),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

const taskIdQuery = z.object({ id: recordIdSchema() });

export const taskDetailOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/task/queryById',
  tag: '任务',
  summary: '任务详情（人员、客户、终端、地区、产品、内容、任务信息、计划与签到签退点、反馈、照片、AI审核驳回原因）',
  access: { permission: 'taskManage:list:view' },
  input: taskIdQuery,
  answer: taskDetailSchema,
});

/** The list dialog's pages: 10 a page (spec 1 §9 list dialogs). */
const recordPageQuery = pageQuerySchema.extend({
  taskId: recordIdSchema(),
  pageSize: pageSizeSchema(PAGE_SIZE.listDialog, 200),
});

export const taskMaterialRecordSchema = z.object({
  id: z.number().int(),
  materialName: z.string(),
  productNames: z.string(),
  openTime: z.number().int(),
  /** seconds */
  duration: z.number().int(),
});
export type TaskMaterialRecord = z.infer<typeof taskMaterialRecordSchema>;

export const taskCallRecordSchema = z.object({
  id: z.number().int(),
  /** 1 outgoing, 2 incoming (TASK_CALL_TYPES) */
  callType: z.number().int(),
  phoneNumber: z.string(),
  callTime: z.number().int(),
  /** seconds */
  duration: z.number().int(),
});
export type TaskCallRecord = z.infer<typeof taskCallRecordSchema>;

export const taskMaterialRecordsOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/task/materialRecords',
  tag: '任务',
  summary: '资料打开记录（任务详情的列表弹窗，每页10条）',
  access: { permission: 'taskManage:list:view' },
  input: recordPageQuery,
  answer: pageOf(taskMaterialRecordSchema),
});

/** 阅读记录 of a person's task (spec 3 §2 "Natural-person detail", §3 "Reading record", §7): its material openings. */
export const taskReadingRecordSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** seconds; shown HH:mm:ss (00:00:00 when none) */
  duration: z.number().int(),
  openTime: z.number().int(),
  taskId: z.number().int(),
  userId: z.number().int(),
});
export type TaskReadingRecord = z.infer<typeof taskReadingRecordSchema>;

export const taskReadingRecordsOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/task/readingRecords',
  tag: '任务',
  summary: '自然人任务的阅读记录（标题、阅读时长；userId 须为该任务的执行人，每页10条）',
  access: { permission: 'taskManage:list:view' },
  input: recordPageQuery.extend({ userId: recordIdSchema() }),
  answer: pageOf(taskReadingRecordSchema),
});

export const taskCallRecordsOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/task/callRecords',
  tag: '任务',
  summary: '通话记录（任务详情的列表弹窗，每页10条）',
  access: { permission: 'taskManage:list:view' },
  input: recordPageQuery,
  answer: pageOf(taskCallRecordSchema),
});

export const reverseGeocodeAnswerSchema = z.object({
  address: z.string(),
  /** offline: named from the packaged GB/T 2260 division data; provider: the geocoder's answer */
  source: z.enum(['offline', 'provider']),
});
export type ReverseGeocodeAnswer = z.infer<typeof reverseGeocodeAnswerSchema>;

export const taskReverseGeocodeOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/task/reverseGeocode',
  tag: '任务',
  summary: '逆地理编码（地图点击处的地址；GCJ-02；离线时按行政区划数据给出区县）',
  access: { permission: 'taskManage:list:view' },
  input: z.object({
    taskId: recordIdSchema(),
    lat: z.coerce.number().min(-90, '坐标超出范围，请重新定位').max(90, '坐标超出范围，请重新定位'),
    lng: z.coerce.number().min(-180, '坐标超出范围，请重新定位').max(180, '坐标超出范围，请重新定位'),
  }),
  answer: reverseGeocodeAnswerSchema,
});

export const surveyOptionSchema = z.object({
  id: z.number().int(),
  optionNo: z.string(),
  optionContent: z.string(),
  isSelected: z.boolean(),
  address: z.string(),
  /** 1 plain, 2 with a short answer */
  type: z.number().int(),
  /** the respondent's short answer to this option */
  content: z.string(),
});

export const surveyQuestionSchema = z.object({
  id: z.number().int(),
  subjectType: z.number().int(),
  subjectName: z.string(),
  subjectContent: z.string(),
  /** the respondent's text (fill-blank, long text, rating as a number of stars) */
  content: z.string(),
  optionList: z.array(surveyOptionSchema),
  /** pictures and files of answers of types 4, 17 and 16 */
  picList: z.array(z.object({ address: z.string(), fileName: z.string() })),
});
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;

export const surveyDetailSchema = z.object({
  record: z.object({
    title: z.string(),
    userName: z.string(),
    /** the respondent's phone, only for a session whose phone verification is 1; else empty */
    userPhone: z.string(),
    /** the session's phone verification (1: verified) */
    phoneVerify: z.number().int(),
    actTime: z.number().int().nullable(),
  }),
  questions: z.array(surveyQuestionSchema),
});
export type SurveyDetail = z.infer<typeof surveyDetailSchema>;

export const taskSurveyDetailOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/task/surveyDetail',
  tag: '任务',
  summary: '问卷提交详情（题目与作答；会话手机号已验证时显示答题人手机号）',
  access: { permission: 'taskManage:list:view' },
  input: taskIdQuery,
  answer: surveyDetailSchema,
});

/** Hand-registered streams (server http/operation.ts HAND_REGISTERED_ROUTES). */
export const TASK_PHOTO_ROUTE_PREFIX = '/api/sys/task/photo';
export const TASK_ATTACHMENT_ZIP_PATH = '/api/sys/task/attachmentZip';

/** The messages of the detail screen. */
export const TASK_DETAIL_MSG = {
  /** spec 1 §8 "no attachments" */
  noAttachments: '暂无附件数据',
  /** the meeting layout's download cell without photos */
  noData: '无数据',
  placeUnknown: '未能识别该位置所在区县',
} as const;

/** Seconds as HH:mm:ss (reading and call durations; 0 reads 00:00:00). */
export function formatSeconds(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(whole / 3600))}:${two(Math.floor((whole % 3600) / 60))}:${two(whole % 60)}`;
}
