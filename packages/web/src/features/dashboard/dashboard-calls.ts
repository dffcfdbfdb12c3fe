/** The dashboard's call: the figures of the session's scope. */
import { type DashboardOverview, dashboardOverviewOperation, type NamedValue } from '@fieldpay/domain';
import { call } from '../../app/api-client';

export type { DashboardOverview, NamedValue };

/** `tenantId` narrows the figures to one tenant (the platform operator's tenant filter). */
export async function dashboardOverview(tenantId?: number): Promise<DashboardOverview> {
  return call(dashboardOverviewOperation, tenantId === undefined ? {} : { tenantId });
}
