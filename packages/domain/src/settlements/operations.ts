/**
 * The calls of the settlement area (spec 2 §2.1–§2.4, §3, §7; decisions 0019, 0020, 0021): the
 * list and its variants, creation from audited tasks, audit and withdrawal, payment, the
 * per-person records with their payout attempts and re-issue, the timeline. Money travels as
 * yuan text with two decimals; the server computes in fen.
 */
import { z } from 'zod';
import { pageOf, pageQuerySchema, pageSizeSchema } from '../api/envelope';
import { recordIdSchema } from '../api/ids';
import { DEFAULT_BANK_CODE, INPUT_MAX_LENGTH, MAX_RECORD_ID, PAGE_SIZE, UPLOAD } from '../limits';
import { defineOperation } from '../api/operation';
import { consoleDateTimeSchema } from '../exports/schemas';
import { MSG } from '../messages';
import { TASK_TYPES, type TaskTypeId } from '../status';

const taskTypeIds = Object.keys(TASK_TYPES) as [TaskTypeId, ...TaskTypeId[]];
const optionalCode = (codes: readonly number[]) =>
  z.coerce
    .number()
    .int()
    .refine((code) => codes.includes(code), '状态不存在')
    .optional();

/** yuan text with two decimals */
const yuan = z.string();
const epochMs = z.number().int().nullable();

// ---- records

/** A row of the settlement list (spec 2 §3 "Settlement (statement) row"). */
export const settlementRecordSchema = z.object({
  id: z.number().int(),
  settlementSn: z.string(),
  projectId: z.number().int(),
  projectName: z.string(),
  visitTypeId: z.string(),
  visitTypeValue: z.string(),
  enterpriseId: z.number().int(),
  enterpriseName: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  /** what the enterprise pays: the persons' pay plus the service fee */
  amount: yuan,
  /** the service fee inside the amount */
  fee: yuan,
  totalTask: z.number().int(),
  totalPersonNum: z.number().int(),
  /** persons paid out */
  settlementNum: z.number().int(),
  /** persons not yet paid out */
  unSettlementNum: z.number().int(),
  /** what is not yet paid out, yuan */
  unPayAmount: yuan,
  auditStatus: z.number().int(),
  auditStatusLabel: z.string(),
  payStatus: z.number().int(),
  payStatusLabel: z.string(),
  enterprisePayStatus: z.number().int(),
  enterprisePayStatusLabel: z.string(),
  /** 1 an invoice exists for it */
  billStatus: z.number().int(),
  voucherStatus: z.number().int(),
  /** the paying bank's code once paid (CMB, SCP...), else null */
  bankNo: z.string().nullable(),
  bankNo_dictText: z.string(),
  taxModel: z.number().int(),
  /** the bank reference of the enterprise's payment */
  yurref: z.string(),
  /** the stored source flag: 1 made on this console (re-issue and the process view need it) */
  sourceType: z.number().int(),
  createName: z.string(),
  createTime: z.number().int(),
  auditUserName: z.string(),
  auditTime: epochMs,
  enterprisePayTime: epochMs,
  settlementTime: epochMs,
  revokeTime: epochMs,
  remarks: z.string(),
});
export type SettlementRecord = z.infer<typeof settlementRecordSchema>;

/** The detail view adds the pending figures and the attachment count (spec 2 §2.3). */
export const settlementDetailSchema = settlementRecordSchema.extend({
  pendingPersonNum: z.number().int(),
  pendingAmount: yuan,
  pendingTaskNum: z.number().int(),
  /** amount less the fee */
  platformFee: yuan,
  attachmentCount: z.number().int(),
  /** the enterprise's payment as the bank booked it */
  payTime: epochMs,
  /** who paid, masked */
  payPhone: z.string(),
});
export type SettlementDetail = z.infer<typeof settlementDetailSchema>;

/**
 * One person's line of a settlement (spec 2 §3 "Settlement detail line" and "Settlement record").
 * Line pay status (records reading): 0 not paid out yet, 1 success, 2 failure, 3 handled (a failed
 * attempt re-issued), 4 processing. thirdPayStatus: 0 not sent, 1 sent, 2 success, 3 failure,
 * 5 not payable (the line failed when the settlement was made).
 */
