/** The tasks area's calls and query keys, beside its pages. */
import {
  type OperationInput,
  type Page,
  type ReverseGeocodeAnswer,
  type SurveyDetail,
  TASK_ATTACHMENT_ZIP_PATH,
  type TaskCallRecord,
  type TaskDetail,
  type TaskListRecord,
  type TaskMaterialRecord,
  taskAuditOperation,
  taskCallRecordsOperation,
  taskDetailOperation,
  taskListOperation,
  taskMaterialRecordsOperation,
  taskPublishOperation,
  taskReverseGeocodeOperation,
  taskSurveyDetailOperation,
} from '@fieldpay/domain';
import { saveBlob } from '../../app/save-blob';
import { call, callWithMessage, http } from '../../app/api-client';

export const TASK_LIST_KEY = ['task', 'list'] as const;
export const taskDetailKey = (id: number) => ['task', 'detail', id] as const;

export const fetchTasks = (query: OperationInput<typeof taskListOperation>): Promise<Page<TaskListRecord>> =>
  call(taskListOperation, query);

/** 通过 (2) or 驳回 (3) with a reason; answers the server's words (已审核N个任务). */
export async function reviewTasks(body: OperationInput<typeof taskAuditOperation>): Promise<string> {
  const { message } = await callWithMessage(taskAuditOperation, body);
  return message;
}

/** 发布任务: one request id per form, so a repeated submit answers the same task. */
export const publishTask = (
  body: OperationInput<typeof taskPublishOperation>,
): Promise<{ id: number; taskSn: string }> => call(taskPublishOperation, body);

export const fetchTaskDetail = (id: number): Promise<TaskDetail> => call(taskDetailOperation, { id });

export const fetchMaterialRecords = (taskId: number, pageNo: number): Promise<Page<TaskMaterialRecord>> =>
  call(taskMaterialRecordsOperation, { taskId, pageNo, pageSize: 10 });

export const fetchCallRecords = (taskId: number, pageNo: number): Promise<Page<TaskCallRecord>> =>
  call(taskCallRecordsOperation, { taskId, pageNo, pageSize: 10 });

export const reverseGeocode = (taskId: number, lat: number, lng: number): Promise<ReverseGeocodeAnswer> =>
  call(taskReverseGeocodeOperation, { taskId, lat, lng });

export const fetchSurveyDetail = (id: number): Promise<SurveyDetail> => call(taskSurveyDetailOperation, { id });

/**
 * The task's photos and attachments as one zip, saved under the server's name. A task without any
 * answers 暂无附件数据, which the client shows as its warning (a JSON error in a blob answer).
 */
export async function downloadTaskAttachments(taskId: number, taskSn: string): Promise<void> {
  const { blob, fileName } = await http.download(TASK_ATTACHMENT_ZIP_PATH, { taskId });
  saveBlob(blob, fileName ?? `${taskSn}.zip`);
}
