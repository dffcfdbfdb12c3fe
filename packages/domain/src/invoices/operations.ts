/**
 * The calls of the invoices area (spec 2 §2.6, §3 "Invoice", §7; spec 3 §2 invoice info, §5;
 * decision 0031), declared once: the server registers them, the web calls them. Money travels as
 * yuan text with two decimals.
 */
import { z } from 'zod';
import { pageOf, pageQuerySchema, pageSizeSchema } from '../api/envelope';
import { recordIdSchema } from '../api/ids';
import { defineOperation } from '../api/operation';
import { defineExportOperation } from '../exports/operations';
import { consoleDateTimeSchema } from '../exports/schemas';
import { INPUT_MAX_LENGTH, PAGE_SIZE, UPLOAD } from '../limits';
import { MSG } from '../messages';
import {
  bankCardSchema,
  chineseTextSchema,
  emailSchema,
  expressNumbersSchema,
  isInvoiceNumber,
  isLandline,
  isMobile,
} from '../validators';
import { INVOICE_CATEGORIES, INVOICE_MSG, INVOICE_SETTLEMENTS_MAX } from './statuses';

const yuan = z.string();
const epochMs = z.number().int().nullable();

// ---- records

/** A row of the invoice list (spec 2 §2.6 columns). */
export const invoiceRecordSchema = z.object({
  id: z.number().int(),
  invoiceSn: z.string(),
  /** the invoice header: the enterprise's name */
  invoiceName: z.string(),
  invoicePrice: yuan,
  enterpriseId: z.number().int(),
  enterpriseName: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  invoiceType: z.number().int(),
  invoiceSendingType: z.number().int(),
  invoiceSendStatus: z.number().int(),
  invoiceSendStatus_dictText: z.string(),
  invoiceRecipientStatus: z.number().int(),
  invoiceRecipientStatus_dictText: z.string(),
  /** application time */
  createTime: z.number().int(),
  createName: z.string(),
  /** issue time */
  invoiceTime: epochMs,
  /** the invoice numbers joined with a full-width comma */
  invoiceNum: z.string(),
  settlementNum: z.number().int(),
});
export type InvoiceRecord = z.infer<typeof invoiceRecordSchema>;

/** An invoice file (spec 2 §3 picAddress: name, address). */
export const invoiceFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  fileType: z.string(),
});
export type InvoiceFile = z.infer<typeof invoiceFileSchema>;

/** One line of the detail's operation record. */
export const invoiceEventSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  content: z.string(),
  userName: z.string(),
  createTime: z.number().int(),
});

/** The invoice detail page (spec 2 §3 "Invoice"): status, invoice info, mailing info, operation record. */
export const invoiceDetailSchema = invoiceRecordSchema.extend({
  taxpayerNumber: z.string(),
  mobile: z.string(),
  enterpriseAddress: z.string(),
  bankName: z.string(),
  bankCard: z.string(),
  invoiceCategory: z.string(),
  recipient: z.string(),
  recipientPhone: z.string(),
  recipientAddress: z.string(),
  recipientEmail: z.string(),
  remarks: z.string(),
  invoiceUserName: z.string(),
  receiveTime: epochMs,
  receiveUserName: z.string(),
  /** type 1 invoice numbers, type 2 express numbers */
  bizSn: z.array(z.object({ type: z.number().int(), bizSn: z.string() })),
  expressNum: z.string(),
  picAddress: z.array(invoiceFileSchema),
  records: z.array(invoiceEventSchema),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

/** A settlement on an invoice, or one the enterprise may apply for. */
export const invoiceSettlementSchema = z.object({
  id: z.number().int(),
  settlementSn: z.string(),
  projectId: z.number().int(),
  projectName: z.string(),
  visitTypeValue: z.string(),
  amount: yuan,
  createTime: z.number().int(),
  settlementTime: epochMs,
});
export type InvoiceSettlement = z.infer<typeof invoiceSettlementSchema>;

/** An enterprise's invoice info (spec 2 §3 "Invoice info"; spec 3 §2 编辑开票信息). */
export const invoiceInfoSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  taxNumber: z.string(),
  companyAddress: z.string(),
  companyPhone: z.string(),
  bankDeposit: z.string(),
  bankAccount: z.string(),
  /** who saved it last and when; empty and null before the first save */
  createName: z.string(),
  createTime: epochMs,
});
export type InvoiceInfo = z.infer<typeof invoiceInfoSchema>;

