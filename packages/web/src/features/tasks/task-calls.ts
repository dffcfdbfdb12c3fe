/** The tasks area's calls and query keys, beside its pages. */
import {
  type OperationInput,
  type Page,
  type TaskListRecord,
  taskAuditOperation,
  taskListOperation,
} from '@fieldpay/domain';
import { call, callWithMessage } from '../../app/api-client';

export const TASK_LIST_KEY = ['task', 'list'] as const;

export const fetchTasks = (query: OperationInput<typeof taskListOperation>): Promise<Page<TaskListRecord>> =>
  call(taskListOperation, query);

/** 通过 (2) or 驳回 (3) with a reason; answers the server's words (已审核N个任务). */
export async function reviewTasks(body: OperationInput<typeof taskAuditOperation>): Promise<string> {
  const { message } = await callWithMessage(taskAuditOperation, body);
  return message;
}
