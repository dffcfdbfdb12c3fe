/**
 * Changes of a project (decision 0012): creation by the enterprise, the platform's review, pause,
 * resume, end, and the platform's block edits. Each runs in the request's transaction on the
 * locked project row, refuses an illegal move with a Chinese message, and writes one
 * operation-log row holding the project as it stands after the change.
 */
import {
  CONTENT_TYPE,
  firstProjectMessage,
  illegalProjectMoveMessage,
  MSG,
  PROJECT_EDITABLE_STATUSES,
  PROJECT_FORM_MSG,
  PROJECT_STATUS_IN_PROGRESS,
  PROJECT_TEXT_UPLOAD,
  type ProjectAction,
  type ProjectBasic,
  type ProjectCreateBody,
  type ProjectLogAction,
  type ProjectServiceType,
  type ProjectText,
  projectBasicFormSchema,
  projectServiceTypeFormSchema,
  projectTextFormSchema,
  projectTransition,
  projectWholeMessage,
  resourceTypeOfParent,
  richTextIsEmpty,
  TASK_TYPE_PARENTS,
  TASK_TYPES,
  type TaskTypeId,
} from '@fieldpay/domain';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import {
  contracts,
  products,
  projectAreas,
  projectAudits,
  projectOperationLogs,
  projectProducts,
  projectServiceTypes,
  projects,
  projectTexts,
  taxSources,
} from '../../db/schema';
import { fail } from '../../core/errors';
import type { Principal } from '../../platform/auth/sessions';
import { chinaTimestamp } from '../../platform/china-time';
import { addressOf } from '../../platform/files/links';
import { createNotice, enterpriseMemberIds } from '../../platform/notices/service';
import type { Services } from '../../services';
import { contentForProject } from '../content/library';
import { sanitizeArticleHtml } from '../content/sanitize';
import { organisationsOf } from '../customers/service';
import { type ProjectRow, projectInScope, projectSnapshot, statusLabel } from './detail';
import { checkAreas } from './regions';

const MSG_EXTRA = {
  taxSourceMissing: '税源地不存在',
  productMissing: '关联产品不存在',
  agreementMissing: '项目协议不存在',
  serviceTypeMissing: '服务类型不存在',
  rejectReasonRequired: '请输入驳回原因',
  createBySide: '仅企业端可以新建项目',
} as const;

/** Parses a block with its form schema; a refusal carries the form's first message, exactly. */
function parseBlock<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const message = firstProjectMessage(schema, value);
  if (message) throw fail.validation(message);
  return schema.parse(value);
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The basics as the form holds them: productArr (when sent) is the product list. */
const basicInput = (model: unknown, productArr: unknown[] | undefined) => {
  const record = asRecord(model);
  return productArr === undefined ? record : { ...record, productIds: productArr };
};

const serviceTypeInput = (model: unknown, resourcedArr: unknown[] | undefined) => {
  const record = asRecord(model);
  return resourcedArr === undefined ? record : { ...record, resourceInfo: resourcedArr };
};

async function writeLog(db: DbOrTx, principal: Principal, projectId: number, action: ProjectLogAction, at: Date) {
  const [fresh] = await db.select().from(projects).where(eq(projects.id, projectId));
  const logAfter = await projectSnapshot(db, fresh);
  await db.insert(projectOperationLogs).values({
    tenantId: fresh.tenantId,
    enterpriseId: fresh.enterpriseId,
    projectId,
    action,
    operatorId: principal.userId,
    operatorName: principal.realname,
    side: principal.side,
    logAfter,
    createdAt: at,
  });
}

