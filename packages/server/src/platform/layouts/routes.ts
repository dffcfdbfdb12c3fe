import { columnLayoutGetOperation, columnLayoutSaveOperation, MSG } from '@fieldpay/domain';
import { registerOperation } from '../../http/operation';
import { principalOf } from '../auth/guards';
import type { RouteDeps } from '../modules';
import { getColumnLayout, saveColumnLayout } from './service';

/** Column layouts per user and list (spec 2 §7 "column layout get / save"). */
export function registerColumnLayoutRoutes({ app, services }: RouteDeps): void {
  const { db } = services.ctx;

  registerOperation(app, columnLayoutGetOperation, async ({ serviceName }, request) =>
    getColumnLayout(db, principalOf(request), serviceName),
  );

  registerOperation(
    app,
    columnLayoutSaveOperation,
    async ({ serviceName, contentJson }, request) =>
      saveColumnLayout(db, principalOf(request), serviceName, contentJson),
    { message: MSG.saveSuccess },
  );
}
