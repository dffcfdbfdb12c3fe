/**
 * Enterprise agreements (spec 3 §2 "Enterprise agreement list", "Add-agreement page", "Enterprise
 * signing-records dialog", §3, §4, §5, §7 "Enterprise agreements"; decision 0040): the agreement a
 * platform makes with an enterprise, uploaded signed (offline) or written and e-signed (online).
 */
import { z } from 'zod';
import { pageOf, pageQuerySchema, pageSizeSchema } from '../api/envelope';
import { recordIdSchema } from '../api/ids';
import { defineOperation } from '../api/operation';
import { parseChinaDateTime } from '../china-time';
import { INPUT_MAX_LENGTH, PAGE_SIZE, UPLOAD } from '../limits';
import { MSG } from '../messages';

export const ENTERPRISE_AGREEMENT_MSG = {
  notFound: '协议不存在',
  typeRequired: '请选择签署方式',
  enterpriseRequired: '请输入企业名称',
  tenantRequired: '请选择签署平台',
  nameRequired: '请输入协议名称',
  nameTooLong: `协议名称最多${INPUT_MAX_LENGTH.agreementNameForm}个字符`,
  datesRequired: '请选择协议日期',
  endBeforeStart: '协议结束日期不能早于开始日期',
  signDateRequired: '请选择签订日期',
  signAfterStart: '签订日期应小于等于协议的开始日期',
  filesRequired: '请上传协议文件',
  /** the enterprise page's own upload (spec 3 §5 "Enterprise agreement upload") */
  voucherRequired: '请选择协议',
  tooManyFiles: `最多只能上传${UPLOAD.agreementMaxFiles}个`,
  fileNotDocument: '仅支持word、PDF格式上传',
  contentRequired: '请输入协议内容',
  dateInvalid: '日期格式应为 yyyy-MM-dd',
  filterNameTooLong: MSG.lookupTextTooLong(INPUT_MAX_LENGTH.agreementNameFilter),
  // what each action needs (spec 3 §4 "Enterprise agreement management")
  notWithdrawable: '只有待签署的协议可以撤回',
  notCancellable: '只有签署中的协议可以取消签署',
  notDeletable: '只有草稿状态的线下协议可以删除',
  notEndable: '只有履约中的协议可以终止',
  notSignable: '该协议当前无需您签署',
  notEditable: '只有草稿状态的线下协议或尚未签署的线上协议可以修改',
  lastValid: '当前为企业与平台之间最后一份有效协议，不可终止',
  enterpriseDisabled: '企业已禁用',
  signLinkInvalid: '签署链接已失效，请回到控制台重新获取',
  withdrawConfirm: '确认撤回吗？撤回后企业将无法收到该协议',
  cancelConfirm: '确认取消签署吗？',
  deleteConfirm: '删除后不可恢复，请谨慎操作',
  endConfirm: '强制终止履约中的协议后不可撤销，确认终止吗？',
  signHint: '请在协议中放置一个平台印章和一个企业印章',
  signWindowHint: '已在新窗口打开签署页面，签署完成后列表将自动刷新',
} as const;

