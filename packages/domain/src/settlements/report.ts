/**
 * The settlement report (结算报告, spec 2 §2.5, §3 "Settlement report overview", §4, §7 "Report
 * calls", "Download report generation", "Regenerate report", "Customer verification check";
 * decision 0026). Every figure is computed from the tasks the settlement settles; the report PDF is
 * made by a job and lands in the download cache on request.
 */
import { z } from 'zod';
import { pageOf, pageQuerySchema, pageSizeSchema } from '../api/envelope';
import { recordIdSchema } from '../api/ids';
import { defineOperation } from '../api/operation';
import { MB } from '../limits';
import { MSG } from '../messages';
import { PARENT_VISIT_TYPE_NAMES, TASK_TYPE_PARENTS, TASK_TYPES, type TaskTypeId } from '../status';

/** Page sizes of the report's lists (spec 2 §9): 30 for products and people, 10 for the task details. */
export const REPORT_PAGE_SIZES = { products: 30, people: 30, tasks: 10 } as const;

/** The questionnaire's visit type (spec 2 §3: visitTypeId 'p-wjdy' = questionnaire). */
export const REPORT_QUESTIONNAIRE_TYPE = 'p-wjdy';

/** Report uploads (spec 2 §5, §9): PDF only; documents up to 5 MB (images, not accepted here, 3 MB). */
export const REPORT_UPLOAD = {
  scene: 'settleReport',
  uploadPath: 'settlementReport',
  documentMaxBytes: 5 * MB,
  imageMaxBytes: 3 * MB,
  maxFiles: 10,
} as const;

/** The report's footer (spec 2 §2.5): product name, tagline, the vendor's support and contact lines. */
export const REPORT_PRODUCT_NAME = '灵活用工结算平台';
export const REPORT_TAGLINE = '随时随地，接单赚钱';
export const REPORT_SUPPORT_LINES = [
  '技术支持：灵活用工结算平台运营中心',
  '联系方式：工作日 9:00-18:00，控制台右上角消息中心在线受理',
] as const;

export const REPORT_MSG = {
  /** spec 2 §7 Regenerate report (the catalogue's reportRegenerating) */
  regenerating: MSG.reportRegenerating,
  notReportable: '结算单已结算且已生成对账单后方可生成报告',
  fileNotYours: '请上传PDF格式的报告文件后再生成',
  fileTooLarge: '请上传小于5M的文件',
  /** the export centre's (spec 2 §8) */
  downloadSubmitted: MSG.exportSubmitted,
} as const;

/** The service type a visit type is shown under (the parent's name, or its own). */
export function reportServiceTypeName(visitTypeId: string): string {
  const parent = TASK_TYPE_PARENTS[visitTypeId as TaskTypeId];
  return parent ? PARENT_VISIT_TYPE_NAMES[parent] : (TASK_TYPES[visitTypeId as TaskTypeId] ?? visitTypeId);
}

/** The report's visit type: the parent code when the type has one ('wjdy' -> 'p-wjdy'). */
export function reportVisitTypeId(visitTypeId: string): string {
  return TASK_TYPE_PARENTS[visitTypeId as TaskTypeId] ?? visitTypeId;
}

const yuan = z.string();
const settlementIdInput = z.object({ settlementId: recordIdSchema() });
const reportPageInput = (pageSize: number) =>
  pageQuerySchema.extend({
    settlementId: recordIdSchema(),
    pageSize: pageSizeSchema(pageSize, 200),
  });

/** A file of the report (spec 2 §3: fileName, fileType, fileAddress, fileSize). */
export const reportFileSchema = z.object({
  fileName: z.string().trim().min(1).max(64),
  fileType: z.string().trim().max(10),
  fileAddress: z.string().trim().min(1).max(200),
  fileSize: z.coerce.number().int().min(0),
});
export type ReportFile = z.infer<typeof reportFileSchema>;

/** spec 2 §3 Task-type breakdown row. */
export const reportTaskTypeRowSchema = z.object({
  visitTypeId: z.string(),
  visitTypeValue: z.string(),
  taskTypeValue: z.string(),
  taskRemark: z.string(),
  taskNum: z.number().int(),
  amount: yuan,
});
export type ReportTaskTypeRow = z.infer<typeof reportTaskTypeRowSchema>;

export const reportProductRowSchema = z.object({
  productName: z.string(),
  productGuige: z.string(),
  productFactory: z.string(),
  productNum: z.number().int(),
  amount: yuan,
});
export type ReportProductRow = z.infer<typeof reportProductRowSchema>;

export const reportPersonRowSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  /** products promoted */
  productNum: z.number().int(),
  /** terminals served */
  orgNum: z.number().int(),
  /** tasks done (推广次数) */
  userNum: z.number().int(),
  amount: yuan,
});
export type ReportPersonRow = z.infer<typeof reportPersonRowSchema>;

