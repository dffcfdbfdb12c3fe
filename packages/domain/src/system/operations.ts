/**
 * Dictionaries, configuration values and the audit log (spec 1 §7).
 */
import { z } from 'zod';
import { recordIdSchema } from '../api/ids';
import { pageOf, pageQuerySchema } from '../api/envelope';
import { defineOperation, noInput } from '../api/operation';
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

// ---- 数据字典 and 系统配置 screens (decision 0016): the operator reads every dictionary and
// configuration value, edits dictionary labels and typed configuration values; values the code
// depends on (dictionary item values, configuration keys) are never changed here.

export const DICT_MSG = {
  missing: '字典不存在',
  itemMissing: '字典项不存在',
  titleTaken: '该字典中已有同名的字典项',
  valueTaken: '该字典中已有相同的字典项值',
  valuesFixed: '该字典的值由系统使用，只能修改名称',
  seededItem: '系统内置的字典项不能删除',
  added: '新增成功',
  confirmDelete: (title: string) => `确定删除字典项“${title}”吗？`,
} as const;

/** An operator's new item value: letters, digits, `_` and `-` (the value stored rows and loadDict answer). */
export const DICT_ITEM_VALUE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
const dictItemTitleSchema = z.string().trim().min(1, '请输入字典项名称').max(32, '字典项名称不能超过32个字符');

export const dictRecordSchema = z.object({
  code: z.string(),
  name: z.string(),
  itemCount: z.number().int(),
  /** labels an operator changed from the installation's */
  editedCount: z.number().int(),
  /** the code depends on the item values: labels only (decision 0023) */
  valuesFixed: z.boolean(),
});
export type DictRecord = z.infer<typeof dictRecordSchema>;

export const dictListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/dict/queryList',
  tag: '字典与配置',
  summary: '数据字典列表（按字典名称或编码）',
  access: { permission: 'sysDict:list:view' },
  input: pageQuerySchema.extend({
    /** name or code, contains */
    keyword: z.string().trim().max(64).optional(),
  }),
  answer: pageOf(dictRecordSchema),
});

export const dictItemRecordSchema = z.object({
  value: z.string(),
  title: z.string(),
  /** the installation's label: an edited label can be set back to it */
  defaultTitle: z.string(),
  sort: z.number().int(),
  edited: z.boolean(),
  /** added by an operator: may be deleted (decision 0023) */
  operatorAdded: z.boolean(),
});
export type DictItemRecord = z.infer<typeof dictItemRecordSchema>;

export const dictItemListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/dict/items',
  tag: '字典与配置',
  summary: '字典项列表（值只读，名称可改）',
  access: { permission: 'sysDict:list:view' },
  input: dictCodeInput,
  answer: z.array(dictItemRecordSchema),
});

export const dictItemEditOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/dict/item/edit',
  tag: '字典与配置',
  summary: '修改字典项名称（值由代码使用，不可修改；写入审计日志）',
  access: { permission: 'sysDict:list:edit' },
  input: dictCodeInput.extend({
    value: z.string().trim().min(1, '请选择字典项').max(64),
    title: dictItemTitleSchema,
  }),
  answer: z.null(),
});

export const dictItemAddOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/dict/item/add',
  tag: '字典与配置',
  summary: '新增字典项（仅限值不由代码使用的字典；写入审计日志）',
  access: { permission: 'sysDict:list:edit' },
  input: dictCodeInput.extend({
    value: z
      .string()
      .trim()
      .min(1, '请输入字典项值')
      .regex(DICT_ITEM_VALUE_PATTERN, '字典项值只能包含字母、数字、下划线和中划线，最多32个字符'),
    title: dictItemTitleSchema,
  }),
  answer: z.null(),
});

export const dictItemDeleteOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/dict/item/delete',
  tag: '字典与配置',
  summary: '删除运营方新增的字典项（写入审计日志）',
  access: { permission: 'sysDict:list:edit' },
  input: dictCodeInput.extend({ value: z.string().trim().min(1, '请选择字典项').max(64) }),
  answer: z.null(),
});

export const configRecordSchema = z.object({
  configKey: z.string(),
  name: z.string(),
  content: z.string(),
  remarks: z.string(),
  /** epoch milliseconds */
  updatedAt: z.number().int(),
  updatedByName: z.string(),
});
export type ConfigRecord = z.infer<typeof configRecordSchema>;

export const configListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/config/queryList',
  tag: '字典与配置',
  summary: '系统配置列表（每个配置值按其规则修改）',
  access: { permission: 'sysConfig:list:view' },
  input: noInput,
  answer: z.array(configRecordSchema),
});
