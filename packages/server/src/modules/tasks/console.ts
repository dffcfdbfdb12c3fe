/**
 * The console's side of tasks (decision 0017): the task list of both sides with its filters, the
 * platform's review (通过 / 驳回 with a reason, one or many at once, audited and noticed), and the
 * enterprise's publishing of tasks on its live projects.
 */
import crypto from 'node:crypto';
import {
  CUSTOMER_MSG,
  formatChinaDateTime,
  maskPhone,
  type Page,
  PROJECT_STATUS_IN_PROGRESS,
  statusLabel,
  TASK_AUDIT,
  TASK_AUDIT_STATUS,
  TASK_MSG,
  TASK_REVIEWABLE_STATUSES,
  TASK_TYPE_PARENTS,
  type TaskListRecord,
  type TaskTypeId,
  TASK_TYPES,
  type taskAuditOperation,
  type taskListOperation,
  type taskPublishOperation,
} from '@fieldpay/domain';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import type { z } from 'zod';
import { fail } from '../../core/errors';
import { enterpriseScope, equalsIfGiven } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import {
  customers,
  enterprises,
  organisations,
  persons,
  projects,
  projectServiceTypes,
  tasks,
  tenants,
} from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { createNotice, enterpriseMemberIds } from '../../platform/notices/service';
import { type AuditActor, writeAudit } from '../../platform/system/audit';
import type { Services } from '../../services';

type Input<O extends { input: z.ZodType }> = z.output<O['input']>;
const epoch = (date: Date | null | undefined): number | null => (date ? date.getTime() : null);

