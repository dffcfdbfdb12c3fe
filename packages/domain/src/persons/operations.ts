/**
 * The calls of the natural-person accounts (spec 3 §2, §3, §4, §5, §7 "Natural persons"; decision
 * 0033), declared once: the server registers them, the web calls them. Paths are ours (the spec
 * gives purposes and keys); personal data travels masked unless a desensitization token is sent.
 */
import { z } from 'zod';
import { pageOf, pageQuerySchema, pageSizeSchema } from '../api/envelope';
import { recordIdSchema } from '../api/ids';
import { defineOperation } from '../api/operation';
import { INPUT_MAX_LENGTH, PAGE_SIZE } from '../limits';
import { MSG } from '../messages';
import { isMobile, personPasswordFormSchema } from '../validators';
import { personalAgreementRecordSchema } from '../personal-agreements/operations';
import { PERSON_MSG } from './statuses';

// ---- records

/** A row of 自然人账户. */
export const personListRecordSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  userSn: z.string(),
  name: z.string(),
  /** the login account (phone), masked */
  loginName: z.string(),
  /** masked; '' when the person has not verified an identity */
  idCard: z.string(),
  /** 0 normal, 1 banned, 2 login-restricted, 3 other (PERSON_LOGIN_FLAG) */
  loginFlag: z.number().int(),
  source_dictText: z.string(),
  /** whether the person was ever transferred out (the 转出记录 button is active only then) */
  transferred: z.boolean(),
  createTime: z.number().int(),
});
export type PersonListRecord = z.infer<typeof personListRecordSchema>;

/** A file of a further authentication or a skill certificate: its signed link, and when and how large (decision 0044). */
const fileSchema = z.object({
  name: z.string(),
  fileAddress: z.string(),
  fileSize: z.number().int().optional(),
  createTime: z.number().int().optional(),
});

/** 自然人账户信息 (spec 3 §3 "Natural person (account info)"). */
export const personInfoSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  userSn: z.string(),
  name: z.string(),
  /** the phone the person logs in with; masked unless the token unlocked it */
  loginName: z.string(),
  source_dictText: z.string(),
  /** 男 / 女 from the ID number, '' when unknown */
  sexLabel: z.string(),
  age: z.number().int().nullable(),
  educationType_dictText: z.string(),
  updateTime: z.number().int(),
  realName: z.string(),
  idCard: z.string(),
  /** ID card images: 1 an image the view may not show (masked), 0 none */
  /** the ID sides (decision 0044): 0 none, 1 held but masked, else the picture's link (the desensitized view) */
  frontCard: z.union([z.literal(0), z.literal(1), z.string()]),
  backCard: z.union([z.literal(0), z.literal(1), z.string()]),
  /** '' none, MASKED_IMAGE held but masked, else the link (the desensitized view) */
  videoAddress: z.string(),
  faceImage: z.string(),
  userAuthVoList: z.array(z.object({ authTypeName: z.string(), fileList: z.array(fileSchema) })),
  bankName: z.string(),
  bankCard: z.string(),
  bankPhone: z.string(),
  address: z.string(),
  email: z.string(),
  categoryName: z.string(),
  skillCerts: z.array(z.object({ id: z.number().int(), name: z.string(), enclosures: z.array(fileSchema) })),
  loginFlag: z.number().int(),
  /** the platform agreement the person signed, its name; '' when none */
  contractName: z.string(),
  contractSn: z.string(),
  /** whether the values came unmasked (a valid desensitization token was sent) */
  unmasked: z.boolean(),
});
export type PersonInfo = z.infer<typeof personInfoSchema>;

/** 转出记录 (spec 3 §3 "Transfer-out record"). */
export const personTransferRecordSchema = z.object({
  id: z.number().int(),
  enterpriseName: z.string(),
  enterpriseCode: z.string(),
  createTime: z.number().int(),
  createName: z.string(),
});
export type PersonTransferRecord = z.infer<typeof personTransferRecordSchema>;

/** One of a person's agreements (spec 3 §3 "Person agreement row"): the personal agreement row without the person. */
export const personAgreementRecordSchema = personalAgreementRecordSchema.pick({
  id: true,
  contractSn: true,
  contractName: true,
  agreementType: true,
  enterpriseName: true,
  tenantName: true,
  signStatus: true,
  contractStartDate: true,
  createTime: true,
});
export type PersonAgreementRecord = z.infer<typeof personAgreementRecordSchema>;

// ---- inputs

export const personListQuerySchema = pageQuerySchema.extend({
  pageSize: pageSizeSchema(PAGE_SIZE.personLists),
  name: z.string().trim().max(INPUT_MAX_LENGTH.companyPicker, PERSON_MSG.nameTooLong).optional(),
  phone: z.string().trim().max(INPUT_MAX_LENGTH.phone, PERSON_MSG.phoneTooLong).optional(),
  userSn: z.string().trim().max(32).optional(),
  loginFlag: z.coerce.number().int().min(0).max(3).optional(),
  /** narrows the platform operator's view to one tenant */
  tenantId: recordIdSchema(0).optional(),
});
export type PersonListQuery = z.input<typeof personListQuerySchema>;

const userIdSchema = z.object({ userId: recordIdSchema() });

