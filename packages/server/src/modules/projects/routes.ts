import { envelopeOf } from '@fieldpay/domain';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { principalOf } from '../../http/guards';
import type { RouteDeps } from '../../http/types';
import { countProjects } from './service';

export function registerProjectRoutes({ app, services, guards }: RouteDeps): void {
  app.get(
    '/api/sys/project/countByStatus',
    {
      schema: {
        tags: ['项目'],
        summary: '按状态统计项目数（企业头部“进行中”计数：status=4）',
        querystring: z.object({ status: z.coerce.number().int().min(0).max(6) }),
        response: { 200: envelopeOf(z.number().int()) },
      },
      preHandler: guards.authenticate,
    },
    async (request) => ok(await countProjects(services.ctx.db, principalOf(request), [request.query.status])),
  );
}
