/** Column layouts per user and list (spec 2 §7 "column layout get / save"). */
import { defineOperation } from '../api/operation';
import { columnLayoutGetQuerySchema, columnLayoutResultSchema, columnLayoutSaveBodySchema } from './schemas';

export const columnLayoutGetOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/column/get',
  tag: '字段设置',
  summary: '列表字段设置（已保存的与默认字段合并；未保存时为默认字段）',
  access: 'session',
  input: columnLayoutGetQuerySchema,
  answer: columnLayoutResultSchema,
});

export const columnLayoutSaveOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/column/save',
  tag: '字段设置',
  summary: '保存列表字段设置（contentJson 为字段数组或其 JSON 文本，type 0）',
  access: 'session',
  input: columnLayoutSaveBodySchema,
  answer: columnLayoutResultSchema,
});