export const personPasswordBodySchema = z.object({
  userId: recordIdSchema(),
  /** the person's login account as the form showed it: a stale form changes nobody else's */
  loginName: z.string().trim().min(1).max(INPUT_MAX_LENGTH.phone),
  newPassword: personPasswordFormSchema.shape.newPassword,
});
export type PersonPasswordBody = z.input<typeof personPasswordBodySchema>;

/**
 * 编辑 of a person (spec 3 §5 "Person editing form": account name at most 20, phone at most 11;
 * decision 0046): the account name and the phone the person signs in to the app with.
 */
export const personEditBodySchema = z.object({
  userId: recordIdSchema(),
  name: z
    .string({ error: PERSON_MSG.accountNameRequired })
    .trim()
    .min(1, PERSON_MSG.accountNameRequired)
    .max(INPUT_MAX_LENGTH.personAccountName, PERSON_MSG.accountNameTooLong),
  phone: z
    .string({ error: PERSON_MSG.phoneRequired })
    .trim()
    .min(1, PERSON_MSG.phoneRequired)
    .max(INPUT_MAX_LENGTH.phone, PERSON_MSG.phoneTooLong)
    .refine(isMobile, MSG.mobileInvalid),
});
export type PersonEditBody = z.input<typeof personEditBodySchema>;

export const personTransferBodySchema = z.object({
  userId: recordIdSchema(),
  enterpriseName: z
    .string({ error: MSG.transferEnterpriseRequired })
    .trim()
    .min(1, MSG.transferEnterpriseRequired)
    .max(100),
  /** the enterprise's number (enterpriseSn) */
  enterpriseCode: z
    .string({ error: MSG.transferEnterpriseRequired })
    .trim()
    .min(1, MSG.transferEnterpriseRequired)
    .max(32),
});
export type PersonTransferBody = z.input<typeof personTransferBodySchema>;

// ---- the calls

export const personListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/person/list',
  tag: '自然人',
  summary: '自然人账户列表（平台端：本平台的自然人，运营方全部），按姓名、手机号、编号、账号状态筛选',
  access: { permission: 'personalAccountManage:list:view' },
  input: personListQuerySchema,
  answer: pageOf(personListRecordSchema),
});

export const personInfoOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/person/info',
  tag: '自然人',
  summary: '自然人账户信息（登录、认证、银行卡、其他信息；带有效的脱敏令牌 tempToken 时不脱敏）',
  access: { permission: 'personalAccountManage:list:view' },
  input: userIdSchema.extend({ tempToken: z.string().max(64).optional() }),
  answer: personInfoSchema,
});

export const personChangePasswordOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/person/changePassword',
  tag: '自然人',
  summary: '修改自然人的APP登录密码（该自然人的APP会话全部失效）',
  access: { permission: 'personalAccountManage:info:password' },
  input: personPasswordBodySchema,
  answer: z.null(),
});

export const personEditOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/person/edit',
  tag: '自然人',
  summary: '编辑自然人的账户名称与手机号（手机号即APP登录账号，本平台内唯一；改手机号后该自然人的APP会话全部失效）',
  access: { permission: 'personalAccountManage:info:edit' },
  input: personEditBodySchema,
  answer: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }),
});

export const personTransferOutOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/person/transferOut',
  tag: '自然人',
  summary: '自然人转出到本平台的企业（记入转出记录）',
  access: { permission: 'personalAccountManage:list:transferOut' },
  input: personTransferBodySchema,
  answer: z.object({ id: z.number().int() }),
});

export const personTransferRecordsOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/person/transferOutRecords',
  tag: '自然人',
  summary: '自然人转出记录（转入企业、企业编号、转出时间、操作人）',
  access: { permission: 'personalAccountManage:list:transferOutRecord' },
  input: pageQuerySchema.extend({ userId: recordIdSchema(), pageSize: pageSizeSchema(PAGE_SIZE.transferOutRecords) }),
  answer: pageOf(personTransferRecordSchema),
});

export const personWasTransferredOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/person/wasTransferred',
  tag: '自然人',
  summary: '自然人是否转出过',
  access: { permission: 'personalAccountManage:list:view' },
  input: userIdSchema,
  answer: z.boolean(),
});

export const personLoginFlagOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/person/loginFlag',
  tag: '自然人',
  summary: '禁用（loginFlag 1，APP会话失效）或启用（loginFlag 0）自然人账号',
  access: { permission: 'personalAccountManage:list:disable' },
  input: userIdSchema.extend({ loginFlag: z.coerce.number().int().min(0).max(1) }),
  answer: z.object({ loginFlag: z.number().int() }),
});

export const personClearLoginRestrictionOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/person/clearLoginRestriction',
  tag: '自然人',
  summary: '解除自然人的登录限制（连续输错密码后的限制）',
  access: { permission: 'personalAccountManage:info:clearLogin' },
  input: z.object({ id: recordIdSchema() }),
  answer: z.object({ loginFlag: z.number().int() }),
});

export const personAgreementsOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/person/agreementList',
  tag: '自然人',
  summary: '自然人的协议（平台协议与项目协议，签署状态）',
  access: { permission: 'personalAccountManage:list:view' },
  input: pageQuerySchema.extend({
    userId: recordIdSchema(),
    tenantId: recordIdSchema(0).optional(),
    pageSize: pageSizeSchema(PAGE_SIZE.listDialog),
  }),
  answer: pageOf(personAgreementRecordSchema),
});
