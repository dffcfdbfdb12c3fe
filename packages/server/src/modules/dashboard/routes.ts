import { dashboardOverviewQuerySchema, dashboardOverviewSchema, envelopeOf } from '@fieldpay/domain';
import { ok } from '../../http/envelope';
import { principalOf } from '../../platform/auth/guards';
import type { RouteDeps } from '../../platform/modules';
import { dashboardOverview } from './service';

export function registerDashboardRoutes({ app, services }: RouteDeps): void {
  app.get(
    '/api/sys/dashboard/overview',
    {
      config: { access: { permission: 'dashboard:analysis:view' } },
      schema: {
        tags: ['首页'],
        summary: '首页统计（按会话范围的真实数据，可按平台筛选）',
        querystring: dashboardOverviewQuerySchema,
        response: { 200: envelopeOf(dashboardOverviewSchema) },
      },
    },
    async (request) => ok(await dashboardOverview(services.ctx.db, principalOf(request), request.query.tenantId)),
  );
}
