/**
 * 员工账号 and 角色管理 (decision 0013): platform-side accounts and roles, the platform operator for
 * every tenant, tenant staff holding the codes for their own tenant. Declared once: the server
 * registers them, the web calls them.
 */
import { z } from 'zod';
import { recordIdSchema } from '../api/ids';
import { pageOf, pageQuerySchema } from '../api/envelope';
import { defineOperation, noInput } from '../api/operation';
import { MSG } from '../messages';
import { defineStatuses } from '../status';
import { isMobile, passwordSchema } from '../validators';

export const STAFF_FIELD_MAX_LENGTH = { realname: 20, keyword: 30, roleName: 20 } as const;
/** roles one account may hold, menus and codes one role may list */
export const STAFF_LIMITS = { rolesPerUser: 10, menusPerRole: 300, codesPerRole: 200 } as const;

export const STAFF_MSG = {
  usernameRequired: '请输入登录账号',
  realnameRequired: '请输入姓名',
  realnameTooLong: `姓名不能超过${STAFF_FIELD_MAX_LENGTH.realname}个字符`,
  rolesRequired: '请选择角色',
  rolesTooMany: `最多选择${STAFF_LIMITS.rolesPerUser}个角色`,
  usernameTaken: '登录账号已存在',
  missing: '账号不存在',
  roleMissing: '角色不存在',
  tenantMissing: '平台不存在',
  tenantDisabled: '平台已禁用，不能新增账号',
  grantBeyondOwn: '不能授予您自己没有的权限',
  operatorOnlyGrant: '平台运营方专属的菜单和权限只能授予运营方角色',
  ownRoles: '不能修改自己的角色',
  ownStatus: '不能禁用自己的账号',
  ownPassword: '请在修改密码中修改自己的密码',
  ownLogout: '不能将自己强制下线',
  roleNameRequired: '请输入角色名称',
  roleNameTooLong: `角色名称不能超过${STAFF_FIELD_MAX_LENGTH.roleName}个字符`,
  roleNameTaken: '角色名称已存在',
  roleMenusRequired: '请选择菜单',
  builtInRole: '内置角色不可修改或删除',
  manageBeyondOwn: '不能管理权限超出您自己的账号',
  roleInUse: (count: number) => `该角色已分配给${count}个账号，不能删除`,
  added: '新增成功',
  passwordReset: '密码已重置',
  loggedOut: '已强制下线',
  oneTimePasswordNote: '该密码仅显示一次，请复制后告知本人；首次登录后须修改密码。',
  confirmDisable: (name: string) => `确定禁用账号“${name}”吗？禁用后该账号将无法登录，已登录的将被退出。`,
  confirmEnable: (name: string) => `确定启用账号“${name}”吗？`,
  confirmReset: (name: string) => `确定重置“${name}”的密码吗？原密码将失效。`,
  confirmLogout: (name: string) => `确定将“${name}”强制下线吗？`,
  confirmDeleteRole: (name: string) => `确定删除角色“${name}”吗？`,
} as const;

/** 1 enabled, 2 disabled (the users table's own codes) */
export const STAFF_STATUS_ENABLED = 1;
export const STAFF_STATUS_DISABLED = 2;
export const USER_STATUS = defineStatuses({
  1: ['启用', 'success'],
  2: ['禁用', 'fail'],
});

const idSchema = recordIdSchema(0);
const roleIdsSchema = z
  .array(recordIdSchema())
  .min(1, STAFF_MSG.rolesRequired)
  .max(STAFF_LIMITS.rolesPerUser, STAFF_MSG.rolesTooMany);
export const staffRealnameSchema = z
  .string()
  .trim()
  .min(1, STAFF_MSG.realnameRequired)
  .max(STAFF_FIELD_MAX_LENGTH.realname, STAFF_MSG.realnameTooLong);
/** login numbers of new accounts: an 11-digit mobile number (the shared login rule without `admin`) */
export const staffUsernameSchema = z
  .string()
  .trim()
  .min(1, STAFF_MSG.usernameRequired)
  .refine(isMobile, MSG.mobileInvalid);

