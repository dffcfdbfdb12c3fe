import {
  TASK_MSG,
  taskAuditOperation,
  taskListOperation,
  taskPublishOperation,
  WORKER_PHOTO_BODY_LIMIT,
  workerCallRecordOperation,
  workerCheckInOperation,
  workerCheckOutOperation,
  workerLoginOperation,
  workerLogoutOperation,
  workerMaterialOpenOperation,
  workerMyTasksOperation,
  workerOpenTasksOperation,
  workerSubmitTaskOperation,
  workerTakeTaskOperation,
  workerUploadPhotoOperation,
} from '@fieldpay/domain';
import { registerOperation } from '../../http/operation';
import { CREDENTIAL_RATE_LIMIT } from '../../http/types';
import { actorOf, principalOf, workerOf } from '../../platform/auth/guards';
import { workerLogin } from '../../platform/auth/worker-login';
import type { RouteDeps } from '../../platform/modules';
import { auditTasks, listTasks, publishTask } from './console';
import {
  listMyTasks,
  listOpenTasks,
  recordCall,
  recordMaterialOpen,
  signTask,
  submitTask,
  takeTask,
  uploadTaskPhoto,
} from './worker';

export function registerTaskRoutes({ app, services }: RouteDeps): void {
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
}
