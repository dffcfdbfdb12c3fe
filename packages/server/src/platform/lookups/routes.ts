import { DESENSITIZATION_TOKEN_HEADER, LOOKUP_KINDS, type LookupKind, lookupOperation, MSG } from '@fieldpay/domain';
import { z } from 'zod';
import { fail } from '../../core/errors';
import { registerOperation } from '../../http/operation';
import { principalOf } from '../auth/guards';
import type { RouteDeps } from '../modules';

/**
 * The remote-select lookups: one operation per kind of the catalogue, `GET /api/sys/lookup/{kind}`,
 * each with its own filter keys and record columns in the OpenAPI document. Any other kind is
 * answered 404 查询类型不存在.
 */
export function registerLookupRoutes({ app, services }: RouteDeps): void {
  const { db } = services.ctx;
  const missing = services.lookups.missing();
  if (missing.length > 0) throw new Error(`lookups without a module answering them: ${missing.join(', ')}`);

  const register = <K extends LookupKind>(kind: K) => {
    const handler = services.lookups.handler(kind);
    registerOperation(app, lookupOperation(kind), async (query, request) => {
      const principal = principalOf(request);
      const header = request.headers[DESENSITIZATION_TOKEN_HEADER];
      const unmasked = await services.desensitization.unmaskRequested(principal, header);
      return handler(db, principal, query, { unmasked });
    });
  };
  for (const kind of LOOKUP_KINDS) register(kind);

  // a kind outside the catalogue: one of the documented hand-registered routes (http/operation.ts)
  app.get(
    '/api/sys/lookup/:kind',
    {
      config: { access: 'session' },
      schema: { hide: true, params: z.object({ kind: z.string().max(64) }) },
    },
    async () => {
      throw fail.notFound(MSG.lookupUnknown);
    },
  );
}
