import {
  contentAddOperation,
  contentDeleteOperation,
  contentDetailOperation,
  contentEditOperation,
  contentListOperation,
  contentStatusOperation,
  MSG,
} from '@fieldpay/domain';
import { registerOperation } from '../../http/operation';
import { principalOf } from '../../platform/auth/guards';
import type { RouteDeps } from '../../platform/modules';
import { auditActorOf } from '../../platform/system/audit';
import { addContent, contentDetail, deleteContent, editContent, listContent, setContentStatus } from './library';

export function registerContentRoutes({ app, services }: RouteDeps): void {
  const db = () => services.ctx.db;
  registerOperation(app, contentListOperation, async (query, request) =>
    listContent(db(), principalOf(request), query),
  );
  registerOperation(app, contentDetailOperation, async ({ id }, request) =>
    contentDetail(db(), principalOf(request), id),
  );
  registerOperation(
    app,
    contentAddOperation,
    async (body, request) => {
      const principal = principalOf(request);
      return addContent(db(), principal, auditActorOf(principal, request.ip), body);
    },
    { message: MSG.saveSuccess },
  );
  registerOperation(
    app,
    contentEditOperation,
    async (body, request) => {
      const principal = principalOf(request);
      await editContent(db(), principal, auditActorOf(principal, request.ip), body);
      return null;
    },
    { message: MSG.saveSuccess },
  );
  registerOperation(
    app,
    contentStatusOperation,
    async ({ id, status }, request) => {
      const principal = principalOf(request);
      await setContentStatus(db(), principal, auditActorOf(principal, request.ip), id, status);
      return null;
    },
    { message: MSG.operationSuccess },
  );
  registerOperation(
    app,
    contentDeleteOperation,
    async ({ id }, request) => {
      const principal = principalOf(request);
      await deleteContent(db(), principal, auditActorOf(principal, request.ip), id);
      return null;
    },
    { message: MSG.deleteSuccess },
  );
}