/** 0 线下协议 (uploaded signed files), 1 线上协议 (written here and e-signed) */
export const agreementTypeSchema = z.coerce.number().int().min(0, ENTERPRISE_AGREEMENT_MSG.typeRequired).max(1);

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date 'yyyy-MM-dd' (the agreement's dates are days, not instants). */
export const calendarDateSchema = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(CALENDAR_DATE, ENTERPRISE_AGREEMENT_MSG.dateInvalid)
    .refine((text) => !Number.isNaN(parseChinaDateTime(text)), ENTERPRISE_AGREEMENT_MSG.dateInvalid);

/** An uploaded agreement file as the upload answered it (the address names the stored file). */
export const agreementFileSchema = z.object({
  agreementName: z.string().trim().min(1).max(200),
  agreementAddress: z.string().trim().min(1).max(500),
});
export type AgreementFile = z.infer<typeof agreementFileSchema>;

/** 新增协议 (and the same form saving a draft again, with its id). */
export const enterpriseAgreementSaveInputSchema = z
  .object({
    id: recordIdSchema().optional(),
    agreementType: agreementTypeSchema,
    enterpriseId: recordIdSchema(),
    tenantId: recordIdSchema(),
    enterpriseSignTime: calendarDateSchema(ENTERPRISE_AGREEMENT_MSG.signDateRequired),
    startTime: calendarDateSchema(ENTERPRISE_AGREEMENT_MSG.datesRequired),
    endTime: calendarDateSchema(ENTERPRISE_AGREEMENT_MSG.datesRequired),
    /** online only: the offline agreement is named by its first file */
    agreementName: z
      .string()
      .trim()
      .max(INPUT_MAX_LENGTH.agreementNameForm, ENTERPRISE_AGREEMENT_MSG.nameTooLong)
      .optional(),
    /** online only: the agreement's HTML with one platform seal and one enterprise seal */
    content: z.string().max(200_000).optional(),
    /** offline only: the signed agreement's files */
    agreementList: z
      .array(agreementFileSchema)
      .max(UPLOAD.agreementMaxFiles, ENTERPRISE_AGREEMENT_MSG.tooManyFiles)
      .optional(),
  })
  .superRefine((input, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (input.endTime < input.startTime) issue('endTime', ENTERPRISE_AGREEMENT_MSG.endBeforeStart);
    if (input.enterpriseSignTime > input.startTime)
      issue('enterpriseSignTime', ENTERPRISE_AGREEMENT_MSG.signAfterStart);
    if (input.agreementType === 1) {
      if (!input.agreementName) issue('agreementName', ENTERPRISE_AGREEMENT_MSG.nameRequired);
      if (!input.content?.trim()) issue('content', ENTERPRISE_AGREEMENT_MSG.contentRequired);
    } else if (!input.agreementList?.length) {
      issue('agreementList', ENTERPRISE_AGREEMENT_MSG.filesRequired);
    }
  });
export type EnterpriseAgreementSaveInput = z.input<typeof enterpriseAgreementSaveInputSchema>;

/** A row of the agreement list and of the signing records (spec 3 §3 "Enterprise agreement"). */
export const enterpriseAgreementRecordSchema = z.object({
  id: z.number().int(),
  /** 0 offline, 1 online (the signing records' source flag) */
  agreementType: z.number().int(),
  enterpriseId: z.number().int(),
  enterpriseName: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  agreementName: z.string(),
  /** the agreement number (the online agreement's contractSn) */
  orderNo: z.string(),
  enterpriseSignTime: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** ENTERPRISE_AGREEMENT_STATUS: 1 failed … 7 ended */
  signStatus: z.number().int(),
  signLabel: z.string(),
  /** the uploaded files of an offline agreement (names only in lists; addresses come with the file call) */
  agreementList: z.array(z.object({ agreementName: z.string() })),
  createTime: z.number().int(),
});
export type EnterpriseAgreementRecord = z.infer<typeof enterpriseAgreementRecordSchema>;

export const ENTERPRISE_AGREEMENT_ORDER_FIELDS = ['enterpriseSignTime', 'startTime', 'endTime', 'createTime'] as const;

export const enterpriseAgreementListQuerySchema = pageQuerySchema.extend({
  pageSize: pageSizeSchema(PAGE_SIZE.enterpriseAgreements),
  orderField: z.enum(ENTERPRISE_AGREEMENT_ORDER_FIELDS).optional().catch(undefined),
  /** 1 descending (default), 0 ascending */
  orderSort: z.coerce.number().int().min(0).max(1).optional().catch(undefined),
  signStatus: z.coerce.number().int().min(1).max(7).optional(),
  enterpriseId: recordIdSchema().optional(),
  /** the signing platform (the operator's filter; a platform's staff see their own) */
  tenantId: recordIdSchema().optional(),
  agreementName: z
    .string()
    .trim()
    .max(INPUT_MAX_LENGTH.agreementNameFilter, ENTERPRISE_AGREEMENT_MSG.filterNameTooLong)
    .optional(),
});

export const signingRecordsQuerySchema = pageQuerySchema.extend({
  pageSize: pageSizeSchema(PAGE_SIZE.signingRecords),
  signStatus: z.coerce.number().int().min(1).max(7).optional(),
  enterpriseId: recordIdSchema(),
  tenantId: recordIdSchema(),
});

const byIdSchema = z.object({ id: recordIdSchema() });

export const enterpriseAgreementListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/enterpriseAgreement/list',
  tag: '企业协议',
  summary: '企业协议列表（按签订、开始、结束、上传时间排序）',
  access: { permission: 'enterpriseAgreement:list:view' },
  input: enterpriseAgreementListQuerySchema,
  answer: pageOf(enterpriseAgreementRecordSchema),
});

