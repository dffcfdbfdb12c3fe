import {
  MSG,
  TASK_ATTACHMENT_ZIP_PATH,
  TASK_MSG,
  TASK_PHOTO_ROUTE_PREFIX,
  taskAuditOperation,
  taskCallRecordsOperation,
  taskDetailOperation,
  taskMaterialRecordsOperation,
  taskReadingRecordsOperation,
  taskReverseGeocodeOperation,
  taskSurveyDetailOperation,
  taskListOperation,
  taskPublishOperation,
  WORKER_PHOTO_BODY_LIMIT,
  workerCallRecordOperation,
  workerCheckInOperation,
  workerCheckOutOperation,
  workerLoginOperation,
  workerLogoutOperation,
  workerMaterialOpenOperation,
  workerPositionOperation,
  workerMyTasksOperation,
  workerOpenTasksOperation,
  workerSubmitTaskOperation,
  workerTakeTaskOperation,
  workerUploadPhotoOperation,
  workerUploadSurveyFileOperation,
  WORKER_SURVEY_FILE_BODY_LIMIT,
} from '@fieldpay/domain';
import { z } from 'zod';
import { fail } from '../../core/errors';
import { recordIdSchema } from '@fieldpay/domain';
import { contentDisposition } from '../../http/content-disposition';
import { registerOperation } from '../../http/operation';
import { CREDENTIAL_RATE_LIMIT } from '../../http/types';
import { actorOf, principalOf, workerOf } from '../../platform/auth/guards';
import { workerLogin } from '../../platform/auth/worker-login';
import { zipOfStoredFiles } from '../../platform/files/zip-stream';
import type { RouteDeps } from '../../platform/modules';
import { auditTasks, listTasks, publishTask } from './console';
import {
  attachmentEntries,
  attachmentZipName,
  callRecords,
  materialRecords,
  readingRecords,
  photoRef,
  reverseGeocode,
  scopedPhoto,
  surveyDetail,
  taskDetail,
  unsafePhotoForLink,
} from './detail';
import {
  listMyTasks,
  listOpenTasks,
  recordCall,
  recordMaterialOpen,
  recordPosition,
  signTask,
  submitTask,
  takeTask,
  uploadSurveyFile,
  uploadTaskPhoto,
} from './worker';

const TASK_FILE_CONTENT_TYPES: Readonly<Record<string, string>> = {
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
};