export const staffRecordSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  username: z.string(),
  realname: z.string(),
  status: z.number().int(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  mustChangePassword: z.boolean(),
  /** epoch milliseconds */
  createTime: z.number().int(),
});
export type StaffRecord = z.infer<typeof staffRecordSchema>;

export const staffListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/staff/list',
  tag: '员工账号',
  summary: '员工账号列表（运营方全部平台，平台员工本平台）',
  access: { permission: 'sysUser:list:view' },
  input: pageQuerySchema.extend({
    /** login number or name, contains */
    keyword: z.string().trim().max(STAFF_FIELD_MAX_LENGTH.keyword).optional(),
    tenantId: recordIdSchema(0).optional(),
    status: z.coerce
      .number()
      .int()
      .refine((value) => value === 1 || value === 2, '状态不存在')
      .optional(),
  }),
  answer: pageOf(staffRecordSchema),
});

/** A new account's one-time password, shown once. */
const oneTimePasswordSchema = z.object({ id: z.number().int(), password: z.string() });

export const staffAddOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/staff/add',
  tag: '员工账号',
  summary: '新增员工账号（一次性密码，首次登录须修改）',
  access: { permission: 'sysUser:list:edit' },
  input: z.object({
    /** the platform operator chooses the tenant; tenant staff add to their own */
    tenantId: idSchema.optional(),
    username: staffUsernameSchema,
    realname: staffRealnameSchema,
    roleIds: roleIdsSchema,
  }),
  answer: oneTimePasswordSchema,
});

export const staffEditOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/staff/edit',
  tag: '员工账号',
  summary: '编辑员工姓名与角色（不能修改自己的角色）',
  access: { permission: 'sysUser:list:edit' },
  input: z.object({ id: idSchema, realname: staffRealnameSchema, roleIds: roleIdsSchema }),
  answer: z.null(),
});

export const staffSetStatusOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/staff/setStatus',
  tag: '员工账号',
  summary: '禁用或启用员工账号（禁用时退出其会话）',
  access: { permission: 'sysUser:list:disable' },
  input: z.object({ id: idSchema, status: z.union([z.literal(1), z.literal(2)]) }),
  answer: z.null(),
});

export const staffResetPasswordOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/staff/resetPassword',
  tag: '员工账号',
  summary: '重置员工密码（一次性密码，退出其会话）',
  access: { permission: 'sysUser:list:resetPassword' },
  input: z.object({ id: idSchema }),
  answer: oneTimePasswordSchema,
});

export const staffForceLogoutOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/staff/forceLogout',
  tag: '员工账号',
  summary: '强制下线（撤销该账号的全部会话）',
  access: { permission: 'sysUser:list:logout' },
  input: z.object({ id: idSchema }),
  answer: z.null(),
});

// ---- roles

export const roleRecordSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  name: z.string(),
  builtIn: z.boolean(),
  /** accounts holding it */
  userCount: z.number().int(),
  menuIds: z.array(z.number().int()),
  permCodes: z.array(z.string()),
});
export type RoleRecord = z.infer<typeof roleRecordSchema>;

export const roleListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/role/list',
  tag: '角色管理',
  summary: '平台端角色列表（运营方全部平台，平台员工本平台）',
  access: { permission: 'sysRole:list:view' },
  input: pageQuerySchema.extend({
    name: z.string().trim().max(STAFF_FIELD_MAX_LENGTH.roleName).optional(),
    tenantId: recordIdSchema(0).optional(),
  }),
  answer: pageOf(roleRecordSchema),
});

export const roleOptionsOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/role/options',
  tag: '角色管理',
  summary: '可分配的角色（账号表单的选项）',
  access: { permission: 'sysUser:list:view' },
  input: z.object({ tenantId: recordIdSchema(0).optional() }),
  answer: z.array(z.object({ id: z.number().int(), name: z.string(), builtIn: z.boolean() })),
});

export interface RoleMenuNode {
  id: number;
  name: string;
  /** the codes of the page's area (a page only) */
  permissions: Array<{ code: string; name: string }>;
  children: RoleMenuNode[];
}
const roleMenuNodeSchema: z.ZodType<RoleMenuNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    permissions: z.array(z.object({ code: z.string(), name: z.string() })),
    children: z.array(roleMenuNodeSchema),
  }),
);

