import {
  DESENSITIZATION_TOKEN_HEADER,
  enterprisesByIdsOperation,
  tenantListOperation,
  tenantsByIdsOperation,
} from '@fieldpay/domain';
import type { FastifyRequest } from 'fastify';
import { registerOperation } from '../../http/operation';
import { principalOf } from '../auth/guards';
import type { RouteDeps } from '../modules';
import { enterprisesByIds, queryTenants, tenantsByIds } from './service';

/** Names of the tenants and enterprises the session may see, for selects and list columns. */
export function registerTenantRoutes({ app, services }: RouteDeps): void {
  const { db } = services.ctx;
  const viewOf = async (request: FastifyRequest) => ({
    unmasked: await services.desensitization.unmaskRequested(
      principalOf(request),
      request.headers[DESENSITIZATION_TOKEN_HEADER],
    ),
  });

  registerOperation(app, tenantListOperation, async (query, request) =>
    queryTenants(db, principalOf(request), query, await viewOf(request)),
  );
  registerOperation(app, tenantsByIdsOperation, async ({ ids }, request) =>
    tenantsByIds(db, principalOf(request), ids, await viewOf(request)),
  );
  registerOperation(app, enterprisesByIdsOperation, async ({ ids }, request) =>
    enterprisesByIds(db, principalOf(request), ids),
  );
}
