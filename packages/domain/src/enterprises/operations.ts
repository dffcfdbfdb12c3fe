/**
 * The enterprise info view (spec 3 §2 "Enterprise detail (full page or embedded)", §3 "Enterprise";
 * decision 0027), opened from the project lists' client name: basic info with the tags, the
 * authentication (decision 0038), the paying banks and the service fee, and 企业风险, with the edits of
 * the platform's staff. Personal data comes masked until the desensitized view.
 */
import { z } from 'zod';
import { recordIdSchema } from '../api/ids';
import { defineOperation } from '../api/operation';
import { INPUT_MAX_LENGTH } from '../limits';
import { MSG } from '../messages';
import { isMobile, isTwoDecimalNumber, nationalIdSchema } from '../validators';
import { feeSettingSchema } from './fees';
import { enterpriseTagSchema } from './tags';

export const ENTERPRISE_INFO_MSG = {
  notFound: '企业不存在',
  /** a toggle asked from a stale page: the enterprise is already in the asked status */
  statusChanged: '企业状态已变化，请刷新后重试',
  disabled: '禁用成功',
  enabled: '启用成功',
  limitSaved: '编辑成功',
  contactPhoneRequired: '请输入联系电话',
  manageStatusUnknown: '经营状态不存在',
  casesUnknown: '涉诉情况不存在',
  legalPersonIdRequired: '请输入法人身份证号',
  /** an image field naming no picture this platform holds (or not a jpeg, jpg or png) */
  imageInvalid: '图片不存在或格式不正确，请重新上传',
  authSaved: '修改成功',
} as const;

/** An ID side while masked: 1 uploaded (shown after the desensitized view), '' none (spec 3 §3, as a person's). */
export const MASKED_IMAGE = '1';

/** What a masked risk field shows until the desensitized view is unlocked (spec 3 §4). */
export const MASKED_RISK_VALUE = '**';

export const enterpriseInfoSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  enterpriseSn: z.string(),
  name: z.string(),
  /** unified social credit code */
  taxNumber: z.string(),
  address: z.string(),
  /** masked unless `unmasked` */
  contactPhone: z.string(),
  /** masked unless `unmasked` */
  contactEmail: z.string(),
  orgCodeTxt: z.string(),
  /** 1 enabled, 2 disabled */
  status: z.number().int(),
  createTime: z.number().int(),
  projectCount: z.number().int(),
  /** the answer is the desensitized view: contacts, account numbers and the risk fields in clear */
  unmasked: z.boolean(),
  /** 企业风险: 注册资本 in 万元 ('' not set; ** while masked) */
  registeredCapital: z.string(),
  /** 经营状态 (dictionary manage_status): its value ('' not set or masked) and title (** while masked) */
  manageStatus: z.string(),
  manageStatus_dictText: z.string(),
  /** 涉诉情况 (dictionary cases), as manageStatus */
  cases: z.string(),
  cases_dictText: z.string(),
  /** 企业标签 (decision 0039) */
  tags: z.array(enterpriseTagSchema),
  /** 认证信息 (decision 0038): the legal person's name and ID number (masked unless `unmasked`) */
  idName: z.string(),
  idCard: z.string(),
  /** file addresses ('' none): the business licence and the logo */
  license: z.string(),
  logo: z.string(),
  /** the ID sides: file addresses when unmasked; while masked MASKED_IMAGE if uploaded, else '' */
  idCardFront: z.string(),
  idCardBack: z.string(),
  /** settlement accounts: the enterprise's paying banks (sub-accounts on the tenant's bank platforms) */
  payVos: z.array(
    z.object({
      id: z.number().int(),
      bankName: z.string(),
      accountName: z.string(),
      /** masked unless `unmasked` */
      bankAccount: z.string(),
    }),
  ),
  /** the service fee in force; null: the platform default applies */
  fee: feeSettingSchema.extend({ updateTime: z.number().int() }).nullable(),
  /** a fee set to take effect from the first day of next month (decision 0035), or null */
  pendingFee: feeSettingSchema.extend({ effectiveTime: z.number().int() }).nullable(),
});
export type EnterpriseInfo = z.infer<typeof enterpriseInfoSchema>;

export const enterpriseInfoOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/enterprise/info',
  tag: '企业',
  summary: '企业信息（基本信息与标签、认证信息、付款账户、服务费、企业风险；平台端本平台的企业，企业端本企业）',
  access: { permission: 'enterpriseAccountManage:info:view' },
  input: z.object({
    id: recordIdSchema(),
    tenantId: recordIdSchema(0).optional(),
    /** a live desensitization token of the caller (企业脱敏查看): the answer is unmasked */
    tempToken: z.string().max(64).optional(),
  }),
  answer: enterpriseInfoSchema,
});

