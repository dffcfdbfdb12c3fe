/**
 * 平台管理 (the platform operator's tenant screen, decision 0013): list, add, edit, disable and
 * enable tenants. Declared once: the server registers them, the web calls them.
 */
import { z } from 'zod';
import { recordIdSchema } from '../api/ids';
import { pageOf, pageQuerySchema } from '../api/envelope';
import { defineOperation } from '../api/operation';

export const TENANT_FIELD_MAX_LENGTH = { name: 30, company: 50, contracts: 50 } as const;

export const TENANT_MSG = {
  nameRequired: '请输入平台名称',
  nameTooLong: `平台名称不能超过${TENANT_FIELD_MAX_LENGTH.name}个字符`,
  companyRequired: '请输入运营公司',
  companyTooLong: `运营公司不能超过${TENANT_FIELD_MAX_LENGTH.company}个字符`,
  contractsTooLong: `联系人不能超过${TENANT_FIELD_MAX_LENGTH.contracts}个字符`,
  nameTaken: '平台名称已存在',
  missing: '平台不存在',
  added: '新增成功',
  disabled: '已禁用',
  enabled: '已启用',
  confirmDisable: (name: string) => `确定禁用平台“${name}”吗？禁用后该平台的账号将无法登录，已登录的账号将被退出。`,
  confirmEnable: (name: string) => `确定启用平台“${name}”吗？`,
} as const;

export const tenantFormSchema = z.object({
  name: z.string().trim().min(1, TENANT_MSG.nameRequired).max(TENANT_FIELD_MAX_LENGTH.name, TENANT_MSG.nameTooLong),
  company: z
    .string()
    .trim()
    .min(1, TENANT_MSG.companyRequired)
    .max(TENANT_FIELD_MAX_LENGTH.company, TENANT_MSG.companyTooLong),
  /** contact person and phone, free text */
  contracts: z.string().trim().max(TENANT_FIELD_MAX_LENGTH.contracts, TENANT_MSG.contractsTooLong).default(''),
});
export type TenantForm = z.input<typeof tenantFormSchema>;

const tenantIdSchema = recordIdSchema(0);

export const tenantAdminRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company: z.string(),
  contracts: z.string(),
  status: z.number().int(),
  /** epoch milliseconds */
  createTime: z.number().int(),
});
export type TenantAdminRecord = z.infer<typeof tenantAdminRecordSchema>;

export const tenantAdminListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/tenant/admin/list',
  tag: '平台管理',
  summary: '平台管理列表（平台运营方，含已禁用）',
  access: { permission: 'sysTenant:list:view' },
  input: pageQuerySchema.extend({
    name: z.string().trim().max(TENANT_FIELD_MAX_LENGTH.name).optional(),
    status: z.coerce
      .number()
      .int()
      .refine((value) => value === 0 || value === 1, '状态不存在')
      .optional(),
  }),
  answer: pageOf(tenantAdminRecordSchema),
});

export const tenantAddOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/tenant/add',
  tag: '平台管理',
  summary: '新增平台（内置角色随之建立）',
  access: { permission: 'sysTenant:list:edit' },
  input: tenantFormSchema,
  answer: z.object({ id: z.number().int() }),
});

export const tenantEditOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/tenant/edit',
  tag: '平台管理',
  summary: '编辑平台名称、运营公司与联系人',
  access: { permission: 'sysTenant:list:edit' },
  input: tenantFormSchema.extend({ id: tenantIdSchema }),
  answer: z.null(),
});

export const tenantSetStatusOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/tenant/setStatus',
  tag: '平台管理',
  summary: '禁用或启用平台（禁用时退出该平台的全部会话）',
  access: { permission: 'sysTenant:list:disable' },
  input: z.object({
    id: tenantIdSchema,
    status: z.union([z.literal(0), z.literal(1)]),
  }),
  answer: z.null(),
});
