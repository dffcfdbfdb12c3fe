/**
 * The calls of the tax-voucher area (spec 2 §2.7, §3 "Tax voucher row", §5, §7; decision 0032),
 * declared once: the server registers them, the web calls them. Money travels as yuan text.
 */
import { z } from 'zod';
import { pageOf, pageQuerySchema, pageSizeSchema } from '../api/envelope';
import { recordIdSchema } from '../api/ids';
import { defineOperation } from '../api/operation';
import { consoleDateTimeSchema } from '../exports/schemas';
import { INPUT_MAX_LENGTH, PAGE_SIZE, UPLOAD } from '../limits';
import { MSG } from '../messages';
import { TAX_PERIOD_PATTERN, TAX_VOUCHER_MSG } from './statuses';

const yuan = z.string();

// ---- records

/** A file of a voucher: its name and address (a signed link is asked for when it is opened). */
export const taxVoucherFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  fileType: z.string(),
});
export type TaxVoucherFile = z.infer<typeof taxVoucherFileSchema>;

/** A row of the tax voucher list (spec 2 §3 "Tax voucher row"). */
export const taxVoucherRecordSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  enterpriseId: z.number().int(),
  enterpriseName: z.string(),
  /** 税款所属期, 'yyyy-MM' */
  taxPeriod: z.string(),
  /** the taxes withheld on the enterprise's payouts of the period, as of the last save */
  paidTaxAmount: yuan,
  /** the settlements those payouts belong to */
  settlementNum: z.number().int(),
  /** the uploader's login account and name */
  account: z.string(),
  realName: z.string(),
  /** first uploaded, last saved (epoch ms) */
  createTime: z.number().int(),
  updateTime: z.number().int(),
  /** 完税凭证（图） */
  voucherImages: z.array(taxVoucherFileSchema),
  /** 完税明细报告（盖章图）: the delegated-collection detail */
  reportImages: z.array(taxVoucherFileSchema),
  /** 缴税清单（电子版）, Word or PDF */
  taxListFile: taxVoucherFileSchema.nullable(),
});
export type TaxVoucherRecord = z.infer<typeof taxVoucherRecordSchema>;

/** A settlement whose payouts the voucher's taxes were withheld from. */
export const taxVoucherSettlementSchema = z.object({
  id: z.number().int(),
  settlementSn: z.string(),
  projectName: z.string(),
  visitTypeValue: z.string(),
  amount: yuan,
  /** the taxes withheld on its payouts in the period */
  taxAmount: yuan,
  /** persons paid out in the period */
  personNum: z.number().int(),
  /** the last payout of the period */
  payTime: z.number().int(),
});
export type TaxVoucherSettlement = z.infer<typeof taxVoucherSettlementSchema>;

/** What an enterprise's tax period holds before a voucher is saved for it. */
export const taxPeriodSummarySchema = z.object({
  paidTaxAmount: yuan,
  settlementNum: z.number().int(),
  /** the voucher already saved for the period, which a save replaces */
  voucher: taxVoucherRecordSchema.nullable(),
});
export type TaxPeriodSummary = z.infer<typeof taxPeriodSummarySchema>;

// ---- inputs

export const taxPeriodSchema = z
  .string({ error: TAX_VOUCHER_MSG.taxPeriodRequired })
  .trim()
  .regex(TAX_PERIOD_PATTERN, TAX_VOUCHER_MSG.taxPeriodRequired);

export const taxVoucherListQuerySchema = pageQuerySchema.extend({
  pageSize: pageSizeSchema(PAGE_SIZE.taxVoucherList),
  /** an enterprise name, or part of one */
  name: z.string().trim().max(INPUT_MAX_LENGTH.taxVoucherName, TAX_VOUCHER_MSG.nameTooLong).optional(),
  /** the periods kept: those whose month overlaps this range (China time 'yyyy-MM-dd HH:mm:ss') */
  startTime: consoleDateTimeSchema.optional(),
  endTime: consoleDateTimeSchema.optional(),
  enterpriseId: recordIdSchema().optional(),
  /** the vouchers covering taxes withheld from this person's payouts (the person detail's 完税凭证记录) */
  userId: recordIdSchema().optional(),
  /** narrows the platform operator's view to one tenant */
  tenantId: recordIdSchema(0).optional(),
});
export type TaxVoucherListQuery = z.input<typeof taxVoucherListQuerySchema>;