export const signingRecordsOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/enterpriseAgreement/signRecords',
  tag: '企业协议',
  summary: '企业的协议签署记录（每页10条）',
  access: { permission: 'enterpriseAgreement:list:view' },
  input: signingRecordsQuerySchema,
  answer: pageOf(enterpriseAgreementRecordSchema),
});

export const enterpriseAgreementSaveOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/enterpriseAgreement/save',
  tag: '企业协议',
  summary: '新增企业协议：线下上传已签署的文件，或线上起草后电子签署（带 id 时修改草稿）',
  access: { permission: 'enterpriseAgreement:list:add' },
  input: enterpriseAgreementSaveInputSchema,
  answer: z.object({ id: z.number().int(), signStatus: z.number().int() }),
});

export const enterpriseAgreementDetailSchema = enterpriseAgreementRecordSchema.extend({
  /** the online agreement's HTML ('' offline) */
  content: z.string(),
  platformSignedTime: z.number().int().nullable(),
  enterpriseSignedTime: z.number().int().nullable(),
});
export type EnterpriseAgreementDetail = z.infer<typeof enterpriseAgreementDetailSchema>;

export const enterpriseAgreementDetailOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/enterpriseAgreement/detail',
  tag: '企业协议',
  summary: '企业协议详情（线上协议含正文）',
  access: { permission: 'enterpriseAgreement:list:view' },
  input: byIdSchema,
  answer: enterpriseAgreementDetailSchema,
});

/** signType 0: the platform signs right after creating it (the agreement page); 1: from the signing records. */
export const signAddressOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/enterpriseAgreement/signAddress',
  tag: '企业协议',
  summary: '获取线上协议的签署地址（平台在签署中时签署，企业在待签署时签署；30分钟内有效，仅可签署一次）',
  access: { permission: 'enterpriseAgreement:list:sign' },
  input: z.object({ agreementId: recordIdSchema(), signType: z.coerce.number().int().min(0).max(1) }),
  answer: z.object({ signAddress: z.string() }),
});

export const previewAddressOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/enterpriseAgreement/previewAddress',
  tag: '企业协议',
  summary: '线上协议的查看地址（PDF，按协议编号）',
  access: { permission: 'enterpriseAgreement:list:download' },
  input: z.object({ contractSn: z.string().trim().min(1).max(40) }),
  answer: z.object({ address: z.string(), agreementName: z.string() }),
});

export const agreementFilesOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/enterpriseAgreement/files',
  tag: '企业协议',
  summary: '线下协议的文件（名称与地址）',
  access: { permission: 'enterpriseAgreement:list:download' },
  input: byIdSchema,
  answer: z.array(agreementFileSchema),
});

const action = (
  path: string,
  summary: string,
  permission: 'enterpriseAgreement:list:delete' | 'enterpriseAgreement:list:manage',
) =>
  defineOperation({
    method: 'POST',
    path: `/api/sys/enterpriseAgreement/${path}`,
    tag: '企业协议',
    summary,
    access: { permission },
    input: byIdSchema,
    answer: z.null(),
  });

export const deleteAgreementOperation = action('delete', '删除草稿状态的线下协议', 'enterpriseAgreement:list:delete');
export const withdrawAgreementOperation = action('withdraw', '撤回待企业签署的协议', 'enterpriseAgreement:list:manage');
export const cancelSignOperation = action('cancel', '取消签署中的线上协议', 'enterpriseAgreement:list:manage');
export const endAgreementOperation = action(
  'end',
  '强制终止履约中的协议（企业与平台之间最后一份有效协议不可终止：19007）',
  'enterpriseAgreement:list:manage',
);

/** The online agreement's PDF streams a file, registered by hand. */
export const ENTERPRISE_AGREEMENT_PDF_PATH = '/api/sys/enterpriseAgreement/pdf';
export const enterpriseAgreementPdfQuerySchema = z.object({
  id: recordIdSchema(),
  disposition: z.enum(['inline', 'attachment']).optional(),
});