/** Checks what the basics point at (tax source, products, agreement) inside the project's tenant and enterprise. */
async function checkBasicReferences(
  db: DbOrTx,
  owner: { tenantId: number; enterpriseId: number },
  basic: ProjectBasic,
): Promise<{ projectAgreementName: string }> {
  checkAreas(basic.areaList);
  if (basic.taxId) {
    const [tax] = await db
      .select({ id: taxSources.id })
      .from(taxSources)
      .where(and(eq(taxSources.tenantId, owner.tenantId), eq(taxSources.id, basic.taxId)));
    if (!tax) throw fail.validation(MSG_EXTRA.taxSourceMissing);
  }
  const productIds = [...new Set(basic.productIds)];
  if (productIds.length > 0) {
    const found = await db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.tenantId, owner.tenantId),
          eq(products.enterpriseId, owner.enterpriseId),
          inArray(products.id, productIds),
        ),
      );
    if (found.length !== productIds.length) throw fail.validation(MSG_EXTRA.productMissing);
  }
  if (basic.isProjectAgreement === 1 && basic.projectAgreementId) {
    const [agreement] = await db
      .select({ name: contracts.contractName })
      .from(contracts)
      .where(
        and(
          eq(contracts.tenantId, owner.tenantId),
          eq(contracts.enterpriseId, owner.enterpriseId),
          eq(contracts.type, 2),
          eq(contracts.id, basic.projectAgreementId),
        ),
      );
    if (!agreement) throw fail.validation(MSG_EXTRA.agreementMissing);
    return { projectAgreementName: agreement.name };
  }
  return { projectAgreementName: '' };
}

const basicColumns = (basic: ProjectBasic, agreementName: string) => ({
  projectName: basic.projectName,
  projectTypeName: basic.projectTypeName,
  startTime: new Date(basic.startTime),
  endTime: new Date(basic.endTime),
  minPeopleNum: basic.minPeopleNum,
  maxPeopleNum: basic.maxPeopleNum,
  projectScope: basic.projectScope,
  authStatus: basic.authStatus,
  processed: basic.processed,
  productAssociation: basic.productAssociation,
  isProjectAgreement: basic.isProjectAgreement,
  projectAgreementId: basic.isProjectAgreement === 1 ? (basic.projectAgreementId ?? null) : null,
  projectAgreementName: basic.isProjectAgreement === 1 ? agreementName : '',
});

async function replaceProductsAndAreas(db: DbOrTx, project: ProjectRow, basic: ProjectBasic) {
  const owner = { tenantId: project.tenantId, enterpriseId: project.enterpriseId, projectId: project.id };
  await db
    .delete(projectProducts)
    .where(and(eq(projectProducts.tenantId, project.tenantId), eq(projectProducts.projectId, project.id)));
  await db
    .delete(projectAreas)
    .where(and(eq(projectAreas.tenantId, project.tenantId), eq(projectAreas.projectId, project.id)));
  const productIds = basic.productAssociation === 1 ? [...new Set(basic.productIds)] : [];
  if (productIds.length > 0)
    await db.insert(projectProducts).values(productIds.map((productId) => ({ ...owner, productId })));
  if (basic.areaList.length > 0)
    await db.insert(projectAreas).values(basic.areaList.map((area) => ({ ...owner, ...area })));
}

/** A service type's parent must be the one its type sits under (a type of its own is its own parent). */
function checkVisitType(type: ProjectServiceType) {
  const visitId = type.visitId as TaskTypeId;
  if (!(visitId in TASK_TYPES) || type.visitParentId !== (TASK_TYPE_PARENTS[visitId] ?? visitId))
    throw fail.validation(PROJECT_FORM_MSG.serviceTypeRequired);
}

async function checkServiceTypeText(services: Services, type: ProjectServiceType) {
  await services.sensitiveWords.assertClean(`${type.description}\n${type.rewardDesc}`);
}

/**
 * What a service type cites, checked against the project's enterprise (decision 0012 amendment):
 * each article or questionnaire is an enabled item of its content library of the type the parent
 * takes (the form schema already refused resources under other parents, repeats and more than
 * 10); each organisation is one of its terminals. The stored titles and names are the library's,
 * whatever the client sent. Nothing is written here: a refusal leaves everything as it was.
 */
