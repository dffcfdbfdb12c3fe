/**
 * The project list (spec 1 §2 "Project list", §3 Project) and its exports (spec 1 §7 export calls).
 * The projects issue adds detail, summary and editing; the list here shows what the table holds.
 */
import { z } from 'zod';
import { INPUT_MAX_LENGTH } from '../limits';
import { PROJECT_STATUS, type ProjectStatus } from '../status';
import { pageQuerySchema } from './envelope';

const projectStatusCodes = Object.keys(PROJECT_STATUS).map(Number) as ProjectStatus[];

/** Filters of the project list; the same filters choose the rows of its exports. */
export const projectListFiltersSchema = z.object({
  projectName: z.string().trim().max(INPUT_MAX_LENGTH.projectName).optional(),
  projectStatus: z.coerce
    .number()
    .int()
    .refine((code) => projectStatusCodes.includes(code as ProjectStatus), '项目状态不存在')
    .optional(),
  /** the client enterprise (platform side) */
  clientId: z.coerce.number().int().positive().optional(),
  /** narrows the platform operator's view to one tenant */
  tenantId: z.coerce.number().int().min(0).optional(),
});
export type ProjectListFilters = z.infer<typeof projectListFiltersSchema>;

export const projectListQuerySchema = pageQuerySchema.extend(projectListFiltersSchema.shape);
export type ProjectListQuery = z.input<typeof projectListQuerySchema>;

export const projectListRecordSchema = z.object({
  id: z.number().int(),
  projectSn: z.string(),
  projectName: z.string(),
  /** the client enterprise */
  clientId: z.number().int(),
  clientName: z.string(),
  /** the employer: the platform (tenant) the project runs on */
  tenantId: z.number().int(),
  tenantName: z.string(),
  projectStatus: z.number().int(),
  processed: z.number().int(),
  /** persons serving on the project */
  personNum: z.number().int(),
  /** epoch milliseconds */
  startTime: z.number().int().nullable(),
  endTime: z.number().int().nullable(),
  createTime: z.number().int(),
});
export type ProjectListRecord = z.infer<typeof projectListRecordSchema>;
