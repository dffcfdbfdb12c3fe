import type {
  LookupQuery,
  LookupRecord,
  Page,
  PageQuery,
  ProjectListFilters,
  ProjectListRecord,
} from '@fieldpay/domain';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { unsafeAcrossTenants } from '../../db/scope';
import { enterprises, projectDataRelations, projectPersons, projects, tenants } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { isPlatformOperator, type Viewer } from '../../core/tenancy';
import { contains, joinParts } from '../../platform/lookups/query';
import { equalsIfGiven, tenantScope } from '../../core/tenancy';

/** Projects a principal may see: all (platform admin), its tenant's (tenant staff), its enterprise's. */
export function projectScope(principal: Viewer): SQL | undefined {
  if (principal.side === 'enterprise') {
    return and(eq(projects.tenantId, principal.tenantId), eq(projects.enterpriseId, principal.enterpriseId ?? -1));
  }
  return isPlatformOperator(principal) ? undefined : eq(projects.tenantId, principal.tenantId);
}

/** Projects in scope, optionally of some statuses and of one tenant (narrowing the scope, never widening it). */
export async function countProjects(
  db: DbOrTx,
  principal: Principal,
  statuses?: number[],
  tenantId?: number,
): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(projects)
    .where(
      and(
        projectScope(principal),
        statuses?.length ? inArray(projects.projectStatus, statuses) : undefined,
        equalsIfGiven(projects.tenantId, tenantId),
      ),
    );
  return n;
}

/** Projects in scope by status, for the home page (statuses with none left out). */
export async function countProjectsByStatus(
  db: DbOrTx,
  principal: Principal,
  tenantId?: number,
): Promise<Array<{ status: number; value: number }>> {
  return db
    .select({ status: projects.projectStatus, value: count() })
    .from(projects)
    .where(and(projectScope(principal), equalsIfGiven(projects.tenantId, tenantId)))
    .groupBy(projects.projectStatus)
    .orderBy(projects.projectStatus);
}

