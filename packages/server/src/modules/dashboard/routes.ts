import { dashboardOverviewOperation } from '@fieldpay/domain';
import { registerOperation } from '../../http/operation';
import { principalOf } from '../../platform/auth/guards';
import type { RouteDeps } from '../../platform/modules';
import { dashboardOverview } from './service';

export function registerDashboardRoutes({ app, services }: RouteDeps): void {
  registerOperation(app, dashboardOverviewOperation, async ({ tenantId }, request) =>
    dashboardOverview(services.ctx.db, principalOf(request), tenantId),
  );
}
