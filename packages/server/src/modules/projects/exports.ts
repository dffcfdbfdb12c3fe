/**
 * Exports of the project list (spec 1 §7 export calls): the projects themselves, and the persons
 * serving on them (the project person list of spec 1 §2, with its personal data masked unless
 * the export was unmasked).
 */
import {
  DOWNLOAD_TYPES,
  maskName,
  maskPhone,
  PERSON_LOGIN_FLAG,
  PROJECT_PERSON_STATUS,
  PROJECT_PROCESSED,
  PROJECT_STATUS,
  type ProjectListFilters,
  projectListFiltersSchema,
  statusInfo,
} from '@fieldpay/domain';
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { enterprises, persons, projectPersons, projects, tenants } from '../../db/schema';
import type { Viewer } from '../../platform/auth/sessions';
import type { ExportDefinition, ExportLabels } from '../../platform/exports/definition';
import { projectListWhere, servingPersonCount } from './service';

/**
 * A time column as yyyy-MM-dd HH:mm:ss in China Standard Time (no daylight saving), formatted by
 * the database: text, since an unstyled xlsx shows dates as numbers, and no Date per cell here.
 */
const cellTime = (column: PgColumn) =>
  sql<string | null>`to_char(${column} at time zone 'UTC' + interval '8 hours', 'YYYY-MM-DD HH24:MI:SS')`;

const labelOf = <K extends number>(dictionary: Parameters<typeof statusInfo<K>>[0], code: number) =>
  statusInfo(dictionary, code as K)?.label ?? String(code);

async function listLabels(_db: DbOrTx, _viewer: Viewer, filters: ProjectListFilters): Promise<ExportLabels> {
  return { projectName: filters.projectName || '全部项目', serviceType: '' };
}

const projectRowsOf = (db: DbOrTx, viewer: Viewer, filters: ProjectListFilters, afterId: number, limit: number) =>
  db
    .select({
      id: projects.id,
      projectSn: projects.projectSn,
      projectName: projects.projectName,
      clientName: enterprises.name,
      contactPhone: enterprises.contactPhone,
      tenantName: tenants.name,
      projectStatus: projects.projectStatus,
      processed: projects.processed,
      personNum: servingPersonCount,
      startTime: cellTime(projects.startTime),
      endTime: cellTime(projects.endTime),
      createdAt: cellTime(projects.createdAt),
    })
    .from(projects)
    .innerJoin(enterprises, eq(enterprises.id, projects.enterpriseId))
    .innerJoin(tenants, eq(tenants.id, projects.tenantId))
    .where(and(projectListWhere(viewer, filters), gt(projects.id, afterId)))
    .orderBy(asc(projects.id))
    .limit(limit);
type ProjectRow = Awaited<ReturnType<typeof projectRowsOf>>[number];

export const projectListExport: ExportDefinition<ProjectListFilters, ProjectRow> = {
  kind: 'project.list',
  downloadType: DOWNLOAD_TYPES.projectList,
  title: '项目列表',
  filters: projectListFiltersSchema,
  columns: [
    { header: '项目编号', width: 22, value: (row) => row.projectSn },
    { header: '项目名称', width: 30, value: (row) => row.projectName },
    { header: '客户', width: 30, value: (row) => row.clientName },
    { header: '所属平台', width: 24, value: (row) => row.tenantName },
    { header: '项目状态', width: 10, value: (row) => labelOf(PROJECT_STATUS, row.projectStatus) },
    { header: '项目环境', width: 10, value: (row) => PROJECT_PROCESSED[row.processed === 1 ? 1 : 0] },
    { header: '服务人数', width: 10, value: (row) => row.personNum },
    { header: '开始时间', width: 20, value: (row) => row.startTime },
    { header: '结束时间', width: 20, value: (row) => row.endTime },
    { header: '创建时间', width: 20, value: (row) => row.createdAt },
    { header: '企业联系电话', width: 16, value: (row) => row.contactPhone, mask: maskPhone },
  ],
  labels: listLabels,
  count: async (db, viewer, filters) =>
    (await db.select({ n: count() }).from(projects).where(projectListWhere(viewer, filters)))[0].n,
  page: projectRowsOf,
};

/** The person export takes the list's filters, or one project. */
export const projectPersonFiltersSchema = projectListFiltersSchema.extend({
  projectId: z.coerce.number().int().positive().optional(),
});
export type ProjectPersonFilters = z.infer<typeof projectPersonFiltersSchema>;