export const settlementLineSchema = z.object({
  id: z.number().int(),
  settlementId: z.number().int(),
  settlementSn: z.string(),
  projectId: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  /** masked */
  phone: z.string(),
  idCard: z.string(),
  accountNo: z.string(),
  bankName: z.string(),
  /** the person's gross pay (the tasks' rewards), yuan */
  amount: yuan,
  fee: yuan,
  subOrderNum: z.string(),
  totalTask: z.number().int(),
  /** 1 payable, 0 not (thirdResponseMsg says why) */
  isSuccess: z.number().int(),
  thirdResponseMsg: z.string(),
  thirdPayStatus: z.number().int(),
  payStatus: z.number().int(),
  payStatusLabel: z.string(),
  payTime: epochMs,
  /** 1 when the line has a payout attempt to show in the process dialog */
  payProcessed: z.number().int(),
  remarks: z.string(),
  updateTime: z.number().int(),
  totalTaxAmount: yuan,
  individualIncomeTax: yuan,
  valueAddedTax: yuan,
  surchargeTax: yuan,
  receivedAmount: yuan,
});
export type SettlementLine = z.infer<typeof settlementLineSchema>;

/** One bank instruction of a line (spec 2 §3 "Settlement process entry"). */
export const settlementProcessEntrySchema = z.object({
  id: z.number().int(),
  yurref: z.string(),
  payTime: z.number().int(),
  /** '1' success, '2' failure, otherwise processing */
  payStatus: z.string(),
  payStatusLabel: z.string(),
  bankName: z.string(),
  bankNo: z.string(),
  /** the card, masked */
  accountNo: z.string(),
  msg: z.string(),
});
export type SettlementProcessEntry = z.infer<typeof settlementProcessEntrySchema>;

export const reissueInfoSchema = z.object({
  userName: z.string(),
  bankName: z.string(),
  bankCard: z.string(),
  amount: yuan,
});

export const settlementTimelineEntrySchema = z.object({
  time: z.number().int(),
  title: z.string(),
  operator: z.string(),
  content: z.string(),
});

/** A paid line of a person across settlements (spec 2 §3 "Sub-settlement"). */
export const subSettlementSchema = z.object({
  id: z.number().int(),
  settlementId: z.number().int(),
  subSettlementSn: z.string(),
  enterpriseName: z.string(),
  projectName: z.string(),
  visitTypeValue: z.string(),
  amount: yuan,
  payTime: epochMs,
  payStatus: z.number().int(),
});

// ---- the list

const orderSortSchema = z.coerce.number().int().min(0).max(1).optional().catch(undefined);

export const settlementListFiltersSchema = z.object({
  settlementSn: z.string().trim().max(INPUT_MAX_LENGTH.settlementSn).optional(),
  projectId: recordIdSchema().optional(),
  projectName: z.string().trim().max(INPUT_MAX_LENGTH.projectName).optional(),
  visitTypeId: z.enum(taskTypeIds).optional().catch(undefined),
  payStatus: optionalCode([0, 1, 2, 3]),
  auditStatus: optionalCode([-1, 1, 2, 3]),
  enterprisePayStatus: optionalCode([0, 1, 2]),
  voucherStatus: optionalCode([0, 1, 2]),
  /** apply-time range, China time 'yyyy-MM-dd HH:mm:ss' */
  startTime: consoleDateTimeSchema.optional(),
  endTime: consoleDateTimeSchema.optional(),
  /** the platform's settlement-time range */
  platformStartTime: consoleDateTimeSchema.optional(),
  platformEndTime: consoleDateTimeSchema.optional(),
  enterpriseId: recordIdSchema().optional(),
  tenantId: recordIdSchema(0).optional(),
});
export type SettlementListFilters = z.infer<typeof settlementListFiltersSchema>;

export const SETTLEMENT_ORDER_FIELDS = ['amount', 'createTime', 'auditTime', 'settlementTime'] as const;

