/** The enterprise info view's calls (decision 0027) and 禁用 / 启用. */
import { ENTERPRISE_INFO_MSG, enterpriseInfoOperation, enterpriseStatusOperation } from '@fieldpay/domain';
import { registerOperation } from '../../http/operation';
import { actorOf, principalOf } from '../../platform/auth/guards';
import type { RouteDeps } from '../../platform/modules';
import { enterpriseInfo } from './info';
import { changeEnterpriseStatus } from './status';

export function registerEnterpriseRoutes({ app, services }: RouteDeps): void {
  registerOperation(app, enterpriseInfoOperation, (input, request) =>
    enterpriseInfo(services.ctx.db, principalOf(request), input),
  );
  registerOperation(
    app,
    enterpriseStatusOperation,
    (input, request) => changeEnterpriseStatus(services, principalOf(request), input, actorOf(request)),
    { message: ({ status }) => (status === 2 ? ENTERPRISE_INFO_MSG.disabled : ENTERPRISE_INFO_MSG.enabled) },
  );
}
