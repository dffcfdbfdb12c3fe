/**
 * Reading one project whole: the detail, the snapshot an operation-log row keeps, the summary.
 * Every read starts from `projectInScope`, so a project outside the viewer's scope is 项目不存在.
 */
import { organisationLocations } from '../customers/service';
import { projectSettlementFigures } from '../settlements/queries';
import { projectInvoiceCount } from '../invoices/service';
import {
  ApiCode,
  MSG,
  PARENT_VISIT_TYPE_NAMES,
  PROJECT_AUDIT_RESULTS,
  PROJECT_LOG_ACTIONS,
  PROJECT_PROCESSED,
  PROJECT_STATUS,
  type ProjectLogRecord,
  type ProjectSnapshot,
  type ProjectStatus,
  type Page,
  type ProjectSummary,
  TASK_MSG,
  TASK_TYPES,
  type TaskTypeId,
  type WorkLocationRecord,
} from '@fieldpay/domain';
import { and, asc, type Column, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  enterprises,
  personAgreements,
  products,
  projectAreas,
  projectAudits,
  projectOperationLogs,
  projectProducts,
  projectServiceTypes,
  projects,
  projectTexts,
  taxSources,
  tenants,
} from '../../db/schema';
import { fail } from '../../core/errors';
import type { Viewer } from '../../core/tenancy';
import { chinaDateTime } from '../../platform/china-time';
import { otherTenantNames, projectScope } from './service';

export type ProjectRow = typeof projects.$inferSelect;

export const projectMissing = () => fail.notFound(MSG.projectMissing, ApiCode.projectMissing);

/**
 * The project if the viewer may see it, else 项目不存在 (a foreign id and a missing one answer
 * alike). `forUpdate` locks the row for a change, so two changes of one project queue up.
 */
export async function projectInScope(
  db: DbOrTx,
  viewer: Viewer,
  projectId: number,
  options: { forUpdate?: boolean } = {},
): Promise<ProjectRow> {
  const query = db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), projectScope(viewer)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw projectMissing();
  return row;
}

const chinaDate = (date: Date | null) => (date ? chinaDateTime(date).slice(0, 10) : '');
export const cycleDateOf = (start: Date | null, end: Date | null): string =>
  start || end ? `${chinaDate(start)} 至 ${chinaDate(end)}` : '';
export const statusLabel = (status: number): string => PROJECT_STATUS[status as ProjectStatus]?.label ?? '未知';
const typeName = (code: string): string =>
  TASK_TYPES[code as TaskTypeId] ?? PARENT_VISIT_TYPE_NAMES[code as keyof typeof PARENT_VISIT_TYPE_NAMES] ?? code;

