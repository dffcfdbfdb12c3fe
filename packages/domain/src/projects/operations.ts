/**
 * The calls of the projects area (spec 1 §2 "Project list", §3 Project, §7 export calls), declared
 * once: the server registers them, the web calls them. The projects issue adds detail, summary and
 * editing; the list here shows what the table holds.
 */
import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../api/envelope';
import { defineOperation } from '../api/operation';
import { INPUT_MAX_LENGTH } from '../limits';
import { PROJECT_STATUS, type ProjectStatus } from './statuses';

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

/** GET /api/sys/project/queryList: the viewer's projects, newest first. */
export const projectListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/project/queryList',
  tag: '项目',
  summary: '项目列表（平台端：本平台的项目，运营方全部；企业端：本企业在当前平台的项目）',
  access: { permission: 'projectManage:list:view' },
  input: projectListQuerySchema,
  answer: pageOf(projectListRecordSchema),
});

/** GET /api/sys/project/countByStatus: the enterprise header's 进行中 count (status 4); every page shows it. */
export const projectCountByStatusOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/project/countByStatus',
  tag: '项目',
  summary: '按状态统计项目数（企业头部“进行中”计数：status=4）',
  access: 'session',
  input: z.object({ status: z.coerce.number().int().min(0).max(6) }),
  answer: z.number().int(),
});