export const reportTaskRowSchema = z.object({
  taskId: z.number().int(),
  taskSn: z.string(),
  projectName: z.string(),
  visitType: z.string(),
  userName: z.string(),
  /** masked in the middle */
  userPhone: z.string(),
  /** completion (submission) time, China time */
  endTime: z.string(),
  cusList: z.array(z.object({ cusName: z.string() })),
  /** the customer record of the task's customer at its terminal, when there is one */
  cusId: z.number().int().nullable(),
  /** 1 authenticated */
  cusIsAuth: z.number().int(),
  orgName: z.string(),
  productName: z.string(),
  finishStatus_dictText: z.string(),
  auditStatus_dictText: z.string(),
  price: yuan,
});
export type ReportTaskRow = z.infer<typeof reportTaskRowSchema>;

export const reportOverviewSchema = z.object({
  settlementId: z.number().int(),
  /** the report number (generated once per settlement) */
  settlementSn: z.string(),
  /** the settlement's own number */
  orderSn: z.string(),
  /** the report PDF's file address; empty while it is being made */
  address: z.string(),
  /** 1 generating, 2 generated */
  reportStatus: z.number().int(),
  /** 'p-wjdy' = questionnaire */
  visitTypeId: z.string(),
  visitTypeValue: z.string(),
  enterpriseName: z.string(),
  tenantName: z.string(),
  projectName: z.string(),
  /** the project's status now (PROJECT_STATUS: 0 待审核 … 6 审核中) and its label, spec 2 §9 */
  projectStatus: z.number().int(),
  projectStatusLabel: z.string(),
  /** first and last completion time of the settled tasks, China time */
  startTime: z.string(),
  endTime: z.string(),
  totalTask: z.number().int(),
  totalPersonNum: z.number().int(),
  orgNum: z.number().int(),
  productNum: z.number().int(),
  amount: yuan,
  taskAmount: yuan,
  fee: yuan,
  generateTime: z.string(),
  /** the settlement's attachments */
  fileList: z.array(reportFileSchema),
  /** the report files uploaded for 其他构成 */
  reportFileList: z.array(reportFileSchema),
});
export type ReportOverview = z.infer<typeof reportOverviewSchema>;

export const reportQuestionSchema = z.object({
  questionId: z.number().int(),
  name: z.string(),
  typeName: z.string(),
  type: z.number().int(),
  /** valid answers */
  totalNum: z.number().int(),
  detailVoList: z.array(
    z.object({
      readingKey: z.string(),
      readingValue: z.number().int(),
      /** percent with two decimals, of the valid answers */
      ratio: z.string(),
    }),
  ),
});
export type ReportQuestion = z.infer<typeof reportQuestionSchema>;

export const reportQuestionGroupSchema = z.object({
  contentId: z.number().int(),
  title: z.string(),
  questions: z.array(reportQuestionSchema),
});
export type ReportQuestionGroup = z.infer<typeof reportQuestionGroupSchema>;

const view = { permission: 'settlement:list:view' } as const;

export const reportTaskTypeOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/order/report/taskTypeList',
  tag: '结算报告',
  summary: '结算报告：任务场景明细（按服务类型与子类型）',
  access: view,
  input: settlementIdInput,
  answer: z.array(reportTaskTypeRowSchema),
});

export const reportProductPageOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/order/report/productPage',
  tag: '结算报告',
  summary: '结算报告：推广产品构成（分页，默认每页30条）',
  access: view,
  input: reportPageInput(REPORT_PAGE_SIZES.products),
  answer: pageOf(reportProductRowSchema),
});

export const reportPersonPageOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/order/report/personPage',
  tag: '结算报告',
  summary: '结算报告：推广人员构成（分页，默认每页30条）',
  access: view,
  input: reportPageInput(REPORT_PAGE_SIZES.people),
  answer: pageOf(reportPersonRowSchema),
});

export const reportTaskPageOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/order/report/taskPage',
  tag: '结算报告',
  summary: '结算报告：推广任务明细构成（分页，默认每页10条）',
  access: view,
  input: reportPageInput(REPORT_PAGE_SIZES.tasks),
  answer: pageOf(reportTaskRowSchema),
});

export const reportOverviewOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/order/report/overview',
  tag: '结算报告',
  summary: '结算报告：整体总览（报告编号首次查看时生成，报告PDF由后台任务生成）',
  access: view,
  input: settlementIdInput,
  answer: reportOverviewSchema,
});

export const reportQuestionCountOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/order/report/questionCount',
  tag: '结算报告',
  summary: '结算报告：问卷题目统计（orderId 为结算单ID）',
  access: view,
  input: z.object({ orderId: recordIdSchema() }),
  answer: z.array(reportQuestionGroupSchema),
});

export const reportDownloadOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/order/report/download',
  tag: '结算报告',
  summary: '下载结算报告：生成报告PDF到下载缓存（平台端下载日志，企业端生成缓存）',
  access: view,
  input: settlementIdInput,
  answer: z.object({ cacheId: z.number().int() }),
});

export const reportRegenerateOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/order/report/regenerate',
  tag: '结算报告',
  summary: '重新生成报告单（企业端；保存其他构成的PDF文件后由后台任务重新生成）',
  access: view,
  input: z.object({
    settlementId: recordIdSchema(),
    fileList: z.array(reportFileSchema).max(REPORT_UPLOAD.maxFiles).default([]),
  }),
  answer: z.object({ settlementId: z.number().int(), settlementSn: z.string(), reportStatus: z.number().int() }),
});
