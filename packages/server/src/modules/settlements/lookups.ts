/**
 * What the settlement screens look up besides settlements (spec 2 §4 "Sessions and time limits",
 * §7): the enterprise's maximum selectable time, the enterprise a mode-2 list is about, and a
 * project's service types under their parents. Every read is in the session's scope: the
 * enterprise side sees its own enterprise and projects, the platform side its tenant's (the
 * operator every tenant's); anything else is 404.
 */
import {
  ApiCode,
  ENTERPRISE_INFO_MSG,
  type EnterpriseBrief,
  maskPhone,
  MSG,
  PARENT_VISIT_TYPE_NAMES,
  type ParentProjectType,
  TASK_TYPES,
  type TaskTypeId,
} from '@fieldpay/domain';
import { and, asc, eq } from 'drizzle-orm';
import { fail } from '../../core/errors';
import { enterpriseScope, equalsIfGiven } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { enterprises, projects, projectServiceTypes, tenants } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { chinaDateTime } from '../../platform/china-time';

const enterpriseMissing = () => fail.notFound(ENTERPRISE_INFO_MSG.notFound);

/** The enterprise as the viewer may see it: the enterprise side its own, the platform side its tenant's. */
async function visibleEnterprise(db: DbOrTx, principal: Principal, enterpriseId: number, tenantId?: number) {
  const [row] = await db
    .select({ enterprise: enterprises, tenantName: tenants.name })
    .from(enterprises)
    .innerJoin(tenants, eq(tenants.id, enterprises.tenantId))
    .where(
      and(
        eq(enterprises.id, enterpriseId),
        enterpriseScope(principal, enterprises.tenantId, enterprises.id),
        equalsIfGiven(enterprises.tenantId, tenantId),
      ),
    );
  if (!row) throw enterpriseMissing();
  return row;
}

/**
 * GET getMaxSelectTime: the latest moment the enterprise can have settlement data, now by the
 * server's clock in China time (nothing is applied for or settled later than now). The enterprise
 * side asks for its own enterprise (or names none); another enterprise is 404, as on the platform
 * side an enterprise outside the viewer's tenant.
 */
export async function maxSelectTime(
  db: DbOrTx,
  principal: Principal,
  input: { enterpriseId?: number },
  now: Date = new Date(),
): Promise<string> {
  if (input.enterpriseId !== undefined) await visibleEnterprise(db, principal, input.enterpriseId);
  else if (principal.side === 'enterprise' && !principal.enterpriseId) throw enterpriseMissing();
  return chinaDateTime(now);
}

/** GET /api/sys2/enterprise/getEnterprise: the enterprise's name, its platform and its contact phone, masked. */
export async function enterpriseBrief(
  db: DbOrTx,
  principal: Principal,
  input: { enterpriseId: number; tenantId?: number },
): Promise<EnterpriseBrief> {
  const { enterprise, tenantName } = await visibleEnterprise(db, principal, input.enterpriseId, input.tenantId);
  return {
    id: enterprise.id,
    enterpriseName: enterprise.name,
    tenantId: enterprise.tenantId,
    tenantName,
    contactPhone: maskPhone(enterprise.contactPhone),
  };
}

const typeName = (code: string): string =>
  TASK_TYPES[code as TaskTypeId] ?? PARENT_VISIT_TYPE_NAMES[code as keyof typeof PARENT_VISIT_TYPE_NAMES] ?? code;

/**
 * GET getParentProjectTypes: the project's service types grouped by their parent, in the order the
 * project lists them. Only types of the catalogue are answered (a settlement is made per type).
 */
export async function parentProjectTypes(
  db: DbOrTx,
  principal: Principal,
  input: { projectId: number },
): Promise<ParentProjectType[]> {
  const [project] = await db
    .select({ id: projects.id, tenantId: projects.tenantId })
    .from(projects)
    .where(and(eq(projects.id, input.projectId), enterpriseScope(principal, projects.tenantId, projects.enterpriseId)));
  if (!project) throw fail.notFound(MSG.projectMissing, ApiCode.projectMissing);
  const rows = await db
    .select({ parent: projectServiceTypes.visitParentId, visitId: projectServiceTypes.visitId })
    .from(projectServiceTypes)
    .where(and(eq(projectServiceTypes.tenantId, project.tenantId), eq(projectServiceTypes.projectId, project.id)))
    .orderBy(asc(projectServiceTypes.id));
  const parents = new Map<string, ParentProjectType>();
  for (const row of rows) {
    if (!(row.visitId in TASK_TYPES)) continue;
    const parent = parents.get(row.parent) ?? { value: row.parent, label: typeName(row.parent), children: [] };
    parent.children.push({ value: row.visitId as TaskTypeId, label: typeName(row.visitId) });
    parents.set(row.parent, parent);
  }
  return [...parents.values()];
}
