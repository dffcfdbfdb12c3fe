/** Statuses of projects and of the persons serving on them, with labels and colours. */
import { defineStatuses } from '../status';

/** Project status; labels exact (spec 1 §4, also the report's project labels of spec 2 §9). */
export const PROJECT_STATUS = defineStatuses({
  0: ['待审核', 'warn'],
  1: ['未通过', 'fail'],
  2: ['已结束', 'other'],
  3: ['已暂停', 'fail'],
  4: ['进行中', 'main'],
  5: ['未知', 'other'],
  6: ['审核中', 'warn'],
});
export type ProjectStatus = keyof typeof PROJECT_STATUS;
/** Only an ended project (2) shows its stop/end time. */
export const PROJECT_STATUS_ENDED = 2;
/** In progress (4): the enterprise header counts these. */
export const PROJECT_STATUS_IN_PROGRESS = 4;

/** A person's service on one project (employee lookup `status`). */
export const PROJECT_PERSON_STATUS = defineStatuses({
  1: ['服务中', 'main'],
  2: ['已退出', 'other'],
});

/** project.processed: 1 is the full-process environment, anything else tasks only (spec 1 §3). */
export const PROJECT_PROCESSED = { 0: '仅任务', 1: '全流程' } as const;