export const settlementListQuerySchema = pageQuerySchema.extend({
  ...settlementListFiltersSchema.shape,
  orderField: z.enum(SETTLEMENT_ORDER_FIELDS).optional().catch(undefined),
  /** 1 descending (default), 0 ascending */
  orderSort: orderSortSchema,
});
export type SettlementListQuery = z.input<typeof settlementListQuerySchema>;

export const settlementPageSchema = pageOf(settlementRecordSchema).extend({
  /** the amounts of every row the filters choose, yuan */
  totalAmount: yuan,
});

export const settlementPageOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/order/getSettlementPage',
  tag: '结算',
  summary: '结算单列表（企业端：本企业；平台端：本平台，可按企业；运营方全部），排序 orderField/orderSort，附金额合计',
  access: { permission: 'settlement:list:view' },
  input: settlementListQuerySchema,
  answer: settlementPageSchema,
});

export const applySettlementListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/order/applySettlementList',
  tag: '结算',
  summary: '企业结算列表（企业结算状态、平台结算状态、已结算与未结算人数）',
  access: { permission: 'settlement:list:view' },
  input: pageQuerySchema.extend({
    id: recordIdSchema().optional(),
    enterpriseId: recordIdSchema().optional(),
    settlementSn: z.string().trim().max(INPUT_MAX_LENGTH.settlementSn).optional(),
    projectId: recordIdSchema().optional(),
    payStatus: optionalCode([0, 1, 2, 3]),
  }),
  answer: pageOf(settlementRecordSchema),
});

export const auditSettlementPageOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/order/getAuditSettlementPage',
  tag: '结算',
  summary: '待审核结算单（平台审核队列，最早提交的在前）',
  access: { permission: 'settlement:list:audit' },
  input: pageQuerySchema.extend({
    id: recordIdSchema().optional(),
    enterpriseId: recordIdSchema().optional(),
    settlementSn: z.string().trim().max(INPUT_MAX_LENGTH.settlementSn).optional(),
    projectId: recordIdSchema().optional(),
  }),
  answer: pageOf(settlementRecordSchema),
});

const settlementRef = z
  .object({
    settlementId: recordIdSchema().optional(),
    settlementSn: z.string().trim().max(INPUT_MAX_LENGTH.settlementSn).optional(),
  })
  .refine((input) => input.settlementId !== undefined || Boolean(input.settlementSn), '请选择结算单');

export const settlementDetailOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/order/getSettlementDetail',
  tag: '结算',
  summary: '结算单详情（按 settlementId 或 settlementSn）',
  access: { permission: 'settlement:list:view' },
  input: settlementRef,
  answer: settlementDetailSchema,
});

export const confirmSettlementDetailListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/order/confirmSettlementDetailList',
  tag: '结算',
  summary: '结算费用明细（每人一行：金额、服务费、税费；不可结算的人员附原因）',
  access: { permission: 'settlement:list:view' },
  input: z.object({ settlementId: recordIdSchema() }),
  answer: z.array(settlementLineSchema),
});

// ---- creation

/** What would be settled now for one project and service type (the create page's preview). */
export const settleableSummarySchema = z.object({
  projectId: z.number().int(),
  visitTypeId: z.string(),
  taskNum: z.number().int(),
  personNum: z.number().int(),
  /** the tasks' rewards, yuan */
  payAmount: yuan,
});

export const settleableTasksOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/order/getSettleableSummary',
  tag: '结算',
  summary: '可结算任务汇总（审核通过、未结算、有报酬的任务；按项目与服务类型）',
  access: { permission: 'settlement:list:create' },
  input: z.object({ projectId: recordIdSchema(), visitTypeId: z.enum(taskTypeIds, { error: '请选择服务类型' }) }),
  answer: settleableSummarySchema,
});

