/** Reading tasks with what their screens and the worker's app show, shared by the worker and console sides. */
import { TASK_TYPE_PARENTS, type TaskTypeId, TASK_TYPES, type WorkerTask } from '@fieldpay/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { projects, projectServiceTypes, taskSignRecords, type tasks } from '../../db/schema';

export type TaskRow = typeof tasks.$inferSelect;

const epoch = (date: Date | null | undefined): number | null => (date ? date.getTime() : null);

/** The worker's view of tasks: project name, reward text, check-in and check-out times. */
export async function workerTasksOf(db: DbOrTx, rows: readonly TaskRow[]): Promise<WorkerTask[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const projectRows = await db
    .select({ id: projects.id, projectName: projects.projectName })
    .from(projects)
    .where(inArray(projects.id, [...new Set(rows.map((row) => row.projectId))]));
  const typeRows = await db
    .select({ id: projectServiceTypes.id, rewardDesc: projectServiceTypes.rewardDesc })
    .from(projectServiceTypes)
    .where(inArray(projectServiceTypes.id, [...new Set(rows.map((row) => row.serviceTypeId))]));
  const signs = await db
    .select({ taskId: taskSignRecords.taskId, kind: taskSignRecords.kind, signedAt: taskSignRecords.signedAt })
    .from(taskSignRecords)
    .where(and(inArray(taskSignRecords.taskId, ids), eq(taskSignRecords.tenantId, rows[0].tenantId)));
  const names = new Map(projectRows.map((row) => [row.id, row.projectName]));
  const rewards = new Map(typeRows.map((row) => [row.id, row.rewardDesc]));
  const signedAt = (taskId: number, kind: number) =>
    epoch(signs.find((sign) => sign.taskId === taskId && sign.kind === kind)?.signedAt);
  return rows.map((row) => ({
    id: row.id,
    taskSn: row.taskSn,
    title: row.title,
    content: row.content,
    projectId: row.projectId,
    projectName: names.get(row.projectId) ?? '',
    visitTypeId: row.visitTypeId,
    visitType: TASK_TYPES[row.visitTypeId as TaskTypeId] ?? row.visitTypeId,
    parentVisitType: TASK_TYPE_PARENTS[row.visitTypeId as TaskTypeId] ?? '',
    rewardDesc: rewards.get(row.serviceTypeId) ?? '',
    resourceId: row.resourceId,
    cusName: row.cusName,
    department: row.department,
    orgName: row.orgName,
    productName: row.productName,
    province: row.province,
    city: row.city,
    area: row.area,
    address: row.address,
    lat: row.lat,
    lon: row.lon,
    startTime: epoch(row.startTime),
    endTime: epoch(row.endTime),
    status: row.status,
    auditStatus: row.auditStatus,
    remarks: row.remarks,
    signInTime: signedAt(row.id, 1),
    signOutTime: signedAt(row.id, 2),
    actTime: epoch(row.actTime),
  }));
}

export async function workerTaskOf(db: DbOrTx, row: TaskRow): Promise<WorkerTask> {
  const [task] = await workerTasksOf(db, [row]);
  return task;
}