/** The task list: the platform's tasks (the operator every tenant's), an enterprise its own; newest first. */
export function listTasks(
  db: DbOrTx,
  principal: Principal,
  query: Input<typeof taskListOperation>,
): Promise<Page<TaskListRecord>> {
  const where = and(
    enterpriseScope(principal, tasks.tenantId, tasks.enterpriseId),
    equalsIfGiven(tasks.projectId, query.projectId),
    equalsIfGiven(tasks.visitTypeId, query.visitTypeId),
    equalsIfGiven(tasks.personId, query.userId),
    equalsIfGiven(tasks.auditStatus, query.auditStatus),
    equalsIfGiven(tasks.status, query.status),
    equalsIfGiven(tasks.taskSn, query.taskSn || undefined),
    query.startTime === undefined ? undefined : gte(tasks.actTime, new Date(query.startTime)),
    query.endTime === undefined ? undefined : lte(tasks.actTime, new Date(query.endTime)),
  );
  return paged(db, query, {
    from: tasks,
    where,
    key: tasks.id,
    orderBy: [[tasks.id, 'desc']],
    rows: (page) =>
      db
        .select({
          task: tasks,
          projectName: projects.projectName,
          tenantName: tenants.name,
          enterpriseName: enterprises.name,
          userName: persons.name,
          userPhone: persons.phone,
          ...page.columns,
        })
        .from(tasks)
        .innerJoin(projects, eq(projects.id, tasks.projectId))
        .innerJoin(tenants, eq(tenants.id, tasks.tenantId))
        .innerJoin(enterprises, eq(enterprises.id, tasks.enterpriseId))
        .leftJoin(persons, eq(persons.id, tasks.personId))
        .where(inArray(tasks.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: ({ task, projectName, tenantName, enterpriseName, userName, userPhone }) => ({
      id: task.id,
      taskSn: task.taskSn,
      title: task.title,
      projectId: task.projectId,
      projectName,
      tenantId: task.tenantId,
      tenantName,
      enterpriseId: task.enterpriseId,
      cusName: task.cusName || enterpriseName,
      orgName: task.orgName,
      visitTypeId: task.visitTypeId,
      visitType: TASK_TYPES[task.visitTypeId as TaskTypeId] ?? task.visitTypeId,
      userId: task.personId,
      userName: userName ?? '',
      userPhone: userPhone ? maskPhone(userPhone) : '',
      status: task.status,
      auditStatus: task.auditStatus,
      remarks: task.remarks,
      startTime: epoch(task.startTime),
      endTime: epoch(task.endTime),
      takeTime: epoch(task.takeTime),
      actTime: epoch(task.actTime),
      auditTime: epoch(task.auditTime),
      auditUserName: task.auditUserName,
      auditReason: task.auditReason,
    }),
  });
}

/**
 * The review of submitted tasks: all of them change or none (a batch naming a task that cannot be
 * reviewed is refused whole). A task already reviewed with the same result stays as it is (a double
 * click, a retry); one reviewed the other way is refused. Every change writes an audit row; the
 * enterprise's users get one notice per project.
 */
export async function auditTasks(
  services: Services,
  principal: Principal,
  actor: AuditActor,
  input: Input<typeof taskAuditOperation>,
  now = new Date(),
): Promise<{ updated: number }> {
  const { db } = services.ctx;
  const reason = input.auditStatus === TASK_AUDIT.rejected ? input.reason : '';
  if (input.auditStatus === TASK_AUDIT.rejected && reason === '') throw fail.validation(TASK_MSG.rejectReasonRequired);
  const ids = [...new Set(input.ids)];
  const rows = await db
    .select()
    .from(tasks)
    .where(and(inArray(tasks.id, ids), enterpriseScope(principal, tasks.tenantId, tasks.enterpriseId)))
    .orderBy(tasks.id)
    .for('update');
  if (rows.length !== ids.length) throw fail.notFound(TASK_MSG.tasksMissing);
  const changing = [];
  for (const row of rows) {
    if (row.auditStatus === input.auditStatus) continue;
    if (row.auditStatus === TASK_AUDIT.approved || row.auditStatus === TASK_AUDIT.rejected) {
      throw fail.rule(TASK_MSG.reviewedOther(row.taskSn));
    }
    if (!TASK_REVIEWABLE_STATUSES.includes(row.auditStatus)) {
      throw fail.rule(TASK_MSG.notReviewable(row.taskSn, statusLabel(TASK_AUDIT_STATUS, row.auditStatus)));
    }
    changing.push(row);
  }
  if (changing.length === 0) return { updated: 0 };
  await db
    .update(tasks)
    .set({
      auditStatus: input.auditStatus,
      auditTime: now,
      auditUserId: principal.userId,
      auditUserName: principal.realname,
      auditReason: reason,
    })
    .where(
      inArray(
        tasks.id,
        changing.map((row) => row.id),
      ),
    );
  const approved = input.auditStatus === TASK_AUDIT.approved;
  for (const row of changing) {
    await writeAudit(db, actor, {
      action: approved ? 'task.approve' : 'task.reject',
      targetType: 'task',
      targetId: row.id,
      before: { auditStatus: row.auditStatus, remarks: row.remarks },
      after: { auditStatus: input.auditStatus, auditReason: reason },
    });
  }
  // one notice per project to its enterprise's users
  const byProject = new Map<number, typeof changing>();
  for (const row of changing) byProject.set(row.projectId, [...(byProject.get(row.projectId) ?? []), row]);
  for (const [projectId, projectTasks] of byProject) {
    const [project] = await db
      .select({ projectName: projects.projectName })
      .from(projects)
      .where(eq(projects.id, projectId));
    const { tenantId, enterpriseId } = projectTasks[0];
    const sns = projectTasks.map((row) => row.taskSn);
    const listed = sns.length > 3 ? `${sns.slice(0, 3).join('、')}等${sns.length}个任务` : sns.join('、');
    await createNotice(db, {
      tenantId,
      userIds: await enterpriseMemberIds(db, tenantId, enterpriseId),
      type: 'task',
      title: approved ? '任务审核通过' : '任务审核驳回',
      content: approved
        ? `项目“${project.projectName}”的任务${listed}已审核通过。`
        : `项目“${project.projectName}”的任务${listed}已驳回，原因：${reason}`,
      bizId: projectTasks[0].id,
      link: `/projectManage/task/list?projectId=${projectId}`,
      createdAt: now,
    });
  }
  return { updated: changing.length };
}

/**
 * An enterprise publishes an open task on a live project of its own, for one of the project's
 * service types, within the project's period. The same requestId again answers the first task.
 */
export async function publishTask(
  services: Services,
  principal: Principal,
  actor: AuditActor,
  input: Input<typeof taskPublishOperation>,
  now = new Date(),
): Promise<{ id: number; taskSn: string }> {
  const { db } = services.ctx;
  const [project] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, input.projectId), enterpriseScope(principal, projects.tenantId, projects.enterpriseId)))
    .for('update');
  if (!project) throw fail.notFound('项目不存在', 10013);
  const [existing] = await db
    .select({ id: tasks.id, taskSn: tasks.taskSn })
    .from(tasks)
    .where(
      and(
        eq(tasks.tenantId, project.tenantId),
        eq(tasks.enterpriseId, project.enterpriseId),
        eq(tasks.requestId, input.requestId),
      ),
    );
  if (existing) return existing;
  if (project.projectStatus !== PROJECT_STATUS_IN_PROGRESS) throw fail.rule(TASK_MSG.projectNotLive);
  const [serviceType] = await db
    .select({ id: projectServiceTypes.id })
    .from(projectServiceTypes)
    .where(and(eq(projectServiceTypes.projectId, project.id), eq(projectServiceTypes.visitId, input.visitTypeId)));
  if (!serviceType) throw fail.validation(TASK_MSG.serviceTypeMissing);
  if (input.endTime < input.startTime) throw fail.validation(TASK_MSG.taskTimeOrder);
  if (
    (project.startTime && input.startTime < project.startTime.getTime() - 86_400_000) ||
    (project.endTime && input.endTime > project.endTime.getTime())
  ) {
    throw fail.validation(TASK_MSG.taskOutsideProject);
  }
  if ((input.lat === null || input.lat === undefined) !== (input.lng === null || input.lng === undefined)) {
    throw fail.validation(TASK_MSG.coordinatesOutOfRange);
  }
  // the customer must be the project's enterprise's own (the wall would hide another's anyway)
  const [customer] = input.cusId
    ? await db
        .select({
          id: customers.id,
          cusName: customers.cusName,
          authStatus: customers.authStatus,
          orgName: organisations.orgName,
        })
        .from(customers)
        .innerJoin(organisations, eq(organisations.id, customers.organisationId))
        .where(
          and(
            eq(customers.id, input.cusId),
            eq(customers.tenantId, project.tenantId),
            eq(customers.enterpriseId, project.enterpriseId),
          ),
        )
    : [];
  if (input.cusId && !customer) throw fail.validation(CUSTOMER_MSG.notFound);
  const [row] = await db
    .insert(tasks)
    .values({
      tenantId: project.tenantId,
      enterpriseId: project.enterpriseId,
      projectId: project.id,
      serviceTypeId: serviceType.id,
      visitTypeId: input.visitTypeId,
      // unique until the number below replaces it in the same transaction
      taskSn: crypto.randomBytes(16).toString('hex'),
      requestId: input.requestId,
      title: input.title,
      content: input.content,
      resourceId: input.resourceId ?? null,
      priceFen: input.price,
      customerId: customer?.id ?? null,
      cusName: input.cusName || (customer?.cusName ?? ''),
      cusIsAuth: customer?.authStatus === 1 ? 1 : 0,
      department: input.department,
      orgName: input.orgName || (customer?.orgName ?? ''),
      productName: input.productName,
      province: input.province,
      city: input.city,
      area: input.area,
      address: input.address,
      lat: input.lat ?? null,
      lon: input.lng ?? null,
      startTime: new Date(input.startTime),
      endTime: new Date(input.endTime),
      createdBy: principal.userId,
      createdAt: now,
    })
    .returning({ id: tasks.id });
  const taskSn = `RW${formatChinaDateTime(now.getTime()).slice(0, 10).replace(/-/g, '')}${String(row.id).padStart(8, '0')}`;
  await db.update(tasks).set({ taskSn }).where(eq(tasks.id, row.id));
  await writeAudit(db, actor, {
    action: 'task.publish',
    targetType: 'task',
    targetId: row.id,
    after: {
      projectId: project.id,
      visitTypeId: input.visitTypeId,
      parentVisitType: TASK_TYPE_PARENTS[input.visitTypeId] ?? '',
      title: input.title,
    },
  });
  return { id: row.id, taskSn };
}
