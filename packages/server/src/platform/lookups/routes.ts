import {
  envelopeOf,
  LOOKUP_KINDS,
  LOOKUPS,
  type LookupKind,
  type LookupQuery,
  lookupQuerySchema,
  MSG,
  pageOf,
} from '@fieldpay/domain';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { fail } from '../../core/errors';
import { principalOf } from '../auth/guards';
import type { RouteDeps } from '../modules';

/**
 * The remote-select lookups: one route per kind of the catalogue, `GET /api/sys/lookup/{kind}`,
 * each with its own filter keys and record columns in the OpenAPI document. Any other kind is
 * answered 404 查询类型不存在.
 */
export function registerLookupRoutes({ app, services }: RouteDeps): void {
  const { db } = services.ctx;
  const missing = services.lookups.missing();
  if (missing.length > 0) throw new Error(`lookups without a module answering them: ${missing.join(', ')}`);

  const register = <K extends LookupKind>(kind: K) => {
    const definition = LOOKUPS[kind];
    const handler = services.lookups.handler(kind);
    app.get(
      `/api/sys/lookup/${kind}`,
      {
        // each lookup scopes its rows by the session itself (the module answering it)
        config: { access: 'session' },
        schema: {
          tags: ['下拉查询'],
          summary: `${definition.title}（分页下拉，按 ${definition.searchKey} 搜索）`,
          querystring: lookupQuerySchema(kind),
          response: { 200: envelopeOf(pageOf(definition.record)) },
        },
      },
      // parsed by this kind's schema above; the type provider cannot follow the generic kind
      async (request) => ok(await handler(db, principalOf(request), request.query as LookupQuery<K>)),
    );
  };
  for (const kind of LOOKUP_KINDS) register(kind);

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