// ---- inputs

const orderSortSchema = z.coerce.number().int().min(0).max(1).optional().catch(undefined);
export const INVOICE_ORDER_FIELDS = ['createTime', 'invoiceTime', 'invoicePrice'] as const;

export const invoiceListFiltersSchema = z.object({
  /** an invoice number, or part of one */
  number: z.string().trim().max(INPUT_MAX_LENGTH.invoiceNumber).optional(),
  /** application-time range, China time 'yyyy-MM-dd HH:mm:ss' */
  startTime: consoleDateTimeSchema.optional(),
  endTime: consoleDateTimeSchema.optional(),
  /** invoices holding a settlement of this project (the project summary's drill-down) */
  projectId: recordIdSchema().optional(),
  enterpriseId: recordIdSchema().optional(),
  invoiceRecipientStatus: z.coerce.number().int().min(0).max(2).optional().catch(undefined),
  /** narrows the platform operator's view to one tenant */
  tenantId: recordIdSchema(0).optional(),
});
export type InvoiceListFilters = z.infer<typeof invoiceListFiltersSchema>;

export const invoiceListQuerySchema = pageQuerySchema.extend({
  ...invoiceListFiltersSchema.shape,
  pageSize: pageSizeSchema(PAGE_SIZE.invoiceList),
  orderField: z.enum(INVOICE_ORDER_FIELDS).optional().catch(undefined),
  /** 1 descending (default), 0 ascending */
  orderSort: orderSortSchema,
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;

const required = (message: string, max: number) => z.string().trim().min(1, message).max(max, message);

/** 公司电话: a landline or a mobile number, at most 13 characters (spec 3 §5). */
export const companyPhoneSchema = z
  .string()
  .trim()
  .min(1, MSG.companyPhoneRequired)
  .max(INPUT_MAX_LENGTH.companyPhone, MSG.landlineInvalid)
  .refine((value) => isLandline(value) || isMobile(value), MSG.landlineInvalid);

/** 编辑开票信息 (spec 3 §5 "Enterprise invoice info edit"). */
export const invoiceInfoBodySchema = z.object({
  /** the enterprise; the enterprise side may leave it out (its own) */
  companyId: recordIdSchema().optional(),
  companyAddress: required(MSG.companyAddressRequired, INPUT_MAX_LENGTH.companyAddress),
  companyPhone: companyPhoneSchema,
  bankDeposit: required(MSG.bankDepositRequired, INPUT_MAX_LENGTH.bankDeposit).pipe(chineseTextSchema),
  bankAccount: z
    .string()
    .trim()
    .min(1, MSG.bankAccountRequired)
    .max(INPUT_MAX_LENGTH.bankAccountInput, MSG.bankCardInvalid)
    .pipe(bankCardSchema),
});
export type InvoiceInfoBody = z.infer<typeof invoiceInfoBodySchema>;

/** 申请开票: the settlements, the kind of invoice and where it goes. */
export const invoiceApplyBodySchema = z
  .object({
    settlementIds: z
      .array(recordIdSchema())
      .min(1, INVOICE_MSG.settlementsRequired)
      .max(INVOICE_SETTLEMENTS_MAX, INVOICE_MSG.settlementsTooMany),
    invoiceType: z.union([z.literal(1), z.literal(2)], { error: INVOICE_MSG.invoiceTypeRequired }),
    invoiceCategory: z.enum(INVOICE_CATEGORIES, { error: INVOICE_MSG.invoiceCategoryRequired }),
    invoiceSendingType: z.union([z.literal(1), z.literal(2)], { error: INVOICE_MSG.sendingTypeRequired }),
    recipient: z.string().trim().max(20).default(''),
    recipientPhone: z.string().trim().max(11).default(''),
    recipientAddress: z.string().trim().max(100).default(''),
    recipientEmail: z.string().trim().max(40).default(''),
    remarks: z.string().trim().max(200).default(''),
  })
  .superRefine((body, context) => {
    const need = (ok: boolean, path: string, message: string) => {
      if (!ok) context.addIssue({ code: 'custom', path: [path], message });
    };
    if (body.invoiceSendingType === 1) {
      need(body.recipient !== '', 'recipient', INVOICE_MSG.recipientRequired);
      need(body.recipientPhone !== '', 'recipientPhone', INVOICE_MSG.recipientPhoneRequired);
      if (body.recipientPhone !== '') need(isMobile(body.recipientPhone), 'recipientPhone', MSG.mobileInvalid);
      need(body.recipientAddress !== '', 'recipientAddress', INVOICE_MSG.recipientAddressRequired);
    } else {
      need(body.recipientEmail !== '', 'recipientEmail', INVOICE_MSG.recipientEmailRequired);
      if (body.recipientEmail !== '')
        need(emailSchema.safeParse(body.recipientEmail).success, 'recipientEmail', MSG.emailInvalid);
    }
  });
export type InvoiceApplyBody = z.input<typeof invoiceApplyBodySchema>;

/**
 * 状态更新 / 编辑状态信息 (spec 2 §7; spec 3 §5 "Invoice status update"). The count of invoice
 * numbers is limited by the configuration value invoice.number, which the server applies.
 */
export const invoiceStatusBodySchema = z.object({
  invoiceId: recordIdSchema(),
  invoiceTime: consoleDateTimeSchema,
  bizSnJson: z
    .array(z.string().trim().min(1, MSG.invoiceNumberRequired).refine(isInvoiceNumber, MSG.invoiceNumberInvalid))
    .min(1, INVOICE_MSG.invoiceNumbersRequired),
  expressJson: z.array(z.string().trim()).pipe(expressNumbersSchema).default([]),
  /** the addresses of the invoice files uploaded for this invoice */
  picListJson: z.array(z.string().trim().min(1).max(200)).max(UPLOAD.invoiceFilesMax).default([]),
});
export type InvoiceStatusBody = z.input<typeof invoiceStatusBodySchema>;

// ---- the calls

export const invoiceListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/invoice/list',
  tag: '发票',
  summary: '发票列表（企业端：本企业；平台端：本平台；运营方全部），按发票号码、申请时间、项目',
  access: { permission: 'invoice:list:view' },
  input: invoiceListQuerySchema,
  answer: pageOf(invoiceRecordSchema),
});

