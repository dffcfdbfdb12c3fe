import {
  appVersionEditOperation,
  appVersionListOperation,
  appVersionSaveOperation,
  appVersionWithdrawOperation,
  latestAppVersionOperation,
  MSG,
} from '@fieldpay/domain';
import { registerOperation } from '../../http/operation';
import { principalOf } from '../auth/guards';
import type { RouteDeps } from '../modules';
import { AppVersionService } from './service';

/** App versions (issue 4 item 8): the operator publishes; the public landing page reads the newest. */
export function registerAppVersionRoutes({ app, services }: RouteDeps): void {
  const versions = new AppVersionService(services.ctx.db, services.files);

  // public: the QR code's landing page is opened on phones without a session
  registerOperation(app, latestAppVersionOperation, async () => versions.latest(), {
    rateLimit: { max: 120, timeWindow: '1 minute' },
    security: [],
  });

  registerOperation(app, appVersionListOperation, async ({ pageNo, pageSize }) => versions.list(pageNo, pageSize));

  registerOperation(
    app,
    appVersionSaveOperation,
    async (body, request) => versions.publish(principalOf(request), body, request.ip),
    { message: MSG.appVersionPublished },
  );

  registerOperation(
    app,
    appVersionEditOperation,
    async (body, request) => versions.edit(principalOf(request), body, request.ip),
    { message: MSG.saveSuccess },
  );

  registerOperation(
    app,
    appVersionWithdrawOperation,
    async ({ id }, request) => {
      await versions.withdraw(principalOf(request), id, request.ip);
      return null;
    },
    { message: MSG.appVersionWithdrawn },
  );
}
