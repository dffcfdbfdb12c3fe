import { envelopeOf, pageOf, pageQuerySchema } from '@fieldpay/domain';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { principalOf } from '../auth/guards';
import type { RouteDeps } from '../modules';
import { enterprisesByIds, queryTenants, tenantsByIds } from './service';

const tenantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company: z.string(),
  contracts: z.string(),
  status: z.number().int(),
});

/** `ids=1,2,3` (at most 200 positive integers). */
const idListSchema = z
  .string()
  .max(2000)
  .transform((value, context) => {
    const ids = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map(Number);
    if (ids.length === 0 || ids.length > 200 || ids.some((id) => !Number.isInteger(id) || id < 0)) {
      context.addIssue({ code: 'custom', message: '请传入以逗号分隔的编号（最多200个）' });
      return z.NEVER;
    }
    return ids;
  });

/** Names of the tenants and enterprises the session may see, for selects and list columns. */
export function registerTenantRoutes({ app, services }: RouteDeps): void {
  const { db } = services.ctx;

  app.get(
    '/api/sys2/tenant/queryList',
    {
      config: { access: 'session' },
      schema: {
        tags: ['平台（租户）'],
        summary: '平台列表（分页，按会话范围）',
        querystring: pageQuerySchema.extend({ name: z.string().trim().max(30).optional() }),
        response: { 200: envelopeOf(pageOf(tenantSchema)) },
      },
    },
    async (request) => ok(await queryTenants(db, principalOf(request), request.query)),
  );

  app.get(
    '/api/sys2/tenant/queryByIds',
    {
      config: { access: 'session' },
      schema: {
        tags: ['平台（租户）'],
        summary: '按编号查询平台',
        querystring: z.object({ ids: idListSchema }),
        response: { 200: envelopeOf(z.array(tenantSchema)) },
      },
    },
    async (request) => ok(await tenantsByIds(db, principalOf(request), request.query.ids)),
  );

  app.get(
    '/api/sys2/enterprise/queryByIds',
    {
      config: { access: 'session' },
      schema: {
        tags: ['企业'],
        summary: '按编号查询企业',
        querystring: z.object({ ids: idListSchema }),
        response: {
          200: envelopeOf(
            z.array(
              z.object({
                id: z.number().int(),
                name: z.string(),
                tenantId: z.number().int(),
                tenantName: z.string(),
                status: z.number().int(),
              }),
            ),
          ),
        },
      },
    },
    async (request) => ok(await enterprisesByIds(db, principalOf(request), request.query.ids)),
  );
}
