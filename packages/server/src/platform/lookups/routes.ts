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
import { principalOf } from '../../http/guards';
import type { RouteDeps } from '../../http/types';
import { LOOKUP_HANDLERS } from './catalogue';

/**
 * The remote-select lookups: one route per kind of the catalogue, `GET /api/sys/lookup/{kind}`,
 * each with its own filter keys and record columns in the OpenAPI document. Any other kind is
 * answered 404 查询类型不存在.
 */
export function registerLookupRoutes({ app, services }: RouteDeps): void {
  const { db } = services.ctx;

  const register = <K extends LookupKind>(kind: K) => {
    const definition = LOOKUPS[kind];
    const handler = LOOKUP_HANDLERS[kind];
    app.get(
      `/api/sys/lookup/${kind}`,
      {
        // each lookup scopes its rows by the session itself (catalogue.ts)
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
