import {
  DESENSITIZATION_TOKEN_HEADER,
  downloadCacheIdQuerySchema,
  downloadCacheListOperation,
  type ExportOperation,
  MSG,
} from '@fieldpay/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { contentDisposition } from '../../http/content-disposition';
import { registerOperation } from '../../http/operation';
import { actorOf, principalOf } from '../auth/guards';
import type { RouteDeps } from '../modules';
import type { Services } from '../../services';

/** 项目列表_20261122.xlsx arrives whole in every browser; export.xlsx for those that read only the ASCII name. */
const attachmentHeader = (fileName: string): string => contentDisposition('attachment', fileName, 'export.xlsx');

/**
 * Registers an export call of a module (declared with defineExportOperation): the list's filters
 * answer 下载任务已提交 and the cache id of the `kind` of export; the rows are masked unless the
 * request carries a live desensitization token (a token that is present but stale is refused rather
 * than silently masking).
 */
export function registerExportRoute<Filters extends z.ZodType>(
  { app, services }: RouteDeps,
  operation: ExportOperation<Filters>,
  kind: string,
): void {
  registerOperation(
    app,
    operation,
    async (filters, request) => ({
      cacheId: await services.exports.submit({
        principal: principalOf(request),
        actor: actorOf(request),
        kind,
        filters,
        unmasked: await unmaskRequested(services, request),
      }),
    }),
    { message: MSG.exportSubmitted },
  );
}

const unmaskRequested = (services: Services, request: FastifyRequest): Promise<boolean> =>
  services.desensitization.unmaskRequested(principalOf(request), request.headers[DESENSITIZATION_TOKEN_HEADER]);

/** The download cache of both sides (spec 2 §2.9, §7; spec 3 §2, §7). */
export function registerDownloadCacheRoutes({ app, services }: RouteDeps): void {
  registerOperation(app, downloadCacheListOperation, async (query, request) =>
    services.exports.list(principalOf(request), query),
  );

  // streams the workbook: one of the documented hand-registered routes (http/operation.ts)
  app.get(
    '/api/sys/downloadCache/download',
    {
      config: { access: { permission: 'page:list:download' } },
      schema: {
        tags: ['下载缓存'],
        summary: '下载缓存文件（状态为可下载，且有 page:list:download 权限；写入审计日志）',
        querystring: downloadCacheIdQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await services.exports.openDownload(principalOf(request), actorOf(request), request.query.id);
      reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachmentHeader(file.fileName))
        .header('cache-control', 'no-store');
      if (file.fileSize !== null) reply.header('content-length', file.fileSize);
      return reply.send(file.stream);
    },
  );
}