/** The project as it stands now, for the detail and for an operation-log row. */
export async function projectSnapshot(db: DbOrTx, project: ProjectRow): Promise<ProjectSnapshot> {
  const inProject = (table: { tenantId: Column; projectId: Column }) =>
    and(eq(table.tenantId, project.tenantId), eq(table.projectId, project.id));
  const [[client], [tenant], tax, productRows, areas, types, [text], audits] = await Promise.all([
    db.select({ name: enterprises.name }).from(enterprises).where(eq(enterprises.id, project.enterpriseId)),
    db
      .select({ name: tenants.name, otherTenantNames })
      .from(projects)
      .innerJoin(tenants, eq(tenants.id, projects.tenantId))
      .where(eq(projects.id, project.id)),
    project.taxId
      ? db
          .select({ taxName: taxSources.taxName })
          .from(taxSources)
          .where(and(eq(taxSources.tenantId, project.tenantId), eq(taxSources.id, project.taxId)))
      : Promise.resolve([]),
    db
      .select({
        id: products.id,
        productName: products.productName,
        productGuige: products.productGuige,
        productFactory: products.productFactory,
      })
      .from(projectProducts)
      .innerJoin(products, eq(products.id, projectProducts.productId))
      .where(inProject(projectProducts))
      .orderBy(asc(projectProducts.id)),
    db.select().from(projectAreas).where(inProject(projectAreas)).orderBy(asc(projectAreas.id)),
    db.select().from(projectServiceTypes).where(inProject(projectServiceTypes)).orderBy(asc(projectServiceTypes.id)),
    db.select().from(projectTexts).where(inProject(projectTexts)),
    db.select().from(projectAudits).where(inProject(projectAudits)).orderBy(desc(projectAudits.id)),
  ]);
  const parentNames = [...new Set(types.map((type) => typeName(type.visitParentId)))];
  return {
    project: {
      id: project.id,
      projectName: project.projectName,
      projectSn: project.projectSn,
      clientId: project.enterpriseId,
      clientName: client?.name ?? '',
      tenantId: project.tenantId,
      tenantName: tenant?.name ?? '',
      projectTypeName: project.projectTypeName,
      taxId: project.taxId,
      taxName: tax[0]?.taxName ?? '',
      authStatus: project.authStatus,
      processed: project.processed,
      processedName: PROJECT_PROCESSED[project.processed === 1 ? 1 : 0],
      productAssociation: project.productAssociation,
      boyaProduct: productRows,
      startTime: project.startTime?.getTime() ?? null,
      endTime: project.endTime?.getTime() ?? null,
      cycleDate: cycleDateOf(project.startTime, project.endTime),
      minPeopleNum: project.minPeopleNum,
      maxPeopleNum: project.maxPeopleNum,
      projectScope: project.projectScope,
      areaList: areas.map(({ provinceId, province, cityId, city, areaId, area }) => ({
        provinceId,
        province,
        cityId,
        city,
        areaId,
        area,
      })),
      isProjectAgreement: project.isProjectAgreement,
      projectAgreementId: project.projectAgreementId,
      projectAgreementName: project.projectAgreementName,
      enterpriseProjectAgreementId: project.enterpriseProjectAgreementId,
      projectStatus: project.projectStatus,
      projectStatus_dictText: statusLabel(project.projectStatus),
      createName: project.createName,
      createTime: project.createdAt.getTime(),
      auditUserName: project.auditUserName,
      auditTime: project.auditTime?.getTime() ?? null,
      stopTime: project.projectStatus === 2 ? (project.stopTime?.getTime() ?? null) : null,
      otherTenantVos: (tenant?.otherTenantNames ?? []).map((tenantName) => ({ tenantName })),
      parentVisitTypeNames: parentNames.join('、'),
    },
    visitTypeList: types.map((type) => ({
      id: type.id,
      projectId: type.projectId,
      visitParentId: type.visitParentId,
      visitId: type.visitId,
      parentServiceTypeName: typeName(type.visitParentId),
      serviceTypeName: typeName(type.visitId),
      seconds: type.seconds,
      rewardDesc: type.rewardDesc,
      description: type.description,
      online: type.online,
      resourceInfo: type.resourceInfo,
      orgList: type.orgList,
      locationScope: type.locationScope,
      signInLimit: type.signInLimit,
      signOutLimit: type.signOutLimit,
    })),
    projectText: text
      ? {
          id: text.id,
          projectId: text.projectId,
          description: text.description,
          steps: text.steps,
          fileList: text.fileList,
        }
      : null,
    auditList: audits.map((audit) => ({
      id: audit.id,
      auditStatus: audit.auditStatus,
      auditStatus_dictText: PROJECT_AUDIT_RESULTS[audit.auditStatus as 4 | 1] ?? '',
      remarks: audit.remarks,
      auditUserName: audit.auditUserName,
      auditTime: audit.createdAt.getTime(),
    })),
  };
}

const logRecordOf = (row: typeof projectOperationLogs.$inferSelect): ProjectLogRecord => ({
  id: row.id,
  action: row.action,
  actionName: PROJECT_LOG_ACTIONS[row.action as keyof typeof PROJECT_LOG_ACTIONS] ?? row.action,
  operatorName: row.operatorName,
  createTime: row.createdAt.getTime(),
});

/** The snapshot with a signed link on each attachment of its text. */
export function withAttachmentLinks<T extends Pick<ProjectSnapshot, 'projectText'>>(
  snapshot: T,
  linkOf: (address: string) => string | undefined,
): T {
  const text = snapshot.projectText;
  if (!text || text.fileList.length === 0) return snapshot;
  const fileList = text.fileList.map((file) => ({ ...file, url: linkOf(file.fileAddress) }));
  return { ...snapshot, projectText: { ...text, fileList } };
}

