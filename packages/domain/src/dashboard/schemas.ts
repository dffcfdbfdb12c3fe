import { z } from 'zod';
import { recordIdSchema } from '../api/ids';

export const namedValueSchema = z.object({ name: z.string(), value: z.number().int() });
export type NamedValue = z.infer<typeof namedValueSchema>;

/** GET /api/sys/dashboard/overview: real figures of the session's scope. */
export const dashboardOverviewSchema = z.object({
  tenantCount: z.number().int(),
  enterpriseCount: z.number().int(),
  userCount: z.number().int(),
  projectCount: z.number().int(),
  projectsInProgress: z.number().int(),
  usersByTenant: z.array(namedValueSchema),
  enterprisesByTenant: z.array(namedValueSchema),
  /** the scope's projects by status (label of PROJECT_STATUS), statuses with none left out */
  projectsByStatus: z.array(namedValueSchema),
  taskCount: z.number().int(),
  /** tasks submitted and judged by the automatic audit, waiting for the platform's review */
  tasksAwaitingReview: z.number().int(),
  /** settlements not refused or withdrawn */
  settlementCount: z.number().int(),
  settlementsAwaitingAudit: z.number().int(),
  /** what enterprises paid on settlements, yuan */
  paidAmount: z.string(),
});
export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;

/** The platform operator may narrow the figures to one tenant; others only to one of their own. */
export const dashboardOverviewQuerySchema = z.object({
  tenantId: z.preprocess((input) => (input === '' ? undefined : input), recordIdSchema().optional()),
});
