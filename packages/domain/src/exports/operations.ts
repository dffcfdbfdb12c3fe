/**
 * The download cache of both sides (spec 2 §2.9, §7; spec 3 §2, §7) and the export calls of the
 * lists (decision 0007). The file download itself streams a workbook and is registered by hand
 * (server http/operation.ts lists it among the exceptions).
 */
import type { z } from 'zod';
import { pageOf } from '../api/envelope';
import { defineOperation, type Operation } from '../api/operation';
import type { PermissionCode } from '../access/permissions';
import { downloadCacheQuerySchema, downloadCacheRecordSchema, exportSubmittedSchema } from './schemas';

export const downloadCacheListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/downloadCache/queryList',
  tag: '下载缓存',
  summary: '本人导出的缓存文件（按下载类型与缓存时间筛选）',
  // the user's own exports; downloading one needs page:list:download
  access: 'session',
  input: downloadCacheQuerySchema,
  answer: pageOf(downloadCacheRecordSchema),
});

export type ExportOperation<Filters extends z.ZodType = z.ZodType> = Operation<Filters, typeof exportSubmittedSchema>;

/**
 * An export call of a list: `POST path` with the list's filters answers 下载任务已提交 and the
 * cache id; the file is made later and listed in the download cache.
 */
export const defineExportOperation = <Filters extends z.ZodType>(options: {
  path: string;
  tag: string;
  summary: string;
  filters: Filters;
  permission: PermissionCode;
}): ExportOperation<Filters> =>
  defineOperation({
    method: 'POST',
    path: options.path,
    tag: options.tag,
    summary: `${options.summary}（提交导出任务，生成后在下载列表下载）`,
    access: { permission: options.permission },
    input: options.filters,
    answer: exportSubmittedSchema,
  });
