import multipart from '@fastify/multipart';
import {
  envelopeOf,
  fileDeleteOperation,
  fileLinkOperation,
  fileListOperation,
  MSG,
  UPLOAD,
  UPLOAD_PATHS,
  uploadedFileSchema,
  watermarkedFileSchema,
} from '@fieldpay/domain';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { contentDisposition } from '../../http/content-disposition';
import { registerOperation } from '../../http/operation';
import { fail } from '../../core/errors';
import { principalOf } from '../auth/guards';
import type { RouteDeps } from '../modules';
import { type Disposition, FILE_ROUTE_PREFIX } from './links';
import type { FileRow, FileService } from './service';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  ofd: 'application/ofd',
  xml: 'application/xml',
  apk: 'application/vnd.android.package-archive',
};
/** Only these open in the browser; everything else is always a download. */
const INLINE_TYPES = new Set(['jpg', 'jpeg', 'png', 'pdf']);

const UPLOAD_DESCRIPTION =
  'multipart/form-data：file（文件），可选 scene（上传场景）、id（所属业务记录）、uploadPath（上传目录）、maxBytes、maxCount。';

async function sendFile(
  files: FileService,
  reply: FastifyReply,
  row: FileRow,
  asked: Disposition,
  cacheControl: string,
): Promise<FastifyReply> {
  let stream: Awaited<ReturnType<FileService['storage']['openRead']>>;
  try {
    stream = await files.storage.openRead(row.storageKey);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw fail.notFound(MSG.fileMissing);
    throw error;
  }
  const disposition: Disposition = INLINE_TYPES.has(row.extension) ? asked : 'attachment';
  return reply
    .header('content-type', CONTENT_TYPES[row.extension] ?? 'application/octet-stream')
    .header('content-length', String(row.fileSize))
    .header('content-disposition', contentDisposition(disposition, row.fileName))
    .header('cache-control', cacheControl)
    .send(stream);
}

/**
 * Upload targets of spec 1 §7 and the stored files behind them (decision 0006). Multipart parsing is
 * registered in this scope only: nowhere else does the API accept multipart bodies. The uploads and
 * the file read are documented hand-registered routes (http/operation.ts); the JSON calls are operations.
 */
export function registerFileRoutes({ app, services, guards }: RouteDeps): void {
  const { files } = services;

  void app.register(async (scope) => {
    // an oversize file is cut at the cap and refused with its own message, not a bare 413
    await scope.register(multipart, { throwFileSizeLimit: false });
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const uploadRoute = {
      tags: ['文件上传'],
      consumes: ['multipart/form-data'],
      description: UPLOAD_DESCRIPTION,
      response: { 200: envelopeOf(uploadedFileSchema) },
    };

    api.post(
      UPLOAD_PATHS.upload,
      { config: { access: 'session' }, schema: { ...uploadRoute, summary: '通用上传（附件、图片、文档）' } },
      async (request) => {
        const [row] = await files.receive(request, {
          principal: principalOf(request),
          ip: request.ip,
          target: 'upload',
          maxFilesPerRequest: 1,
          visibility: 'tenant',
          watermark: false,
        });
        return ok(files.toUploadedFile(row));
      },
    );

    api.post(
      UPLOAD_PATHS.sourceUpload,
      {
        config: { access: 'session' },
        schema: { ...uploadRoute, summary: '源文件上传（订单生成、结算的原始文件，原样保存）' },
      },
      async (request) => {
        const [row] = await files.receive(request, {
          principal: principalOf(request),
          ip: request.ip,
          target: 'sourceUpload',
          maxFilesPerRequest: 1,
          visibility: 'tenant',
          watermark: false,
        });
        return ok(files.toUploadedFile(row));
      },
    );

    api.post(
      UPLOAD_PATHS.uploadWithWatermark,
      {
        config: { access: 'session' },
        schema: {
          ...uploadRoute,
          summary: '图片水印上传（上传时间、上传人、防伪码），可多张，返回数组',
          response: { 200: envelopeOf(z.array(watermarkedFileSchema)) },
        },
      },
      async (request) => {
        const rows = await files.receive(request, {
          principal: principalOf(request),
          ip: request.ip,
          target: 'uploadWithWatermark',
          maxFilesPerRequest: UPLOAD.maxFiles,
          forcedScene: 'image',
          visibility: 'tenant',
          watermark: true,
        });
        return ok(
          rows.map((row) => {
            const file = files.toUploadedFile(row);
            return { ...file, fileUrl: file.address, stampHash: row.watermark?.hash ?? '' };
          }),
        );
      },
    );

    api.post(
      UPLOAD_PATHS.uploadOut,
      {
        config: { access: { side: 'platform' } },
        schema: { ...uploadRoute, summary: '对外文件上传（平台管理员；APP安装包等公开下载的文件）' },
      },
      async (request) => {
        const [row] = await files.receive(request, {
          principal: principalOf(request),
          ip: request.ip,
          target: 'uploadOut',
          maxFilesPerRequest: 1,
          visibility: 'public',
          watermark: false,
        });
        return ok(files.toUploadedFile(row));
      },
    );
  });

  registerOperation(app, fileLinkOperation, async ({ address, disposition }, request) =>
    files.linkFor(await files.readable(principalOf(request), address), { disposition }),
  );

  registerOperation(app, fileListOperation, async ({ uploadPath, id }, request) => {
    const rows = await files.listOfRecord(principalOf(request), uploadPath, id);
    return rows.map((row) => files.toUploadedFile(row));
  });

  registerOperation(
    app,
    fileDeleteOperation,
    async ({ address }, request) => {
      await files.remove(principalOf(request), address, request.ip);
      return null;
    },
    { message: MSG.deleteSuccess },
  );

  // streams the stored file: one of the documented hand-registered routes (http/operation.ts)
  app.get(
    `${FILE_ROUTE_PREFIX}/:tenantId/:fileKey`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['文件'],
        summary: '读取文件：带签名链接参数，或带登录令牌且有权查看',
        params: z.object({
          tenantId: z.coerce.number().int().min(0),
          fileKey: z.string().regex(/^[A-Za-z0-9_-]{16,32}$/),
        }),
        querystring: z.object({
          expires: z.coerce.number().int().optional(),
          disposition: z.enum(['inline', 'attachment']).default('inline'),
          sign: z
            .string()
            .regex(/^[0-9a-f]{64}$/)
            .optional(),
        }),
      },
      // a signed link is its own permission; without one, the session must be allowed to read the file
      preHandler: async (request) => {
        if (request.query.sign === undefined) await guards.authenticate(request);
      },
    },
    async (request, reply) => {
      const { tenantId, fileKey } = request.params;
      const { sign, expires, disposition } = request.query;
      const address = `${FILE_ROUTE_PREFIX}/${tenantId}/${fileKey}`;
      if (sign !== undefined) {
        const check = files.checkLink({ tenantId, fileKey }, { expires: expires ?? 0, disposition, sign });
        if (check === 'forged') throw fail.forbidden();
        if (check === 'expired') throw fail.forbidden(MSG.fileLinkExpired);
        const row = await files.findByAddress(address);
        if (row?.delFlag !== 0) throw fail.notFound(MSG.fileMissing);
        return sendFile(files, reply, row, disposition, 'private, max-age=300');
      }
      const row = await files.readable(principalOf(request), address);
      return sendFile(files, reply, row, disposition, 'private, no-cache');
    },
  );
}
