import { envelopeOf } from '@fieldpay/domain';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { principalOf } from '../../http/guards';
import type { RouteDeps } from '../../http/types';
import { dashboardOverview } from './service';

const namedValues = z.array(z.object({ name: z.string(), value: z.number().int() }));

export function registerDashboardRoutes({ app, services, guards }: RouteDeps): void {
  app.get(
    '/api/sys/dashboard/overview',
    {
      schema: {
        tags: ['首页'],
        summary: '首页统计（按会话范围的真实数据）',
        response: {
          200: envelopeOf(
            z.object({
              tenantCount: z.number().int(),
              enterpriseCount: z.number().int(),
              userCount: z.number().int(),
              projectCount: z.number().int(),
              projectsInProgress: z.number().int(),
              usersByTenant: namedValues,
              enterprisesByTenant: namedValues,
            }),
          ),
        },
      },
      preHandler: guards.authenticate,
    },
    async (request) => ok(await dashboardOverview(services.ctx.db, principalOf(request))),
  );
}