/** Projects in scope for the project picker; projectId finds one (to label a value a form already holds). */
export async function lookupProjects(
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'project'>,
): Promise<Page<LookupRecord<'project'>>> {
  const where = and(
    projectScope(principal),
    contains(projects.projectName, query.projectName),
    equalsIfGiven(projects.id, query.projectId),
    equalsIfGiven(projects.processed, query.processed),
    equalsIfGiven(projects.enterpriseId, query.clientId),
    equalsIfGiven(projects.projectStatus, query.projectStatus),
  );
  return paged(db, query, {
    from: projects,
    where,
    totalFollows: [projects],
    key: projects.id,
    orderBy: [[projects.id, 'desc']],
    rows: (page) =>
      db
        .select({
          id: projects.id,
          projectName: projects.projectName,
          projectSn: projects.projectSn,
          clientId: projects.enterpriseId,
          clientName: enterprises.name,
          processed: projects.processed,
          projectStatus: projects.projectStatus,
          ...page.columns,
        })
        .from(projects)
        .innerJoin(enterprises, eq(enterprises.id, projects.enterpriseId))
        .where(inArray(projects.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => ({
      ...row,
      value: row.id,
      label: row.projectName,
      description: joinParts(row.projectSn, row.clientName),
    }),
  });
}

export function lookupDataProjects(
  _db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'dataProject'>,
): Promise<Page<LookupRecord<'dataProject'>>> {
  // the relations and the projects they name live on other tenants than the session's, by design
  return unsafeAcrossTenants('lookup: projects shared between tenants', (tx) =>
    lookupDataProjectsWithin(tx, principal, query),
  );
}

/**
 * Projects whose data is related to a tenant other than their own (spec 1 §2 visible platforms):
 * platform staff see those related to their tenant, enterprise users their own projects that
 * are related anywhere, the platform operator all of them.
 */
async function lookupDataProjectsWithin(
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'dataProject'>,
): Promise<Page<LookupRecord<'dataProject'>>> {
  const related = db
    .select({ projectId: projectDataRelations.projectId })
    .from(projectDataRelations)
    .where(principal.side === 'enterprise' ? undefined : tenantScope(principal, projectDataRelations.tenantId));
  const where = and(
    inArray(projects.id, related),
    principal.side === 'enterprise' ? projectScope(principal) : undefined,
    contains(projects.projectName, query.name),
  );
  return paged(db, query, {
    from: projects,
    where,
    key: projects.id,
    orderBy: [[projects.id, 'desc']],
    rows: (page) =>
      db
        .select({
          id: projects.id,
          name: projects.projectName,
          projectSn: projects.projectSn,
          tenantId: projects.tenantId,
          sourceTenantName: tenants.name,
          ...page.columns,
        })
        .from(projects)
        .innerJoin(tenants, eq(tenants.id, projects.tenantId))
        .where(inArray(projects.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => ({
      ...row,
      value: row.id,
      label: row.name,
      description: joinParts(row.projectSn, row.sourceTenantName),
    }),
  });
}

/** Rows of the project list and of its exports: the viewer's scope narrowed by the list's filters. */
export function projectListWhere(viewer: Viewer, filters: ProjectListFilters): SQL | undefined {
  return and(
    projectScope(viewer),
    contains(projects.projectName, filters.projectName),
    equalsIfGiven(projects.projectStatus, filters.projectStatus),
    equalsIfGiven(projects.enterpriseId, filters.clientId),
    equalsIfGiven(projects.tenantId, filters.tenantId),
  );
}

/** Persons serving on a project now. */
export const servingPersonCount = sql<number>`(
  select count(*)::int from ${projectPersons}
  where ${projectPersons.tenantId} = ${projects.tenantId} and ${projectPersons.projectId} = ${projects.id}
    and ${projectPersons.status} = 1
)`;

/**
 * The other platforms a project's data is also shown on (otherTenantVos), oldest relation first, beside
 * each row of a statement over `projects`. A relation row belongs to the tenant it shows the project
 * on; the wall lets the viewer read those of the projects it can see (migration 0022).
 */
export const otherTenantNames = sql<string[]>`coalesce((
  select array_agg(shown_on.name order by relation.id)
  from ${projectDataRelations} relation join ${tenants} shown_on on shown_on.id = relation.tenant_id
  where relation.project_id = ${projects.id}
), '{}')`;

/** The platform side's list shows the client instead: nothing to read. */
const noOtherTenants = sql<string[]>`'{}'::text[]`;

/**
 * The project list (spec 1 §2), newest first: the page's ids come from the index of the viewer's
 * scope, and only those 20 rows are joined and get their person count (decision 0011).
 */
export async function listProjects(
  db: DbOrTx,
  viewer: Viewer,
  query: ProjectListFilters & PageQuery & { userId?: number },
): Promise<Page<ProjectListRecord>> {
  // the personal list: the projects the person has served on (project_persons keeps every one)
  const servedBy =
    query.userId === undefined
      ? undefined
      : sql`exists (select 1 from ${projectPersons} where ${projectPersons.tenantId} = ${projects.tenantId}
          and ${projectPersons.projectId} = ${projects.id} and ${projectPersons.personId} = ${query.userId})`;
  const enterpriseSide = viewer.side === 'enterprise';
  return paged(db, query, {
    // the sides' statements differ in their columns even where their filters read alike
    cacheAs: enterpriseSide ? 'projects:enterprise' : 'projects',
    from: projects,
    where: and(projectListWhere(viewer, query), servedBy),
    // a person's projects are few: counted on every page, so a project joined shows at once
    totalFollows: servedBy ? undefined : [projects],
    key: projects.id,
    orderBy: [[projects.id, 'desc']],
    rows: (page) =>
      db
        .select({
          id: projects.id,
          projectSn: projects.projectSn,
          projectName: projects.projectName,
          clientId: projects.enterpriseId,
          clientName: enterprises.name,
          tenantId: projects.tenantId,
          tenantName: tenants.name,
          projectStatus: projects.projectStatus,
          processed: projects.processed,
          personNum: servingPersonCount,
          // the enterprise side's 可见平台 column; the platform side shows the client instead
          otherTenantNames: enterpriseSide ? otherTenantNames : noOtherTenants,
          startTime: projects.startTime,
          endTime: projects.endTime,
          createdAt: projects.createdAt,
          ...page.columns,
        })
        .from(projects)
        .innerJoin(enterprises, eq(enterprises.id, projects.enterpriseId))
        .innerJoin(tenants, eq(tenants.id, projects.tenantId))
        .where(inArray(projects.id, page.keys))
        .orderBy(...page.orderBy),
    // field by field: a rest copy (`{ createdAt, ...row }`) of 20 rows cost 65 µs, 7% of the request
    toRecord: (row) => ({
      id: row.id,
      projectSn: row.projectSn,
      projectName: row.projectName,
      clientId: row.clientId,
      clientName: row.clientName,
      tenantId: row.tenantId,
      tenantName: row.tenantName,
      projectStatus: row.projectStatus,
      processed: row.processed,
      personNum: row.personNum,
      otherTenantNames: row.otherTenantNames,
      startTime: row.startTime?.getTime() ?? null,
      endTime: row.endTime?.getTime() ?? null,
      createTime: row.createdAt.getTime(),
    }),
  });
}