async function checkServiceTypeReferences(
  db: DbOrTx,
  owner: { tenantId: number; enterpriseId: number },
  type: ProjectServiceType,
): Promise<ProjectServiceType> {
  const expected = resourceTypeOfParent(type.visitParentId);
  const ids = type.resourceInfo.map((resource) => resource.id);
  const items = new Map((await contentForProject(db, owner, ids)).map((item) => [item.id, item]));
  const resourceInfo = ids.map((id) => {
    const item = items.get(id);
    if (!item?.enabled || expected === null) throw fail.validation(PROJECT_FORM_MSG.resourceUnavailable);
    if (item.type !== expected) throw fail.validation(PROJECT_FORM_MSG.resourceWrongType(CONTENT_TYPE[expected]));
    return { id: item.id, title: item.title };
  });
  const orgIds = type.orgList.map((org) => org.id);
  const orgs = new Map((await organisationsOf(db, owner, orgIds)).map((org) => [org.id, org]));
  const orgList = orgIds.map((id) => {
    const org = orgs.get(id);
    if (!org) throw fail.validation(PROJECT_FORM_MSG.organisationMissing);
    return org;
  });
  return { ...type, resourceInfo, orgList };
}

const serviceTypeColumns = (type: ProjectServiceType) => ({
  visitParentId: type.visitParentId,
  visitId: type.visitId,
  seconds: type.seconds ?? null,
  rewardDesc: type.rewardDesc,
  description: type.description,
  online: type.online,
  resourceInfo: type.resourceInfo,
  orgList: type.orgList,
  locationScope: type.locationScope ?? null,
  signInLimit: type.signInLimit ?? null,
  signOutLimit: type.signOutLimit ?? null,
});

const textColumns = (text: ProjectText) => ({
  description: text.description,
  steps: text.steps,
  fileList: text.fileList,
});

/**
 * The project text as it is stored: the description through the article allowlist (markup with no
 * text left is refused like an empty description), and attachments only from the uploads of project
 * documents the editing session may read, of the project's tenant or the editor's own; their names
 * and types come from the stored files, never from the request.
 */
async function storableText(
  services: Services,
  principal: Principal,
  project: { tenantId: number },
  text: ProjectText,
): Promise<ProjectText> {
  const description = sanitizeArticleHtml(text.description);
  if (richTextIsEmpty(description)) throw fail.validation(MSG.projectDescriptionRequired);
  const fileList: ProjectText['fileList'] = [];
  for (const item of text.fileList) {
    const file = await services.files.findByAddress(item.fileAddress);
    if (
      !file ||
      !services.files.canRead(principal, file) ||
      (file.tenantId !== project.tenantId && file.tenantId !== principal.tenantId) ||
      file.scene !== PROJECT_TEXT_UPLOAD.scene ||
      file.uploadPath !== PROJECT_TEXT_UPLOAD.uploadPath
    )
      throw fail.validation(PROJECT_FORM_MSG.attachmentUnavailable);
    const fileAddress = addressOf(file);
    if (!fileList.some((kept) => kept.fileAddress === fileAddress))
      fileList.push({ fileName: file.fileName, fileType: file.extension, fileAddress });
  }
  return { ...text, description, fileList };
}

/** Project numbers: XM, the China date of creation (yyMMdd), then the row's id: XM261124000123. */
const projectSnOf = (at: Date, id: number) => `XM${chinaTimestamp(at).slice(2, 8)}${String(id).padStart(6, '0')}`;
/** Held only inside the creating transaction, until the id is known. */
const provisionalSn = () => `XM-${Math.random().toString(36).slice(2, 14)}`;

/**
 * The enterprise creates a project (status 0 待审核). The whole-validation order first (tax source,
 * then each block), then each block's messages; a repeated requestId answers the first project.
 */
