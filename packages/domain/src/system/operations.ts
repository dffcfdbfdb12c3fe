/**
 * Dictionaries, configuration values and the audit log (spec 1 §7).
 */
import { z } from 'zod';
import { recordIdSchema } from '../api/ids';
import { pageOf, pageQuerySchema } from '../api/envelope';
import { defineOperation } from '../api/operation';
import { configKeySchema } from '../validators';
import { configValueRefusal } from './config-values';

export const configValueSchema = z.object({ configKey: z.string(), content: z.string() });
export type ConfigValue = z.infer<typeof configValueSchema>;

export const configValueOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/config/queryByKey',
  tag: '字典与配置',
  summary: '配置值',
  // the shell reads settings such as the upload size limit and the APP address on any screen
  access: 'session',
  input: z.object({ configKey: configKeySchema }),
  answer: configValueSchema,
});

export const configSaveOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/config/save',
  tag: '字典与配置',
  summary: '修改配置值（平台管理员，sysConfig:list:edit）',
  access: { permission: 'sysConfig:list:edit' },
  input: z
    .object({ configKey: configKeySchema, content: z.string().trim().min(1, '请输入配置内容').max(2000) })
    .superRefine(({ configKey, content }, context) => {
      const refusal = configValueRefusal(configKey, content);
      if (refusal) context.addIssue({ code: 'custom', path: ['content'], message: refusal });
    }),
  answer: z.null(),
});

export const auditLogRecordSchema = z.object({
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
  createdAt: z.number().int(),
});

export const auditLogListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/audit/list',
  tag: '审计日志',
  summary: '审计日志（平台管理员，sysAudit:list:view）',
  access: { permission: 'sysAudit:list:view' },
  input: pageQuerySchema.extend({ tenantId: recordIdSchema(0).optional() }),
  answer: pageOf(auditLogRecordSchema),
});

export const dictItemSchema = z.object({ title: z.string(), value: z.string() });
export type DictItem = z.infer<typeof dictItemSchema>;

const dictCodeInput = z.object({ dictCode: z.string().regex(/^[A-Za-z0-9_.]{1,64}$/, '字典编码格式不正确') });

/** GET /api/sys2/g/dict/loadDict/{dictCode} */
export const dictItemsByPathOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/g/dict/loadDict/:dictCode',
  tag: '字典与配置',
  summary: '字典项（title, value）',
  access: 'session',
  input: dictCodeInput,
  answer: z.array(dictItemSchema),
});

/** GET /api/sys2/g/dict/loadDict/?dictCode=… */
export const dictItemsOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/g/dict/loadDict/',
  tag: '字典与配置',
  summary: '字典项（以查询参数 dictCode 传入）',
  access: 'session',
  input: dictCodeInput,
  answer: z.array(dictItemSchema),
});