/** The invoices of one company (spec 2 §2.6 "Invoice company info and a paged list by companyId"). */
export const invoiceCompanyListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/invoice/plist',
  tag: '发票',
  summary: '企业的发票（企业端：本企业；平台端：companyId 指定本平台的企业），新的在前',
  access: { permission: 'invoice:list:view' },
  input: pageQuerySchema.extend({
    companyId: recordIdSchema().optional(),
    pageSize: pageSizeSchema(PAGE_SIZE.invoiceCompanyList),
  }),
  answer: pageOf(invoiceRecordSchema),
});

export const invoiceDetailOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/invoice/queryById',
  tag: '发票',
  summary: '发票详情（状态、发票信息、邮寄信息、发票文件、操作记录）',
  access: { permission: 'invoice:list:view' },
  input: z.object({ id: recordIdSchema() }),
  answer: invoiceDetailSchema,
});

export const invoiceSettlementsOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/invoice/settlementList',
  tag: '发票',
  summary: '发票关联的结算单（分页）',
  access: { permission: 'invoice:list:view' },
  input: pageQuerySchema.extend({ id: recordIdSchema(), pageSize: pageSizeSchema(PAGE_SIZE.invoiceList) }),
  answer: pageOf(invoiceSettlementSchema),
});

export const invoiceableSettlementsOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/invoice/invoiceableSettlements',
  tag: '发票',
  summary: '可申请开票的结算单（本企业已结算、未开票）',
  access: { permission: 'invoice:list:apply' },
  input: pageQuerySchema.extend({
    pageSize: pageSizeSchema(PAGE_SIZE.invoiceList),
    settlementSn: z.string().trim().max(INPUT_MAX_LENGTH.settlementSn).optional(),
  }),
  answer: pageOf(invoiceSettlementSchema),
});