export async function createProject(
  services: Services,
  principal: Principal,
  body: ProjectCreateBody & { requestId: string },
  at: Date = new Date(),
): Promise<{ id: number; projectSn: string }> {
  const db = services.ctx.db;
  if (principal.side !== 'enterprise' || !principal.enterpriseId) throw fail.forbidden(MSG_EXTRA.createBySide);
  const owner = { tenantId: principal.tenantId, enterpriseId: principal.enterpriseId };
  const repeated = async () => {
    const [first] = await db
      .select({ id: projects.id, projectSn: projects.projectSn })
      .from(projects)
      .where(
        and(
          eq(projects.tenantId, owner.tenantId),
          eq(projects.enterpriseId, owner.enterpriseId),
          eq(projects.requestId, body.requestId),
        ),
      );
    return first;
  };
  const earlier = await repeated();
  if (earlier) return earlier;

  const modelTaxId = asRecord(body.projectProjectProjectModel).taxId;
  const taxId = body.taxId ?? (typeof modelTaxId === 'number' ? modelTaxId : null);
  const model = body.projectProjectProjectModel && { ...body.projectProjectProjectModel, taxId };
  const typeInputs = body.visitTypeList ?? [];
  const whole = projectWholeMessage({
    projectStatus: 0,
    taxId,
    basicSaved: Boolean(model),
    serviceTypesSaved: typeInputs.length > 0,
    textSaved: Boolean(body.projectText),
  });
  if (whole) throw fail.validation(whole);
  const basic = parseBlock(projectBasicFormSchema, basicInput(model, body.productArr));
  const parsedTypes = typeInputs.map((input) =>
    parseBlock(projectServiceTypeFormSchema, serviceTypeInput(input.boyaProjectVisitTypeModel, input.resourcedArr)),
  );
  const text = await storableText(services, principal, owner, parseBlock(projectTextFormSchema, body.projectText));
  for (const type of parsedTypes) checkVisitType(type);
  if (new Set(parsedTypes.map((type) => type.visitId)).size !== parsedTypes.length)
    throw fail.validation(PROJECT_FORM_MSG.serviceTypeRepeated);
  for (const type of parsedTypes) await checkServiceTypeText(services, type);
  const { projectAgreementName } = await checkBasicReferences(db, owner, basic);
  const types: ProjectServiceType[] = [];
  for (const type of parsedTypes) types.push(await checkServiceTypeReferences(db, owner, type));

  const [created] = await db
    .insert(projects)
    .values({
      ...owner,
      ...basicColumns(basic, projectAgreementName),
      projectSn: provisionalSn(),
      projectStatus: 0,
      taxId: basic.taxId ?? null,
      requestId: body.requestId,
      createdBy: principal.userId,
      createName: principal.realname,
      createdAt: at,
    })
    // a concurrent twin of this request committed first: answer its project
    .onConflictDoNothing({ target: [projects.tenantId, projects.enterpriseId, projects.requestId] })
    .returning();
  if (!created) {
    const first = await repeated();
    if (first) return first;
    throw fail.conflict('请勿重复提交');
  }
  const projectSn = projectSnOf(at, created.id);
  await db.update(projects).set({ projectSn }).where(eq(projects.id, created.id));
  await replaceProductsAndAreas(db, created, basic);
  const ofProject = { ...owner, projectId: created.id };
  await db.insert(projectServiceTypes).values(types.map((type) => ({ ...ofProject, ...serviceTypeColumns(type) })));
  await db.insert(projectTexts).values({ ...ofProject, ...textColumns(text) });
  await writeLog(db, principal, created.id, 'create', at);
  return { id: created.id, projectSn };
}

/** Block edits: platform side (the route's permission is platform-only), status 4, 3 or 0. */
function assertEditable(project: ProjectRow) {
  if (!(PROJECT_EDITABLE_STATUSES as readonly number[]).includes(project.projectStatus))
    throw fail.rule(`项目当前状态为${statusLabel(project.projectStatus)}，不能修改`);
}

export async function editProjectBasic(
  services: Services,
  principal: Principal,
  input: { projectId: number; projectProjectProjectModel: Record<string, unknown>; productArr?: unknown[] },
): Promise<null> {
  const db = services.ctx.db;
  const project = await projectInScope(db, principal, input.projectId, { forUpdate: true });
  assertEditable(project);
  const basic = parseBlock(projectBasicFormSchema, basicInput(input.projectProjectProjectModel, input.productArr));
  const taxId = basic.taxId ?? project.taxId;
  const whole = projectWholeMessage({
    projectStatus: project.projectStatus,
    taxId,
    basicSaved: true,
    serviceTypesSaved: true,
    textSaved: true,
  });
  if (whole) throw fail.validation(whole);
  const { projectAgreementName } = await checkBasicReferences(db, project, basic);
  await db
    .update(projects)
    .set({ ...basicColumns(basic, projectAgreementName), taxId: taxId ?? null, updatedAt: new Date() })
    .where(eq(projects.id, project.id));
  await replaceProductsAndAreas(db, project, basic);
  await writeLog(db, principal, project.id, 'editBasic', new Date());
  return null;
}

