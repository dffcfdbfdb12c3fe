/**
 * 审计日志 (decision 0013): who did what to which record, with the state before and after (personal
 * data is masked when written). The platform operator reads every tenant's; times are China time.
 */
import { z } from 'zod';
import { recordIdSchema } from '../api/ids';
import { pageOf, pageQuerySchema } from '../api/envelope';
import { defineOperation } from '../api/operation';
import { parseChinaDateTime } from '../china-time';
import { defineExportOperation } from '../exports/operations';

/** The actions the screen names; others show their code. */
export const AUDIT_ACTIONS: Readonly<Record<string, string>> = {
  'auth.login': '登录',
  'user.changePassword': '修改密码',
  'tenant.add': '新增平台',
  'tenant.edit': '编辑平台',
  'tenant.disable': '禁用平台',
  'tenant.enable': '启用平台',
  'staff.add': '新增账号',
  'staff.edit': '编辑账号',
  'staff.disable': '禁用账号',
  'staff.enable': '启用账号',
  'staff.resetPassword': '重置密码',
  'staff.forceLogout': '强制下线',
  'member.add': '新增企业成员',
  'member.join': '已有账号加入企业',
  'member.edit': '编辑企业成员',
  'member.disable': '禁用企业成员',
  'member.enable': '启用企业成员',
  'member.resetPassword': '重置企业成员密码',
  'member.forceLogout': '企业成员强制下线',
  'role.add': '新增角色',
  'role.edit': '编辑角色',
  'role.delete': '删除角色',
  'config.save': '修改配置',
  'auth.switchTenant': '切换平台',
  'desensitization.verify': '脱敏验证',
  'export.submit': '提交导出',
  'export.submit.unmasked': '提交导出（不脱敏）',
  'export.run': '生成导出',
  'export.download': '下载导出文件',
  'export.expire': '导出文件过期',
  'file.upload': '上传文件',
  'file.delete': '删除文件',
  'appVersion.publish': '发布APP版本',
  'appVersion.edit': '修改APP版本',
  'appVersion.withdraw': '撤回APP版本',
  'sensitiveWord.add': '添加敏感词',
  'sensitiveWord.delete': '删除敏感词',
  'dictItem.edit': '修改字典项',
  'dictItem.add': '新增字典项',
  'dictItem.delete': '删除字典项',
  'task.publish': '发布任务',
  'task.approve': '任务审核通过',
  'task.reject': '任务审核驳回',
};

export const AUDIT_TARGET_TYPES: Readonly<Record<string, string>> = {
  user: '账号',
  tenant: '平台',
  role: '角色',
  config: '配置',
  session: '会话',
  file: '文件',
  download_cache: '导出文件',
  appVersion: 'APP版本',
  sensitiveWord: '敏感词',
  dictItem: '字典项',
  task: '任务',
};

const chinaTime = z
  .string()
  .trim()
  .refine((text) => !Number.isNaN(parseChinaDateTime(text)), '时间格式不正确')
  .transform(parseChinaDateTime);

/**
 * A time filter: `YYYY-MM-DD HH:mm:ss` China time as the screen sends it, or the epoch
 * milliseconds it stands for (how an export stores its filters and reads them back).
 */
export const chinaTimeFilterSchema = z.union([z.number().int().min(0), chinaTime]);

/** The audit log's filters, shared by the screen's query and its export. */
export const auditFiltersSchema = z.object({
  /** the actor's name, contains */
  actorName: z.string().trim().max(30).optional(),
  action: z.string().trim().max(64).optional(),
  targetType: z.string().trim().max(64).optional(),
  targetId: z.string().trim().max(64).optional(),
  tenantId: recordIdSchema(0).optional(),
  /** `YYYY-MM-DD HH:mm:ss` China time, inclusive */
  startTime: chinaTimeFilterSchema.optional(),
  endTime: chinaTimeFilterSchema.optional(),
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

export const auditRecordSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  actorName: z.string(),
  side: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  /** epoch milliseconds */
  createdAt: z.number().int(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

export const auditQueryOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/audit/query',
  tag: '审计日志',
  summary: '审计日志查询（按操作人、操作、对象与时间范围，时间为北京时间）',
  access: { permission: 'sysAudit:list:view' },
  input: pageQuerySchema.extend(auditFiltersSchema.shape),
  answer: pageOf(auditRecordSchema),
});

export const auditExportOperation = defineExportOperation({
  path: '/api/sys2/audit/export',
  tag: '审计日志',
  summary: '导出审计日志（按审计日志的筛选条件）',
  filters: auditFiltersSchema,
  permission: 'sysAudit:list:export',
});
