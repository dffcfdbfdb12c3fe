/**
 * The personal agreement list (spec 3 §2 "Personal agreement list", §3 "Person agreement row", §5,
 * §7 "Personal agreements"; decision 0034), declared once: the server registers the calls, the web
 * calls them. Paths are ours (the spec gives purposes and keys); phones and ID numbers travel masked.
 */
import { z } from 'zod';
import { pageOf, pageQuerySchema, pageSizeSchema } from '../api/envelope';
import { recordIdSchema } from '../api/ids';
import { defineOperation } from '../api/operation';
import { consoleDateTimeSchema } from '../exports/schemas';
import { INPUT_MAX_LENGTH, PAGE_SIZE } from '../limits';
import { MSG } from '../messages';

/** The signed contract is a file, not an envelope: the server registers its stream by hand. */
export const PERSONAL_CONTRACT_FILE_PATH = '/api/sys/personalAgreement/contractFile';

export const PERSONAL_AGREEMENT_MSG = {
  notFound: '协议不存在',
  contractSnTooLong: MSG.lookupTextTooLong(INPUT_MAX_LENGTH.contractSn),
  userNameTooLong: MSG.lookupTextTooLong(INPUT_MAX_LENGTH.userName),
} as const;

// ---- records

/** A row of the personal agreement list (spec 3 §3 "Person agreement row"). */
export const personalAgreementRecordSchema = z.object({
  id: z.number().int(),
  contractSn: z.string(),
  /** 1 platform agreement, 2 project agreement (PERSON_AGREEMENT_TYPES) */
  agreementType: z.number().int(),
  contractName: z.string(),
  userId: z.number().int(),
  userName: z.string(),
  /** masked */
  phone: z.string(),
  /** masked; '' when the person has not verified an identity */
  idCard: z.string(),
  /** the project signed for ('' for platform agreements) */
  projectName: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  /** '' for platform agreements */
  enterpriseName: z.string(),
  /** 1 in performance (signed), 0 awaiting the person's signature (PERSON_AGREEMENT_SIGN_STATUS) */
  signStatus: z.number().int(),
  /** when the person signed; null until then */
  contractStartDate: z.number().int().nullable(),
  createTime: z.number().int(),
});
export type PersonalAgreementRecord = z.infer<typeof personalAgreementRecordSchema>;

// ---- inputs

export const PERSONAL_AGREEMENT_ORDER_FIELDS = ['contractStartDate', 'createTime'] as const;

export const personalAgreementFiltersSchema = z.object({
  contractSn: z.string().trim().max(INPUT_MAX_LENGTH.contractSn, PERSONAL_AGREEMENT_MSG.contractSnTooLong).optional(),
  userName: z.string().trim().max(INPUT_MAX_LENGTH.userName, PERSONAL_AGREEMENT_MSG.userNameTooLong).optional(),
  /** the platform (the operator's filter) */
  tenantId: recordIdSchema(0).optional(),
  enterpriseId: recordIdSchema().optional(),
  projectId: recordIdSchema().optional(),
  agreementType: z.coerce.number().int().min(1).max(2).optional(),
  /** signing-time range, China time 'yyyy-MM-dd HH:mm:ss' */
  startSignTime: consoleDateTimeSchema.optional(),
  endSignTime: consoleDateTimeSchema.optional(),
  /** creation-time range */
  startTime: consoleDateTimeSchema.optional(),
  endTime: consoleDateTimeSchema.optional(),
  /** one person's agreements (the list embedded in the person's detail) */
  userId: recordIdSchema().optional(),
});
export type PersonalAgreementFilters = z.input<typeof personalAgreementFiltersSchema>;

export const personalAgreementListQuerySchema = pageQuerySchema.extend({
  ...personalAgreementFiltersSchema.shape,
  pageSize: pageSizeSchema(PAGE_SIZE.personalAgreements),
  orderField: z.enum(PERSONAL_AGREEMENT_ORDER_FIELDS).optional().catch(undefined),
  /** 1 descending (default), 0 ascending */
  orderSort: z.coerce.number().int().min(0).max(1).optional().catch(undefined),
});
export type PersonalAgreementListQuery = z.input<typeof personalAgreementListQuerySchema>;

export const personalContractQuerySchema = z.object({
  contractSn: z.string().trim().min(1).max(INPUT_MAX_LENGTH.contractSn),
  userId: recordIdSchema(),
});

export const personalContractFileQuerySchema = personalContractQuerySchema.extend({
  /** inline: the online view in a new window; attachment (default): a download */
  disposition: z.enum(['inline', 'attachment']).optional().catch(undefined),
});

// ---- calls

export const personalAgreementListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/personalAgreement/list',
  tag: '个人协议',
  summary: '个人协议列表（平台端：本平台，运营方全部，可按平台；企业端：本企业的项目协议），排序 orderField/orderSort',
  access: { permission: 'personalAgreement:list:view' },
  input: personalAgreementListQuerySchema,
  answer: pageOf(personalAgreementRecordSchema),
});

export const personalContractAddressOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/personalAgreement/contractAddress',
  tag: '个人协议',
  summary: '已签署合同的文件地址（以协议名称下载；空表示无签署合同）',
  access: { permission: 'personalAgreement:list:download' },
  input: personalContractQuerySchema,
  answer: z.string(),
});