export const invoiceApplyOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/invoice/apply',
  tag: '发票',
  summary: '申请开票（企业端：选择已结算的结算单，开票信息取自企业的开票信息）',
  access: { permission: 'invoice:list:apply' },
  input: invoiceApplyBodySchema,
  answer: z.object({ id: z.number().int(), invoiceSn: z.string() }),
});

export const invoiceStatusUpdateOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/invoice/updateStatus',
  tag: '发票',
  summary: '发票状态更新（平台端：发票号码、快递号码、发票文件；已查收的不能再改）',
  access: { permission: 'invoice:list:update' },
  input: invoiceStatusBodySchema,
  answer: z.null(),
});

export const invoiceReceiptOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/invoice/confirmReceipt',
  tag: '发票',
  summary: '确认收到发票（企业端，待查收的发票，可批量）',
  access: { permission: 'invoice:list:receive' },
  input: z.object({ ids: z.array(recordIdSchema()).min(1).max(100) }),
  answer: z.object({ received: z.number().int() }),
});

export const invoiceInfoOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/invoice/info/get',
  tag: '发票',
  summary: '企业开票信息（企业端：本企业；平台端：companyId 指定本平台的企业）',
  access: { permission: 'invoice:list:view' },
  input: z.object({ companyId: recordIdSchema().optional() }),
  answer: invoiceInfoSchema,
});

export const invoiceInfoSaveOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/invoice/info/save',
  tag: '发票',
  summary: '保存企业开票信息（公司注册地址、公司电话、开户银行、银行账号）',
  access: { permission: 'invoice:info:edit' },
  input: invoiceInfoBodySchema,
  // nothing echoed: the console reads the info again
  answer: z.null(),
});

/** The invoice a settlement is on, with its files (spec 2 §7 "Invoice pictures by settlement"). */
export const settlementInvoiceSchema = z.object({
  /** null while the settlement is on no invoice */
  invoice: invoiceRecordSchema
    .pick({
      id: true,
      invoiceSn: true,
      invoiceNum: true,
      invoiceRecipientStatus: true,
      invoiceRecipientStatus_dictText: true,
    })
    .nullable(),
  list: z.array(invoiceFileSchema),
});
export type SettlementInvoice = z.infer<typeof settlementInvoiceSchema>;

export const settlementInvoiceOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/invoice/pictures',
  tag: '发票',
  summary: '结算单（或其结算明细）所在的发票及发票文件',
  access: { permission: 'invoice:list:view' },
  input: z
    .object({ settId: recordIdSchema().optional(), settDetailId: recordIdSchema().optional() })
    .refine((query) => query.settId !== undefined || query.settDetailId !== undefined, {
      message: '请指定结算单或结算明细',
      path: ['settId'],
    }),
  answer: settlementInvoiceSchema,
});

export const invoiceExportFiltersSchema = z.object({ id: recordIdSchema() });

/** 发票导出 (spec 2 §6, §7 "invoice excel export by id"): the sender's sheet of one invoice, a row per settlement. */
export const invoiceExportOperation = defineExportOperation({
  path: '/api/sys/invoice/exportExcel',
  tag: '发票',
  summary: '导出发票（开票信息与其结算单，每个结算单一行），经下载列表下载',
  filters: invoiceExportFiltersSchema,
  permission: 'invoice:list:download',
});

/** One save of an enterprise's invoice info (修改记录). */
export const invoiceInfoRecordSchema = z.object({
  id: z.number().int(),
  companyAddress: z.string(),
  companyPhone: z.string(),
  bankDeposit: z.string(),
  bankAccount: z.string(),
  createName: z.string(),
  createTime: z.number().int(),
});
export type InvoiceInfoRecord = z.infer<typeof invoiceInfoRecordSchema>;

export const invoiceInfoRecordsOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/invoice/info/records',
  tag: '发票',
  summary: '企业开票信息的修改记录（每次保存一条，新的在前）',
  access: { permission: 'invoice:list:view' },
  input: pageQuerySchema.extend({
    companyId: recordIdSchema().optional(),
    pageSize: pageSizeSchema(PAGE_SIZE.invoiceCompanyList),
  }),
  answer: pageOf(invoiceInfoRecordSchema),
});