export async function editProjectVisitType(
  services: Services,
  principal: Principal,
  input: {
    projectId: number;
    boyaProjectVisitTypeModel: Record<string, unknown> & { id?: number };
    resourcedArr?: unknown[];
  },
  at: Date = new Date(),
): Promise<{ id: number }> {
  const db = services.ctx.db;
  const project = await projectInScope(db, principal, input.projectId, { forUpdate: true });
  assertEditable(project);
  const parsed = parseBlock(
    projectServiceTypeFormSchema,
    serviceTypeInput(input.boyaProjectVisitTypeModel, input.resourcedArr),
  );
  checkVisitType(parsed);
  await checkServiceTypeText(services, parsed);
  const type = await checkServiceTypeReferences(db, project, parsed);
  const ofProject = and(
    eq(projectServiceTypes.tenantId, project.tenantId),
    eq(projectServiceTypes.projectId, project.id),
  );
  const typeId = input.boyaProjectVisitTypeModel.id;
  const [twin] = await db
    .select({ id: projectServiceTypes.id })
    .from(projectServiceTypes)
    .where(
      and(
        ofProject,
        eq(projectServiceTypes.visitId, type.visitId),
        typeId ? ne(projectServiceTypes.id, typeId) : undefined,
      ),
    );
  if (twin) throw fail.validation(PROJECT_FORM_MSG.serviceTypeRepeated);
  let id: number;
  if (typeId) {
    const [updated] = await db
      .update(projectServiceTypes)
      .set(serviceTypeColumns(type))
      .where(and(ofProject, eq(projectServiceTypes.id, typeId)))
      .returning({ id: projectServiceTypes.id });
    if (!updated) throw fail.notFound(MSG_EXTRA.serviceTypeMissing);
    id = updated.id;
  } else {
    const [inserted] = await db
      .insert(projectServiceTypes)
      .values({
        tenantId: project.tenantId,
        enterpriseId: project.enterpriseId,
        projectId: project.id,
        ...serviceTypeColumns(type),
      })
      .returning({ id: projectServiceTypes.id });
    id = inserted.id;
  }
  await db.update(projects).set({ updatedAt: at }).where(eq(projects.id, project.id));
  await writeLog(db, principal, project.id, 'editVisitType', at);
  return { id };
}

export async function editProjectText(
  services: Services,
  principal: Principal,
  input: { projectId: number; description: unknown; steps?: unknown; fileList?: unknown },
): Promise<null> {
  const db = services.ctx.db;
  const project = await projectInScope(db, principal, input.projectId, { forUpdate: true });
  assertEditable(project);
  const { projectId: _projectId, ...fields } = input;
  const text = await storableText(services, principal, project, parseBlock(projectTextFormSchema, fields));
  await db
    .insert(projectTexts)
    .values({
      tenantId: project.tenantId,
      enterpriseId: project.enterpriseId,
      projectId: project.id,
      ...textColumns(text),
    })
    .onConflictDoUpdate({ target: [projectTexts.tenantId, projectTexts.projectId], set: textColumns(text) });
  await db.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, project.id));
  await writeLog(db, principal, project.id, 'editText', new Date());
  return null;
}