const enterpriseOfTenant = {
  enterpriseId: recordIdSchema().optional(),
  /** the enterprise's tenant: the operator names it; tenant staff's own is used */
  tenantId: recordIdSchema(0).optional(),
};

export const taxPeriodQuerySchema = z
  .object({ ...enterpriseOfTenant, taxPeriod: taxPeriodSchema })
  .refine((query) => query.enterpriseId !== undefined, {
    message: TAX_VOUCHER_MSG.enterpriseRequired,
    path: ['enterpriseId'],
  });

const addresses = (message: string) =>
  z
    .array(z.string().trim().min(1).max(200), { error: message })
    .min(1, message)
    .max(UPLOAD.maxFiles, MSG.uploadCountLimit(UPLOAD.maxFiles));

/** 上传完税凭证 (spec 2 §2.7, §5): the three uploads are required. */
export const taxVoucherSaveBodySchema = z
  .object({
    /** the voucher being replaced; without it the enterprise's period is saved (replacing one already there) */
    id: recordIdSchema().optional(),
    ...enterpriseOfTenant,
    taxPeriod: taxPeriodSchema,
    voucherImages: addresses(MSG.taxVoucherImageRequired),
    reportImages: addresses(MSG.taxDetailReportRequired),
    taxListFile: z
      .string({ error: MSG.taxListFileRequired })
      .trim()
      .min(1, MSG.taxListFileRequired)
      .max(200, MSG.taxListFileRequired),
  })
  .refine((body) => body.enterpriseId !== undefined, {
    message: TAX_VOUCHER_MSG.enterpriseRequired,
    path: ['enterpriseId'],
  });
export type TaxVoucherSaveBody = z.input<typeof taxVoucherSaveBodySchema>;

// ---- the calls

export const taxVoucherListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/tax/voucher/list',
  tag: '完税凭证',
  summary: '完税凭证列表（企业端：本企业；平台端：本平台；运营方全部），按企业名称、税款所属期',
  access: { permission: 'taxVoucher:list:view' },
  input: taxVoucherListQuerySchema,
  answer: pageOf(taxVoucherRecordSchema),
});

export const taxVoucherDetailOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/tax/voucher/queryById',
  tag: '完税凭证',
  summary: '完税凭证详情（凭证图、完税明细报告、缴税清单）',
  access: { permission: 'taxVoucher:list:view' },
  input: z.object({ id: recordIdSchema() }),
  answer: taxVoucherRecordSchema,
});

export const taxVoucherSettlementsOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/tax/voucher/settlementList',
  tag: '完税凭证',
  summary: '完税凭证关联的结算单：该企业在税款所属期内发放并代扣了税款的结算单（分页）',
  access: { permission: 'taxVoucher:list:view' },
  input: pageQuerySchema.extend({ id: recordIdSchema(), pageSize: pageSizeSchema(PAGE_SIZE.listDialog) }),
  answer: pageOf(taxVoucherSettlementSchema),
});

export const taxPeriodSummaryOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/tax/voucher/period',
  tag: '完税凭证',
  summary: '企业某税款所属期已代扣的税款和已保存的完税凭证（上传前核对）',
  access: { permission: 'taxVoucher:list:upload' },
  input: taxPeriodQuerySchema,
  answer: taxPeriodSummarySchema,
});

export const taxVoucherSaveOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/tax/voucher/save',
  tag: '完税凭证',
  summary: '上传完税凭证（平台端：企业、税款所属期、凭证图、完税明细报告、缴税清单；同一所属期再次保存即替换）',
  access: { permission: 'taxVoucher:list:upload' },
  input: taxVoucherSaveBodySchema,
  answer: z.object({ id: z.number().int() }),
});
