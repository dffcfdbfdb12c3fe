/**
 * 成员账号 (decision 0023): the login numbers of an enterprise. On the enterprise side its members
 * holding the codes manage their own enterprise; on the platform side the operator (every tenant) and
 * tenant staff holding the codes (their own tenant) manage any enterprise's members. Declared once:
 * the server registers them, the web calls them.
 */
import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../api/envelope';
import { recordIdSchema } from '../api/ids';
import { defineOperation } from '../api/operation';
import { MAX_RECORD_ID } from '../limits';
import { STAFF_FIELD_MAX_LENGTH, STAFF_MSG, staffRealnameSchema, staffUsernameSchema } from '../staff/operations';

export const MEMBER_MSG = {
  enterpriseRequired: '请选择企业',
  enterpriseMissing: '企业不存在',
  enterpriseDisabled: '企业已禁用，不能新增成员',
  missing: '成员不存在',
  roleRequired: '请选择角色',
  roleMissing: STAFF_MSG.roleMissing,
  alreadyMember: '该账号已是本平台企业的成员',
  grantBeyondOwn: STAFF_MSG.grantBeyondOwn,
  manageBeyondOwn: STAFF_MSG.manageBeyondOwn,
  ownRoles: STAFF_MSG.ownRoles,
  ownStatus: STAFF_MSG.ownStatus,
  ownPassword: STAFF_MSG.ownPassword,
  ownLogout: STAFF_MSG.ownLogout,
  /** the password is the account's on every platform it works on */
  sharedPassword: '该账号还属于其他企业，只有能管理其全部企业的管理员可以重置密码',
  sharedName: '该账号还属于其他企业，只有能管理其全部企业的管理员可以修改姓名',
  added: '新增成功',
  joined: '该手机号已有企业端账号，已加入本企业，沿用原密码登录',
  passwordReset: STAFF_MSG.passwordReset,
  loggedOut: STAFF_MSG.loggedOut,
} as const;

/** 1 enabled, 2 disabled: the membership's own status */
export const MEMBER_STATUS_ENABLED = 1;
export const MEMBER_STATUS_DISABLED = 2;

const idSchema = recordIdSchema();
/** the platform side names the enterprise; the enterprise side works in its session's (another answers 企业不存在) */
const enterpriseIdSchema = recordIdSchema().optional();
const roleIdSchema = z.coerce
  .number({ error: MEMBER_MSG.roleRequired })
  .int(MEMBER_MSG.roleRequired)
  .min(1, MEMBER_MSG.roleRequired)
  .max(MAX_RECORD_ID, MEMBER_MSG.roleMissing);

export const memberRecordSchema = z.object({
  /** the account (users.id) */
  id: z.number().int(),
  enterpriseId: z.number().int(),
  enterpriseName: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  username: z.string(),
  realname: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
  /** the membership's status (1 enabled, 2 disabled); the account's own when it is disabled everywhere */
  status: z.number().int(),
  mustChangePassword: z.boolean(),
  /** the account belongs to enterprises of other tenants too */
  otherEnterprises: z.number().int(),
  /** epoch milliseconds: the account's creation */
  createTime: z.number().int(),
});
export type MemberRecord = z.infer<typeof memberRecordSchema>;

export const memberListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/member/list',
  tag: '成员账号',
  summary: '企业成员账号列表（企业端本企业；平台端所选企业）',
  access: { permission: 'member:list:view' },
  input: pageQuerySchema.extend({
    enterpriseId: enterpriseIdSchema,
    /** login number or name, contains */
    keyword: z.string().trim().max(STAFF_FIELD_MAX_LENGTH.keyword).optional(),
    status: z.coerce
      .number()
      .int()
      .refine((value) => value === 1 || value === 2, '状态不存在')
      .optional(),
  }),
  answer: pageOf(memberRecordSchema),
});

export const memberRoleOptionsOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/member/roleOptions',
  tag: '成员账号',
  summary: '可分配给成员的企业端角色（企业端只含权限不超出自己的）',
  access: { permission: 'member:list:view' },
  input: z.object({ enterpriseId: enterpriseIdSchema }),
  answer: z.array(z.object({ id: z.number().int(), name: z.string(), builtIn: z.boolean() })),
});

/** A new account's one-time password, shown once; null when an existing account joined. */
const memberPasswordSchema = z.object({ id: z.number().int(), password: z.string().nullable() });

export const memberAddOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/member/add',
  tag: '成员账号',
  summary: '新增企业成员（新账号得到一次性密码，首次登录须修改；已有企业端账号的手机号加入本企业）',
  access: { permission: 'member:list:edit' },
  input: z.object({
    enterpriseId: enterpriseIdSchema,
    username: staffUsernameSchema,
    realname: staffRealnameSchema,
    roleId: roleIdSchema,
  }),
  answer: memberPasswordSchema,
});

export const memberEditOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/member/edit',
  tag: '成员账号',
  summary: '编辑成员姓名与角色（不能修改自己的角色）',
  access: { permission: 'member:list:edit' },
  input: z.object({
    enterpriseId: enterpriseIdSchema,
    id: idSchema,
    realname: staffRealnameSchema,
    roleId: roleIdSchema,
  }),
  answer: z.null(),
});

export const memberSetStatusOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/member/setStatus',
  tag: '成员账号',
  summary: '禁用或启用成员（只在本企业；禁用时退出其在本企业的会话）',
  access: { permission: 'member:list:disable' },
  input: z.object({ enterpriseId: enterpriseIdSchema, id: idSchema, status: z.union([z.literal(1), z.literal(2)]) }),
  answer: z.null(),
});

export const memberResetPasswordOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/member/resetPassword',
  tag: '成员账号',
  summary: '重置成员密码（一次性密码，退出其全部会话）',
  access: { permission: 'member:list:resetPassword' },
  input: z.object({ enterpriseId: enterpriseIdSchema, id: idSchema }),
  answer: z.object({ id: z.number().int(), password: z.string() }),
});

export const memberForceLogoutOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/member/forceLogout',
  tag: '成员账号',
  summary: '强制下线（撤销该成员在本企业的会话）',
  access: { permission: 'member:list:logout' },
  input: z.object({ enterpriseId: enterpriseIdSchema, id: idSchema }),
  answer: z.null(),
});
