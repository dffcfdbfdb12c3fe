/**
 * 企业账户 (spec 3 §1 "View and manage enterprise accounts", §2 "Enterprise detail"; decision 0042): the
 * platform's list of its enterprises and 新增企业, which registers the enterprise with its administrator
 * account and hands over the login (登录信息).
 */
import { z } from 'zod';
import { pageOf, pageQuerySchema, pageSizeSchema } from '../api/envelope';
import { recordIdSchema } from '../api/ids';
import { defineOperation } from '../api/operation';
import { INPUT_MAX_LENGTH, PAGE_SIZE } from '../limits';
import { MSG } from '../messages';
import { staffRealnameSchema, staffUsernameSchema } from '../staff/operations';
import { emailSchema, isMobile, unifiedSocialCreditCodeSchema } from '../validators';
import { ENTERPRISE_INFO_MSG } from './operations';

export const ENTERPRISE_ACCOUNT_MSG = {
  taxNumberRequired: '请输入统一社会信用代码',
  taxNumberTaken: '该统一社会信用代码已在本平台注册',
  emailRequired: '请输入联系邮箱',
  added: '新增成功',
  adminRoleMissing: '平台缺少企业管理员角色，请先在角色管理中恢复',
} as const;

export const enterpriseAccountRecordSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  enterpriseSn: z.string(),
  name: z.string(),
  taxNumber: z.string(),
  /** masked */
  contactPhone: z.string(),
  /** 1 enabled, 2 disabled (ENTERPRISE_STATUS) */
  status: z.number().int(),
  /** agreements with the platform in force */
  agreements: z.number().int(),
  createTime: z.number().int(),
});
export type EnterpriseAccountRecord = z.infer<typeof enterpriseAccountRecordSchema>;

export const enterpriseAccountListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/enterprise/list',
  tag: '企业',
  summary: '企业账户列表（平台的企业；运营方可按平台筛选）',
  access: { permission: 'enterpriseAccountManage:list:view' },
  input: pageQuerySchema.extend({
    pageSize: pageSizeSchema(PAGE_SIZE.default),
    name: z
      .string()
      .trim()
      .max(INPUT_MAX_LENGTH.enterpriseName, MSG.lookupTextTooLong(INPUT_MAX_LENGTH.enterpriseName))
      .optional(),
    enterpriseSn: z.string().trim().max(32).optional(),
    tenantId: recordIdSchema().optional(),
    status: z.coerce.number().int().min(1).max(2).optional(),
  }),
  answer: pageOf(enterpriseAccountRecordSchema),
});

/** 新增企业: the enterprise on a platform and its administrator (a mobile login number and a name). */
export const enterpriseAddInputSchema = z.object({
  tenantId: recordIdSchema(),
  enterpriseName: z
    .string()
    .trim()
    .min(1, MSG.enterpriseNameRequired)
    .max(INPUT_MAX_LENGTH.enterpriseName, MSG.enterpriseNameRequired),
  taxNumber: z
    .string()
    .trim()
    .toUpperCase()
    .min(1, ENTERPRISE_ACCOUNT_MSG.taxNumberRequired)
    .pipe(unifiedSocialCreditCodeSchema),
  address: z.string().trim().min(1, MSG.enterpriseAddressRequired).max(100, MSG.enterpriseAddressRequired),
  contactPhone: z
    .string()
    .trim()
    .min(1, ENTERPRISE_INFO_MSG.contactPhoneRequired)
    .max(INPUT_MAX_LENGTH.contactPhone, MSG.mobileInvalid)
    .refine(isMobile, MSG.mobileInvalid),
  contactEmail: z
    .string()
    .trim()
    .min(1, ENTERPRISE_ACCOUNT_MSG.emailRequired)
    .max(INPUT_MAX_LENGTH.contactEmail, MSG.emailInvalid)
    .pipe(emailSchema),
  /** the administrator's login number */
  username: staffUsernameSchema,
  realname: staffRealnameSchema,
});
export type EnterpriseAddInput = z.input<typeof enterpriseAddInputSchema>;

export const enterpriseAddOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/enterprise/add',
  tag: '企业',
  summary: '新增企业及其管理员账号（新账号得到一次性密码；已有企业端账号的手机号沿用原密码）',
  access: { permission: 'enterpriseAccountManage:list:add' },
  input: enterpriseAddInputSchema,
  answer: z.object({ id: z.number().int(), account: z.string(), password: z.string().nullable() }),
});
