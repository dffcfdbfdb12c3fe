/** The enterprise info view's calls (decision 0027): the info (desensitized with a token), 禁用 / 启用, 企业风险. */
import {
  DESENSITIZATION_TOKEN_HEADER,
  ENTERPRISE_INFO_MSG,
  enterpriseContactOperation,
  enterpriseInfoOperation,
  enterpriseLimitOperation,
  enterpriseStatusOperation,
} from '@fieldpay/domain';
import { registerOperation } from '../../http/operation';
import { actorOf, principalOf } from '../../platform/auth/guards';
import type { RouteDeps } from '../../platform/modules';
import { editEnterpriseContact, editEnterpriseLimit, enterpriseInfo } from './info';
import { changeEnterpriseStatus } from './status';

export function registerEnterpriseRoutes({ app, services }: RouteDeps): void {
  registerOperation(app, enterpriseInfoOperation, (input, request) =>
    enterpriseInfo(
      services,
      principalOf(request),
      input,
      request.headers[DESENSITIZATION_TOKEN_HEADER],
      actorOf(request),
    ),
  );
  registerOperation(
    app,
    enterpriseLimitOperation,
    (input, request) => editEnterpriseLimit(services.ctx.db, principalOf(request), input, actorOf(request)),
    { message: ENTERPRISE_INFO_MSG.limitSaved },
  );
  registerOperation(
    app,
    enterpriseContactOperation,
    (input, request) => editEnterpriseContact(services.ctx.db, principalOf(request), input, actorOf(request)),
    { message: ENTERPRISE_INFO_MSG.limitSaved },
  );
  registerOperation(
    app,
    enterpriseStatusOperation,
    (input, request) => changeEnterpriseStatus(services, principalOf(request), input, actorOf(request)),
    { message: ({ status }) => (status === 2 ? ENTERPRISE_INFO_MSG.disabled : ENTERPRISE_INFO_MSG.enabled) },
  );
}
