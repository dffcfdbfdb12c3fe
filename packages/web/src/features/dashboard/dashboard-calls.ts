/** The dashboard's call: the figures of the session's scope. */
import { http } from '../../app/api-client';

export interface NamedValue {
  name: string;
  value: number;
}

/**
 * Figures of the session's scope (GET /api/sys/dashboard/overview). The shape is the server's
 * (packages/server/src/modules/dashboard/service.ts); the contract names no fields yet.
 */
export interface DashboardOverview {
  tenantCount: number;
  enterpriseCount: number;
  userCount: number;
  projectCount: number;
  projectsInProgress: number;
  usersByTenant: NamedValue[];
  enterprisesByTenant: NamedValue[];
}

/** `tenantId` narrows the figures to one tenant (the platform operator's tenant filter). */
export async function dashboardOverview(tenantId?: number): Promise<DashboardOverview> {
  const answer = await http.get<DashboardOverview>(
    '/api/sys/dashboard/overview',
    tenantId === undefined ? undefined : { tenantId },
  );
  return answer.result;
}