const personWhere = (viewer: Viewer, filters: ProjectPersonFilters) =>
  and(
    projectListWhere(viewer, filters),
    filters.projectId === undefined ? undefined : eq(projects.id, filters.projectId),
  );

/** Ids of the projects whose persons the viewer may export; undefined: every project (the operator, unfiltered). */
async function visibleProjectIds(
  db: DbOrTx,
  viewer: Viewer,
  filters: ProjectPersonFilters,
): Promise<number[] | undefined> {
  const where = personWhere(viewer, filters);
  if (!where) return undefined;
  return (await db.select({ id: projects.id }).from(projects).where(where)).map((row) => row.id);
}

/**
 * One window of persons: the ids are chosen first, in id order among the visible projects (one
 * array parameter, no join, so the primary key's order serves the LIMIT without statistics), and
 * only those rows are joined. Every window costs the same however far the export has got.
 */
async function personRowsOf(db: DbOrTx, viewer: Viewer, filters: ProjectPersonFilters, afterId: number, limit: number) {
  const projectIds = await visibleProjectIds(db, viewer, filters);
  if (projectIds?.length === 0) return [];
  const window = db
    .select({ id: projectPersons.id })
    .from(projectPersons)
    .where(
      and(
        projectIds ? sql`${projectPersons.projectId} = any(${sql.param(projectIds)}::int[])` : undefined,
        gt(projectPersons.id, afterId),
      ),
    )
    .orderBy(asc(projectPersons.id))
    .limit(limit)
    .as('window');
  return db
    .select({
      id: projectPersons.id,
      projectSn: projects.projectSn,
      projectName: projects.projectName,
      projectStatus: projects.projectStatus,
      clientName: enterprises.name,
      tenantName: tenants.name,
      userSn: persons.userSn,
      name: persons.name,
      phone: persons.phone,
      loginFlag: persons.loginFlag,
      status: projectPersons.status,
      joinedAt: cellTime(projectPersons.joinedAt),
      registeredAt: cellTime(persons.createdAt),
    })
    .from(window)
    .innerJoin(projectPersons, eq(projectPersons.id, window.id))
    .innerJoin(projects, eq(projects.id, projectPersons.projectId))
    .innerJoin(persons, eq(persons.id, projectPersons.personId))
    .innerJoin(enterprises, eq(enterprises.id, projects.enterpriseId))
    .innerJoin(tenants, eq(tenants.id, projects.tenantId))
    .orderBy(asc(projectPersons.id));
}
type PersonRow = Awaited<ReturnType<typeof personRowsOf>>[number];

export const projectPersonExport: ExportDefinition<ProjectPersonFilters, PersonRow> = {
  kind: 'project.persons',
  downloadType: DOWNLOAD_TYPES.projectPersons,
  title: '项目人员',
  filters: projectPersonFiltersSchema,
  columns: [
    { header: '项目编号', width: 22, value: (row) => row.projectSn },
    { header: '项目名称', width: 30, value: (row) => row.projectName },
    { header: '项目状态', width: 10, value: (row) => labelOf(PROJECT_STATUS, row.projectStatus) },
    { header: '客户', width: 30, value: (row) => row.clientName },
    { header: '所属平台', width: 24, value: (row) => row.tenantName },
    { header: '用户编号', width: 20, value: (row) => row.userSn },
    { header: '任务人', width: 12, value: (row) => row.name, mask: maskName },
    { header: '手机号', width: 14, value: (row) => row.phone, mask: maskPhone },
    { header: '服务状态', width: 10, value: (row) => labelOf(PROJECT_PERSON_STATUS, row.status) },
    { header: '账号状态', width: 10, value: (row) => labelOf(PERSON_LOGIN_FLAG, row.loginFlag) },
    { header: '加入时间', width: 20, value: (row) => row.joinedAt },
    { header: '注册时间', width: 20, value: (row) => row.registeredAt },
  ],
  labels: async (db, viewer, filters) => {
    if (filters.projectId === undefined) return listLabels(db, viewer, filters);
    const [project] = await db
      .select({ projectName: projects.projectName })
      .from(projects)
      .where(personWhere(viewer, filters));
    return { projectName: project?.projectName ?? '', serviceType: '' };
  },
  count: async (db, viewer, filters) =>
    (
      await db
        .select({ n: count() })
        .from(projectPersons)
        .innerJoin(projects, eq(projects.id, projectPersons.projectId))
        .where(personWhere(viewer, filters))
    )[0].n,
  page: personRowsOf,
};