/** The detail: the snapshot and the project's operation log, newest first. */
export async function projectDetail(db: DbOrTx, viewer: Viewer, projectId: number) {
  const project = await projectInScope(db, viewer, projectId);
  const [snapshot, logs] = await Promise.all([
    projectSnapshot(db, project),
    db
      .select()
      .from(projectOperationLogs)
      .where(and(eq(projectOperationLogs.tenantId, project.tenantId), eq(projectOperationLogs.projectId, project.id)))
      .orderBy(desc(projectOperationLogs.id))
      .limit(100),
  ]);
  return { ...snapshot, logList: logs.map(logRecordOf) };
}

/** One operation-log row with the project as it stood after that change; foreign rows are 项目不存在. */
export async function projectFromLog(db: DbOrTx, viewer: Viewer, logId: number) {
  const [row] = await db
    .select({ log: projectOperationLogs })
    .from(projectOperationLogs)
    .innerJoin(projects, eq(projects.id, projectOperationLogs.projectId))
    .where(and(eq(projectOperationLogs.id, logId), projectScope(viewer)));
  if (!row) throw projectMissing();
  return { ...logRecordOf(row.log), projectId: row.log.projectId, logAfter: row.log.logAfter as ProjectSnapshot };
}

/**
 * The project summary (spec 2 §3). Agreements count the person agreements of the project's agreement
 * (signed ones are fulfilled); settlements are the project's live ones (settlements module); invoices
 * those holding a settlement of the project (invoices module).
 */
export async function projectSummary(
  db: DbOrTx,
  viewer: Viewer,
  query: { projectId: number; tenantId?: number },
): Promise<ProjectSummary> {
  const project = await projectInScope(db, viewer, query.projectId);
  if (query.tenantId !== undefined && query.tenantId !== project.tenantId) throw projectMissing();
  const snapshotParts = await Promise.all([
    db.select({ name: enterprises.name }).from(enterprises).where(eq(enterprises.id, project.enterpriseId)),
    db
      .select({ productName: products.productName })
      .from(projectProducts)
      .innerJoin(products, eq(products.id, projectProducts.productId))
      .where(and(eq(projectProducts.tenantId, project.tenantId), eq(projectProducts.projectId, project.id)))
      .orderBy(asc(projectProducts.id)),
    project.projectAgreementId
      ? db
          .select({ total: count(), used: count(personAgreements.signedAt) })
          .from(personAgreements)
          .where(
            and(
              eq(personAgreements.tenantId, project.tenantId),
              eq(personAgreements.contractId, project.projectAgreementId),
            ),
          )
      : Promise.resolve([{ total: 0, used: 0 }]),
  ]);
  const [[client], productRows, [agreements]] = snapshotParts;
  return {
    agreement: { agreementTotal: agreements.total, agreementUsed: agreements.used },
    settle: await projectSettlementFigures(db, project),
    project: {
      id: project.id,
      projectName: project.projectName,
      projectSn: project.projectSn,
      clientId: project.enterpriseId,
      clientName: client?.name ?? '',
      projectStatus: project.projectStatus,
      projectStatus_dictText: statusLabel(project.projectStatus),
      cycleDate: cycleDateOf(project.startTime, project.endTime),
      productNames: productRows.map((row) => row.productName).join('、'),
    },
    invoice: { invoiceNum: await projectInvoiceCount(db, project) },
  };
}

/**
 * The 工作地点 dialog: a page of the terminals a service type of the project picked, with their
 * addresses as the terminals keep them now. A service type of another project is 项目没有该服务类型.
 */
export async function projectWorkLocations(
  db: DbOrTx,
  viewer: Viewer,
  query: { projectId: number; serviceTypeId: number; pageNo: number; pageSize: number },
): Promise<Page<WorkLocationRecord>> {
  const project = await projectInScope(db, viewer, query.projectId);
  const [type] = await db
    .select({ orgList: projectServiceTypes.orgList })
    .from(projectServiceTypes)
    .where(
      and(
        eq(projectServiceTypes.tenantId, project.tenantId),
        eq(projectServiceTypes.projectId, project.id),
        eq(projectServiceTypes.id, query.serviceTypeId),
      ),
    );
  if (!type) throw fail.notFound(TASK_MSG.serviceTypeMissing);
  const owner = { tenantId: project.tenantId, enterpriseId: project.enterpriseId };
  return organisationLocations(
    db,
    owner,
    type.orgList.map((org) => org.id),
    query,
  );
}
