/** The sensitive-word check of every form and the operator's word list (spec 1 §5, §7; spec 3 §7). */
import { z } from 'zod';
import { pageOf } from '../api/envelope';
import { defineOperation, type RouteAccess } from '../api/operation';
import {
  sensitiveCheckBodySchema,
  sensitiveCheckResultSchema,
  sensitiveWordAddBodySchema,
  sensitiveWordAddResultSchema,
  sensitiveWordDeleteBodySchema,
  sensitiveWordListQuerySchema,
  sensitiveWordRecordSchema,
} from './schemas';

// the word list is reference data of the platform operator (the code is operator-only)
const operatorOnly: RouteAccess = { permission: 'sensitiveWord:list:edit' };

/** Words found answer a failure envelope (code 400) whose result lists them. */
export const sensitiveCheckOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/sensitive/check',
  tag: '敏感词',
  summary: '敏感词检测（success 为 false 时 message 列出命中的词）',
  // forms of every screen check their text before saving
  access: 'session',
  input: sensitiveCheckBodySchema,
  answer: sensitiveCheckResultSchema,
});

export const sensitiveWordListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/sensitive/list',
  tag: '敏感词',
  summary: '敏感词列表（平台管理员，sensitiveWord:list:edit）',
  access: operatorOnly,
  input: sensitiveWordListQuerySchema,
  answer: pageOf(sensitiveWordRecordSchema),
});

export const sensitiveWordAddOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/sensitive/add',
  tag: '敏感词',
  summary: '添加敏感词（可一次多个；已存在的词原样返回在 existing 中）',
  access: operatorOnly,
  input: sensitiveWordAddBodySchema,
  answer: sensitiveWordAddResultSchema,
});

export const sensitiveWordDeleteOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/sensitive/delete',
  tag: '敏感词',
  summary: '删除敏感词',
  access: operatorOnly,
  input: sensitiveWordDeleteBodySchema,
  answer: z.object({ deleted: z.number().int() }),
});