export const createSettlementOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/order/createSettlementListV2',
  tag: '结算',
  summary:
    '生成结算单（企业端：一个项目一个服务类型的全部审核通过且未结算的任务，每人一行；同一任务只结算一次；requestId 相同的重复提交答复同一结算单）',
  access: { permission: 'settlement:list:create' },
  input: z.object({
    requestId: z.uuid('请求编号格式不正确'),
    projectId: z.coerce
      .number({ error: MSG.chooseProjectFirst })
      .int()
      .min(1, MSG.chooseProjectFirst)
      .max(MAX_RECORD_ID),
    visitTypeId: z.enum(taskTypeIds, { error: '请选择服务类型' }),
    remarks: z.string().trim().max(200, '备注不能超过200个字符').default(''),
    /** the addresses of files uploaded on the page (uploadPath orderGenerate): the settlement's attachments */
    attachments: z.array(z.string().trim().min(1).max(200)).max(UPLOAD.maxFiles).default([]),
  }),
  answer: z.object({ id: z.number().int(), settlementSn: z.string(), amount: yuan, failedPersonNum: z.number().int() }),
});

// ---- audit, withdraw, pay

export const auditSettlementOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/order/auditSettlement',
  tag: '结算',
  summary:
    '结算单审核（平台：通过2/驳回3，需结算审核权限）与撤回（-1，需 settlement:list:withdraw；报告未生成，且待审核或审核通过未付款）',
  access: 'session',
  input: z.object({
    settlementId: recordIdSchema(),
    auditStatus: z.union([z.literal(2), z.literal(3), z.literal(-1)], { error: '审核结果不正确' }),
    remarks: z.string().trim().max(200, '备注不能超过200个字符').default(''),
  }),
  answer: settlementRecordSchema,
});

const bankCode = z.string().trim().min(1, MSG.payBankRequired).max(16);

export const confirmSettlementOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/order/confirmSettlement',
  tag: '结算',
  summary:
    '结算付款（企业端：付款银行、交易密码 RSA 加密、短信验证码；恰好一次：重复或并发的请求答复第一次的结果或被拒绝）',
  access: { permission: 'settlement:list:pay' },
  input: z.object({
    id: recordIdSchema(),
    bankNo: bankCode,
    /** RSA-OAEP-SHA256 under a single-use getKey key, base64 */
    password: z.string().min(1, MSG.transactionPasswordRequired).max(1024),
    keyId: z.string().min(1).max(64),
    phone: z
      .string()
      .trim()
      .regex(/^1\d{10}$/, '请输入正确的手机号'),
    phoneCode: z
      .string()
      .trim()
      .min(1, MSG.smsCodeRequired)
      .regex(/^\d{6}$/, MSG.smsCodeInvalid),
    type: z.literal(1).default(1),
    /** omitted for CMB and SCP */
    platformId: recordIdSchema().optional(),
  }),
  answer: z.object({ settlementId: z.number().int(), yurref: z.string(), amount: yuan, repeated: z.boolean() }),
});

// ---- records, process, re-issue, timeline

export const settlementRecordsOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/order/getSettlementRecordPage',
  tag: '结算',
  summary: '结算明细（每人一行，按结算单、人员、姓名、结算状态与付款银行筛选；默认每页10条）',
  access: { permission: 'settlement:list:view' },
  input: pageQuerySchema.extend({
    // spec 2 §7: 10 a page unless asked
    pageSize: pageSizeSchema(PAGE_SIZE.settlementRecords),
    settlementId: recordIdSchema().optional(),
    settlementSn: z.string().trim().max(INPUT_MAX_LENGTH.settlementSn).optional(),
    userId: recordIdSchema().optional(),
    userName: z.string().trim().max(32).optional(),
    payStatus: optionalCode([0, 1, 2, 3, 4]),
    /** the settlement's paying bank (CMB, SCP, …) */
    bankNo: z.string().trim().max(16).optional(),
  }),
  answer: pageOf(settlementLineSchema),
});

export const settlementProcessOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/order/getSettlementProcess',
  tag: '结算',
  summary: '结算过程（一行经该银行的每一次发放：时间、状态、账户、失败原因）',
  access: { permission: 'settlement:list:view' },
  // the bank the instructions went through (the settlement's paying bank); CMB when not named
  input: z.object({
    settlementDetailId: recordIdSchema(),
    bankNo: z.string().trim().max(16).default(DEFAULT_BANK_CODE),
  }),
  answer: z.array(settlementProcessEntrySchema),
});

export const reissueInfoOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/order/getReissueInfo',
  tag: '结算',
  summary: '重新发放信息（收款人、银行、卡号、金额）',
  access: { permission: 'settlement:record:reissue' },
  input: z.object({ settlementDetailId: recordIdSchema() }),
  answer: reissueInfoSchema,
});

