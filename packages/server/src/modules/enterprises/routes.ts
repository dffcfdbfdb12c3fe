/** The enterprise info view's call (decision 0027). */
import { enterpriseInfoOperation } from '@fieldpay/domain';
import { registerOperation } from '../../http/operation';
import { principalOf } from '../../platform/auth/guards';
import type { RouteDeps } from '../../platform/modules';
import { enterpriseInfo } from './info';

export function registerEnterpriseRoutes({ app, services }: RouteDeps): void {
  registerOperation(app, enterpriseInfoOperation, (input, request) =>
    enterpriseInfo(services.ctx.db, principalOf(request), input),
  );
}
