/**
 * The stored files' JSON calls (decision 0006): signed links, a record's attachments, deleting one.
 * The multipart uploads and the file read itself are not JSON and are registered by hand (server
 * http/operation.ts lists them among the exceptions).
 */
import { z } from 'zod';
import { defineOperation } from '../api/operation';
import {
  fileDeleteBodySchema,
  fileLinkQuerySchema,
  fileLinkSchema,
  fileListQuerySchema,
  uploadedFileSchema,
} from './schemas';

/** Where stored files are read and their calls live. */
export const FILE_ROUTE_PREFIX = '/api/resource/file';

export const fileLinkOperation = defineOperation({
  method: 'GET',
  path: `${FILE_ROUTE_PREFIX}/link`,
  tag: '文件',
  summary: '文件的签名链接（限时有效，可用于图片、预览和下载）',
  access: 'session',
  input: fileLinkQuerySchema.extend({ disposition: z.enum(['inline', 'attachment']).default('inline') }),
  answer: fileLinkSchema,
});

export const fileListOperation = defineOperation({
  method: 'GET',
  path: `${FILE_ROUTE_PREFIX}/list`,
  tag: '文件',
  summary: '业务记录的附件列表（uploadPath + id）',
  access: 'session',
  input: fileListQuerySchema,
  answer: z.array(uploadedFileSchema),
});

export const fileDeleteOperation = defineOperation({
  method: 'POST',
  path: `${FILE_ROUTE_PREFIX}/delete`,
  tag: '文件',
  summary: '删除附件（标记 delFlag 1，文件内容保留）',
  access: 'session',
  input: fileDeleteBodySchema,
  answer: z.null(),
});