export const reissueOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/order/reissue',
  tag: '结算',
  summary: '重新发放（上一次发放已失败时发出新的银行指令；重复请求不会发放两次）',
  access: { permission: 'settlement:record:reissue' },
  input: z.object({ id: recordIdSchema() }),
  answer: settlementLineSchema,
});

export const settlementTimelineOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/order/getSettlementTimeline',
  tag: '结算',
  summary: '结算单时间线（申请、审核、付款、发放、撤回）',
  access: { permission: 'settlement:list:view' },
  input: z.object({ settlementId: recordIdSchema() }),
  answer: z.array(settlementTimelineEntrySchema),
});

export const personSettlementPageOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/order/getPersonSettlementPage',
  tag: '结算',
  summary: '个人结算列表（一个自然人已发放的结算）',
  access: { permission: 'settlement:list:view' },
  input: pageQuerySchema.extend({ userId: recordIdSchema(), isPay: z.coerce.number().int().min(0).max(1).default(1) }),
  answer: pageOf(subSettlementSchema),
});

export const taxLimitProgressOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/tax/taxLimitEnterpriseProgress',
  tag: '结算',
  summary: '本月个人结算额度进度（按企业；每人已结算与月度上限）',
  access: { permission: 'settlement:list:view' },
  input: z.object({ enterpriseId: recordIdSchema().optional(), projectId: recordIdSchema().optional() }),
  answer: z.object({
    month: z.string(),
    records: z.array(
      z.object({ userId: z.number().int(), userName: z.string(), used: yuan, limit: yuan, percent: z.number() }),
    ),
  }),
});

// ---- what the settlement screens look up (spec 2 §4 "Sessions and time limits", §7)

/**
 * GET getMaxSelectTime: the latest moment the enterprise can have settlement data, which caps the
 * enterprise side's date pickers (source type 2): the server's clock in China time, so a browser
 * whose clock or zone is off offers no day that has not come yet (decision 0025, amendment).
 */
export const maxSelectTimeOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/order/getMaxSelectTime',
  tag: '结算',
  summary: '企业的最大可选时间（企业端日期选择的上限：服务器当前时间，中国时间 yyyy-MM-dd HH:mm:ss）',
  access: { permission: 'settlement:list:view' },
  input: z.object({ enterpriseId: recordIdSchema().optional() }),
  answer: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
});

/** The enterprise a settlement screen is about (spec 2 §7 enterprise lookup); the phone masked. */
export const enterpriseBriefSchema = z.object({
  id: z.number().int(),
  enterpriseName: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  /** masked in the middle */
  contactPhone: z.string(),
});
export type EnterpriseBrief = z.infer<typeof enterpriseBriefSchema>;

export const enterpriseBriefOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/enterprise/getEnterprise',
  tag: '结算',
  summary: '企业概要（结算单列表嵌入一家企业时的抬头：企业名称、所属平台、联系电话）',
  access: { permission: 'settlement:list:view' },
  input: z.object({ enterpriseId: recordIdSchema(), tenantId: recordIdSchema(0).optional() }),
  answer: enterpriseBriefSchema,
});

/**
 * A parent service type of a project with the project's service types under it (spec 2 §7
 * getParentProjectTypes). A type that stands on its own (采购服务, 电话拜访…) is its own parent.
 */
export const parentProjectTypeSchema = z.object({
  /** the parent's code ('p-wjdy'), or the type's own code when it has no parent */
  value: z.string(),
  label: z.string(),
  children: z.array(z.object({ value: z.enum(taskTypeIds), label: z.string() })),
});
export type ParentProjectType = z.infer<typeof parentProjectTypeSchema>;

export const parentProjectTypesOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/order/getParentProjectTypes',
  tag: '结算',
  summary: '项目的服务类型（按父级服务类型分组；生成结算单与结算单列表的服务类型选项）',
  access: { permission: 'settlement:list:view' },
  input: z.object({ projectId: recordIdSchema() }),
  answer: z.array(parentProjectTypeSchema),
});
