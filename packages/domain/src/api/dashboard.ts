import { z } from 'zod';

export const namedValueSchema = z.object({ name: z.string(), value: z.number().int() });

/** GET /api/sys/dashboard/overview: real figures of the session's scope. */
export const dashboardOverviewSchema = z.object({
  tenantCount: z.number().int(),
  enterpriseCount: z.number().int(),
  userCount: z.number().int(),
  projectCount: z.number().int(),
  projectsInProgress: z.number().int(),
  usersByTenant: z.array(namedValueSchema),
  enterprisesByTenant: z.array(namedValueSchema),
});
export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;