/** 企业风险 (spec 3 §5 "Enterprise limit edit"): 注册资本 in 万元 (at most 8 characters), 经营状态, 涉诉情况; '' clears. */
export const enterpriseLimitInputSchema = z.object({
  enterpriseId: recordIdSchema(),
  tenantId: recordIdSchema(),
  registeredCapital: z
    .string()
    .trim()
    .max(INPUT_MAX_LENGTH.registeredCapital, MSG.registeredCapitalTooLong)
    .refine((value) => value === '' || isTwoDecimalNumber(value), MSG.twoDecimalNumberInvalid),
  manageStatus: z.string().max(8),
  cases: z.string().max(8),
});

export const enterpriseLimitOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/enterprise/editLimit',
  tag: '企业',
  summary: '编辑企业风险信息（注册资本（万元）、经营状态、涉诉情况）',
  access: { permission: 'enterpriseAccountManage:info:modify' },
  input: enterpriseLimitInputSchema,
  answer: z.null(),
});

const fileAddress = (message: string) => z.string().trim().min(1, message).max(200, message);

/**
 * 修改认证信息 (spec 3 §5 "Enterprise fee change" lists the form's rules; §7 "Modify authentication"):
 * the enterprise's name and address, the legal person (name, ID number) and the pictures of the business
 * licence and both ID sides, the logo optional. The tax number and the e-mail are shown, not changed.
 */
export const enterpriseAuthInputSchema = z.object({
  id: recordIdSchema(),
  tenantId: recordIdSchema(),
  enterpriseName: z
    .string()
    .trim()
    .min(1, MSG.enterpriseNameRequired)
    .max(INPUT_MAX_LENGTH.enterpriseName, MSG.enterpriseNameRequired),
  address: z.string().trim().min(1, MSG.enterpriseAddressRequired).max(100, MSG.enterpriseAddressRequired),
  /** the legal person's name */
  name: z
    .string()
    .trim()
    .min(1, MSG.legalPersonNameRequired)
    .max(INPUT_MAX_LENGTH.legalPersonName, MSG.legalPersonNameRequired),
  idCard: z.string().trim().toUpperCase().min(1, ENTERPRISE_INFO_MSG.legalPersonIdRequired).pipe(nationalIdSchema),
  license: fileAddress(MSG.businessLicenseRequired),
  idCardFront: fileAddress(MSG.idCardFrontRequired),
  idCardBack: fileAddress(MSG.idCardBackRequired),
  logo: z.string().trim().max(200).default(''),
});

export const enterpriseAuthOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/enterprise/modifyAuth',
  tag: '企业',
  summary: '修改企业认证信息（企业名称、注册地址、法人姓名与身份证号、营业执照、身份证两面、Logo）',
  access: { permission: 'enterpriseAccountManage:info:modify' },
  input: enterpriseAuthInputSchema,
  answer: z.null(),
});

/** 禁用 / 启用 (spec 3 §4 "Enterprise status", §7 "Block or unblock"): 1 enables, 2 disables. */
export const enterpriseStatusOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/enterprise/block',
  tag: '企业',
  summary: '禁用或启用企业（status 2 禁用、1 启用；禁用后企业成员的会话随即失效、不能登录）',
  access: { permission: 'enterpriseAccountManage:list:disable' },
  input: z.object({
    enterpriseId: recordIdSchema(),
    tenantId: recordIdSchema(),
    status: z.union([z.literal(1), z.literal(2)]),
  }),
  answer: z.object({ status: z.number().int() }),
});

/** 联系电话 of the enterprise (spec 3 §7 "Edit enterprise resource"): a mobile number, at most 11 characters. */
export const enterpriseContactInputSchema = z.object({
  enterpriseId: recordIdSchema(),
  tenantId: recordIdSchema(),
  contactPhone: z
    .string()
    .trim()
    .min(1, ENTERPRISE_INFO_MSG.contactPhoneRequired)
    .max(INPUT_MAX_LENGTH.contactPhone, MSG.mobileInvalid)
    .refine(isMobile, MSG.mobileInvalid),
});

export const enterpriseContactOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/enterprise/editResource',
  tag: '企业',
  summary: '修改企业联系电话',
  access: { permission: 'enterpriseAccountManage:info:modify' },
  input: enterpriseContactInputSchema,
  answer: z.null(),
});