export function registerTaskRoutes({ app, services, guards }: RouteDeps): void {
  // ---- the worker API (access 'worker': a natural person's own session)
  registerOperation(app, workerLoginOperation, async (body, request) => workerLogin(services, body, request.ip), {
    message: '登录成功',
    ...CREDENTIAL_RATE_LIMIT,
  });
  registerOperation(
    app,
    workerLogoutOperation,
    async (_input, request) => {
      await services.workerSessions.revoke(services.ctx.db, workerOf(request).sessionId);
      return null;
    },
    { message: '退出成功' },
  );
  registerOperation(app, workerOpenTasksOperation, async (query, request) =>
    listOpenTasks(services.ctx.db, workerOf(request), query),
  );
  registerOperation(app, workerMyTasksOperation, async (query, request) =>
    listMyTasks(services.ctx.db, workerOf(request), query),
  );
  registerOperation(app, workerTakeTaskOperation, async ({ taskId }, request) =>
    takeTask(services, workerOf(request), taskId),
  );
  registerOperation(
    app,
    workerUploadPhotoOperation,
    async (body, request) => uploadTaskPhoto(services, workerOf(request), body),
    { bodyLimit: WORKER_PHOTO_BODY_LIMIT },
  );
  registerOperation(
    app,
    workerUploadSurveyFileOperation,
    async (body, request) => uploadSurveyFile(services, workerOf(request), body),
    { bodyLimit: WORKER_SURVEY_FILE_BODY_LIMIT },
  );
  registerOperation(app, workerCheckInOperation, async (body, request) =>
    signTask(services, workerOf(request), 'checkIn', body),
  );
  registerOperation(app, workerCheckOutOperation, async (body, request) =>
    signTask(services, workerOf(request), 'checkOut', body),
  );
  registerOperation(app, workerCallRecordOperation, async (body, request) =>
    recordCall(services, workerOf(request), body),
  );
  registerOperation(app, workerMaterialOpenOperation, async (body, request) =>
    recordMaterialOpen(services, workerOf(request), body),
  );
  registerOperation(app, workerPositionOperation, async (body, request) =>
    recordPosition(services, workerOf(request), body),
  );
  registerOperation(app, workerSubmitTaskOperation, async (body, request) =>
    submitTask(services, workerOf(request), body),
  );

  // ---- the console
  registerOperation(app, taskListOperation, async (query, request) =>
    listTasks(services.ctx.db, principalOf(request), query),
  );
  registerOperation(
    app,
    taskAuditOperation,
    async (body, request) => auditTasks(services, principalOf(request), actorOf(request), body),
    { message: ({ updated }) => TASK_MSG.reviewedCount(updated) },
  );
  registerOperation(
    app,
    taskPublishOperation,
    async (body, request) => publishTask(services, principalOf(request), actorOf(request), body),
    { message: '发布成功' },
  );

  // ---- the task detail screen (decision 0022)
  registerOperation(app, taskDetailOperation, async ({ id }, request) =>
    taskDetail(services, principalOf(request), id),
  );
  registerOperation(app, taskMaterialRecordsOperation, async (query, request) =>
    materialRecords(services.ctx.db, principalOf(request), query),
  );
  registerOperation(app, taskReadingRecordsOperation, async (query, request) =>
    readingRecords(services.ctx.db, principalOf(request), query),
  );
  registerOperation(app, taskCallRecordsOperation, async (query, request) =>
    callRecords(services.ctx.db, principalOf(request), query),
  );
  registerOperation(app, taskReverseGeocodeOperation, async (query, request) =>
    reverseGeocode(services, principalOf(request), query),
  );
  registerOperation(app, taskSurveyDetailOperation, async ({ id }, request) =>
    surveyDetail(services, principalOf(request), id),
  );

  // streams a task photo: one of the documented hand-registered routes (http/operation.ts)
  app.get(
    `${TASK_PHOTO_ROUTE_PREFIX}/:tenantId/:photoId`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['任务'],
        summary: '任务照片：带签名链接参数（任务详情给出），或带登录令牌且有任务列表查看权限（本平台、本企业）',
        params: z.object({ tenantId: z.coerce.number().int().min(0).max(2_147_483_647), photoId: recordIdSchema() }),
        querystring: z.object({
          expires: z.coerce.number().int().optional(),
          disposition: z.enum(['inline', 'attachment']).default('inline'),
          sign: z
            .string()
            .regex(/^[0-9a-f]{64}$/)
            .optional(),
        }),
      },
      // a signed link is its own permission; without one, the session must hold the list's code
      preHandler: async (request) => {
        if (request.query.sign !== undefined) return;
        await guards.authenticate(request);
        await guards.permission('taskManage:list:view')(request);
      },
    },
    async (request, reply) => {
      const { tenantId, photoId } = request.params;
      const { sign, expires, disposition } = request.query;
      let photo: Awaited<ReturnType<typeof scopedPhoto>>;
      if (sign !== undefined) {
        const row = await unsafePhotoForLink(services, tenantId, photoId);
        // the same answer for a forged link and for a photo that is not there: no probing
        if (!row) throw fail.forbidden();
        const check = services.files.checkLink(photoRef(row), { expires: expires ?? 0, disposition, sign });
        if (check === 'forged') throw fail.forbidden();
        if (check === 'expired') throw fail.forbidden(MSG.fileLinkExpired);
        photo = row;
      } else {
        photo = await scopedPhoto(services.ctx.db, principalOf(request), tenantId, photoId);
      }
      let stream: Awaited<ReturnType<typeof services.files.storage.openRead>>;
      try {
        stream = await services.files.storage.openRead(photo.storageKey);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw fail.notFound(MSG.fileMissing);
        throw error;
      }
      // survey files (decision 0027) are not only images: anything but an image or PDF downloads
      const type = TASK_FILE_CONTENT_TYPES[photo.extension] ?? 'application/octet-stream';
      const shown = ['jpg', 'jpeg', 'png', 'pdf'].includes(photo.extension) ? disposition : 'attachment';
      return reply
        .header('content-type', type)
        .header('content-length', String(photo.fileSize))
        .header('content-disposition', contentDisposition(shown, photo.fileName))
        .header('cache-control', sign !== undefined ? 'private, max-age=300' : 'private, no-cache')
        .send(stream);
    },
  );

  // the task's photos in one zip: one of the documented hand-registered routes (http/operation.ts)
  app.get(
    TASK_ATTACHMENT_ZIP_PATH,
    {
      config: { access: { permission: 'taskManage:list:view' } },
      schema: {
        tags: ['任务'],
        summary: '下载任务照片与附件（zip，按照片组或照片类型分目录；没有时答复“暂无附件数据”）',
        querystring: z.object({ taskId: recordIdSchema() }),
      },
    },
    async (request, reply) => {
      const { task, entries } = await attachmentEntries(services.ctx.db, principalOf(request), request.query.taskId);
      const zip = await zipOfStoredFiles(services.files.storage, entries);
      const name = attachmentZipName(task);
      return reply
        .type('application/zip')
        .header('content-disposition', contentDisposition('attachment', name, `${task.taskSn}.zip`))
        .header('cache-control', 'no-store')
        .send(zip);
    },
  );
}