export const roleMenuTreeOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/role/menuTree',
  tag: '角色管理',
  summary: '可授予的菜单（三级）及各页面的权限码：只含调用者自己持有的',
  access: { permission: 'sysRole:list:view' },
  input: z.object({ tenantId: recordIdSchema(0).optional() }),
  answer: z.object({
    menus: z.array(roleMenuNodeSchema),
    /** codes held that belong to no page */
    otherPermissions: z.array(z.object({ code: z.string(), name: z.string() })),
  }),
});

export const roleSaveOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/role/save',
  tag: '角色管理',
  summary: '新增或编辑角色（只能授予自己持有的菜单和权限）',
  access: { permission: 'sysRole:list:edit' },
  input: z.object({
    /** absent: a new role */
    id: idSchema.optional(),
    tenantId: idSchema.optional(),
    name: z
      .string()
      .trim()
      .min(1, STAFF_MSG.roleNameRequired)
      .max(STAFF_FIELD_MAX_LENGTH.roleName, STAFF_MSG.roleNameTooLong),
    menuIds: z.array(recordIdSchema()).min(1, STAFF_MSG.roleMenusRequired).max(STAFF_LIMITS.menusPerRole),
    permCodes: z.array(z.string().max(64)).max(STAFF_LIMITS.codesPerRole),
  }),
  answer: z.object({ id: z.number().int() }),
});

export const roleDeleteOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/role/delete',
  tag: '角色管理',
  summary: '删除角色（内置角色与已分配的角色不能删除）',
  access: { permission: 'sysRole:list:edit' },
  input: z.object({ id: idSchema }),
  answer: z.null(),
});

// ---- an enterprise's own roles (decision 0029): the enterprise side, in the session's enterprise

export const enterpriseRoleListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/enterpriseRole/list',
  tag: '企业角色',
  summary: '本企业的角色：本企业自建的角色，及平台共享的内置角色（只读）',
  access: { permission: 'enterpriseRole:list:view' },
  input: pageQuerySchema.extend({
    name: z.string().trim().max(STAFF_FIELD_MAX_LENGTH.roleName).optional(),
  }),
  answer: pageOf(roleRecordSchema),
});

export const enterpriseRoleMenuTreeOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/enterpriseRole/menuTree',
  tag: '企业角色',
  summary: '可授予的企业端菜单（三级）及各页面的权限码：只含调用者自己持有的',
  access: { permission: 'enterpriseRole:list:view' },
  input: noInput,
  answer: roleMenuTreeOperation.answer,
});

export const enterpriseRoleSaveOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/enterpriseRole/save',
  tag: '企业角色',
  summary: '新增或编辑本企业的角色（只能授予自己持有的菜单和权限）',
  access: { permission: 'enterpriseRole:list:edit' },
  input: roleSaveOperation.input.omit({ tenantId: true }),
  answer: z.object({ id: z.number().int() }),
});

export const enterpriseRoleDeleteOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/enterpriseRole/delete',
  tag: '企业角色',
  summary: '删除本企业的角色（共享的内置角色与已分配的角色不能删除）',
  access: { permission: 'enterpriseRole:list:edit' },
  input: z.object({ id: idSchema }),
  answer: z.null(),
});

/** The platform side's own password change (staff must change a one-time password at first sign-in). */
export const platformChangePasswordOperation = defineOperation({
  method: 'POST',
  path: '/platform/v2/changePassword',
  tag: '平台端会话',
  summary: '修改登录密码（校验原密码，成功后全部会话失效）',
  access: { side: 'platform' },
  input: z
    .object({
      oldPassword: z.string().min(1, MSG.oldPasswordRequired).max(20),
      newPassword: passwordSchema,
      confirmPassword: z.string().min(1, MSG.passwordRequired),
    })
    .refine((body) => body.newPassword === body.confirmPassword, {
      message: MSG.passwordsDiffer,
      path: ['confirmPassword'],
    }),
  answer: z.null(),
});
