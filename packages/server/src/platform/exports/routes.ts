import {
  DESENSITIZATION_TOKEN_HEADER,
  downloadCacheIdQuerySchema,
  downloadCacheQuerySchema,
  downloadCacheRecordSchema,
  envelopeOf,
  exportSubmittedSchema,
  MSG,
  pageOf,
  type PermissionCode,
} from '@fieldpay/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ok } from '../../http/envelope';
import { fail } from '../../core/errors';
import { actorOf, principalOf } from '../auth/guards';
import type { ZodApp } from '../../http/types';
import type { RouteDeps } from '../modules';
import type { Services } from '../../services';

/** RFC 5987 file name, so 项目列表_20261122.xlsx arrives whole in every browser. */
export const attachmentHeader = (fileName: string): string =>
  `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/**
 * Registers an export call of a module: `POST path` with the list's filters answers 下载任务已提交
 * and the cache id; the rows are masked unless the request carries a live desensitization token
 * (a token that is present but stale is refused rather than silently masking).
 */
export function registerExportRoute<Filters extends z.ZodType>(
  { app, services }: RouteDeps,
  options: { path: string; kind: string; summary: string; tag: string; body: Filters; permission: PermissionCode },
): void {
  (app as ZodApp).post(
    options.path,
    {
      config: { access: { permission: options.permission } },
      schema: {
        tags: [options.tag],
        summary: `${options.summary}（提交导出任务，生成后在下载列表下载）`,
        body: options.body,
        response: { 200: envelopeOf(exportSubmittedSchema) },
      },
    },
    async (request) => {
      const cacheId = await services.exports.submit({
        principal: principalOf(request),
        actor: actorOf(request),
        kind: options.kind,
        filters: request.body,
        unmasked: await unmaskRequested(services, request),
      });
      return ok({ cacheId }, MSG.exportSubmitted);
    },
  );
}

async function unmaskRequested(services: Services, request: FastifyRequest): Promise<boolean> {
  const token = request.headers[DESENSITIZATION_TOKEN_HEADER];
  if (token === undefined || token === '') return false;
  if (typeof token !== 'string' || !(await services.desensitization.isValid(principalOf(request), token))) {
    throw fail.forbidden(MSG.desensitizationTokenInvalid);
  }
  return true;
}

/** The download cache of both sides (spec 2 §2.9, §7; spec 3 §2, §7). */
export function registerDownloadCacheRoutes({ app, services }: RouteDeps): void {
  app.get(
    '/api/sys/downloadCache/queryList',
    {
      // the user's own exports; downloading one needs page:list:download
      config: { access: 'session' },
      schema: {
        tags: ['下载缓存'],
        summary: '本人导出的缓存文件（按下载类型与缓存时间筛选）',
        querystring: downloadCacheQuerySchema,
        response: { 200: envelopeOf(pageOf(downloadCacheRecordSchema)) },
      },
    },
    async (request) => ok(await services.exports.list(principalOf(request), request.query)),
  );

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