/** Moves the locked project by an action of the state machine, or refuses with the reason. */
async function move(
  db: DbOrTx,
  principal: Principal,
  project: ProjectRow,
  action: Exclude<ProjectAction, 'create'>,
  at: Date,
  extra: Partial<typeof projects.$inferInsert> = {},
): Promise<void> {
  const to = projectTransition(action, project.projectStatus);
  if (to === null) throw fail.rule(illegalProjectMoveMessage(action, project.projectStatus));
  await db
    .update(projects)
    .set({ projectStatus: to, updatedAt: at, ...extra })
    .where(eq(projects.id, project.id));
  await writeLog(db, principal, project.id, action, at);
}

/** `at`: when it happened (now; the demo seed replays a project's history at its own dates). */
export async function startProjectAudit(
  services: Services,
  principal: Principal,
  projectId: number,
  at: Date = new Date(),
): Promise<null> {
  const db = services.ctx.db;
  const project = await projectInScope(db, principal, projectId, { forUpdate: true });
  await move(db, principal, project, 'startAudit', at);
  return null;
}

/**
 * The review's result: 6 审核中 -> 4 进行中 (approve) or 1 未通过 (reject, with a reason), an audit
 * record and a notice to the enterprise's users. The same result sent again (a double click, a
 * retry) answers as the first did and changes nothing.
 */
export async function auditProject(
  services: Services,
  principal: Principal,
  input: { projectId: number; auditStatus: 4 | 1; remarks: string },
  at: Date = new Date(),
): Promise<null> {
  const db = services.ctx.db;
  const project = await projectInScope(db, principal, input.projectId, { forUpdate: true });
  const action = input.auditStatus === PROJECT_STATUS_IN_PROGRESS ? 'approve' : 'reject';
  if (project.projectStatus === input.auditStatus) {
    const [last] = await db
      .select({ auditStatus: projectAudits.auditStatus })
      .from(projectAudits)
      .where(and(eq(projectAudits.tenantId, project.tenantId), eq(projectAudits.projectId, project.id)))
      .orderBy(desc(projectAudits.id))
      .limit(1);
    if (last?.auditStatus === input.auditStatus) return null;
  }
  if (action === 'reject' && input.remarks === '') throw fail.validation(MSG_EXTRA.rejectReasonRequired);
  const now = at;
  // the audit record first, so the log's snapshot holds it
  if (projectTransition(action, project.projectStatus) !== null) {
    await db.insert(projectAudits).values({
      tenantId: project.tenantId,
      enterpriseId: project.enterpriseId,
      projectId: project.id,
      auditStatus: input.auditStatus,
      remarks: input.remarks,
      auditUserId: principal.userId,
      auditUserName: principal.realname,
      createdAt: now,
    });
  }
  await move(db, principal, project, action, now, { auditUserName: principal.realname, auditTime: now });
  const passed = action === 'approve';
  await createNotice(db, {
    tenantId: project.tenantId,
    userIds: await enterpriseMemberIds(db, project.tenantId, project.enterpriseId),
    type: 'project',
    title: passed ? '项目审核通过' : '项目审核未通过',
    content: passed
      ? `项目${project.projectName}（${project.projectSn}）已审核通过，项目进行中。`
      : `项目${project.projectName}（${project.projectSn}）审核未通过：${input.remarks}`,
    bizId: project.id,
    link: `/projectManage/project/detail?id=${project.id}`,
    createdAt: now,
  });
  return null;
}

export async function pauseProject(
  services: Services,
  principal: Principal,
  projectId: number,
  at: Date = new Date(),
): Promise<null> {
  const db = services.ctx.db;
  await move(db, principal, await projectInScope(db, principal, projectId, { forUpdate: true }), 'pause', at);
  return null;
}

export async function resumeProject(
  services: Services,
  principal: Principal,
  projectId: number,
  at: Date = new Date(),
): Promise<null> {
  const db = services.ctx.db;
  await move(db, principal, await projectInScope(db, principal, projectId, { forUpdate: true }), 'resume', at);
  return null;
}

export async function endProject(
  services: Services,
  principal: Principal,
  projectId: number,
  at: Date = new Date(),
): Promise<null> {
  const db = services.ctx.db;
  const project = await projectInScope(db, principal, projectId, { forUpdate: true });
  await move(db, principal, project, 'end', at, { stopTime: at });
  return null;
}
