/** Statuses of tasks and of their review, with labels and colours (decision 0017). */
import { defineStatuses } from '../status';

/** Where a task stands in the worker's hands: published, taken, submitted. */
export const TASK_STATUS = defineStatuses({
  0: ['待领取', 'warn'],
  1: ['进行中', 'main'],
  2: ['已提交', 'success'],
});
export type TaskStatus = keyof typeof TASK_STATUS;
export const TASK_STATUS_OPEN = 0;
export const TASK_STATUS_TAKEN = 1;
export const TASK_STATUS_SUBMITTED = 2;

/**
 * The task's audit status (auditStatus). 0 until submitted; the automatic audit sets 1 (rejection
 * reasons found) or 4 (none); the operator's review then sets 2 or 3. Spec 1 §4: 2 and 4 hide the
 * AI rejection reasons (approved, or the automatic audit found nothing).
 */
export const TASK_AUDIT_STATUS = defineStatuses({
  0: ['未提交', 'other'],
  1: ['AI审核未通过', 'fail'],
  2: ['审核通过', 'success'],
  3: ['审核驳回', 'fail'],
  4: ['AI审核通过', 'main'],
});
export type TaskAuditStatus = keyof typeof TASK_AUDIT_STATUS;
export const TASK_AUDIT = {
  notSubmitted: 0,
  autoRejected: 1,
  approved: 2,
  rejected: 3,
  autoPassed: 4,
} as const;
/** Statuses the operator may review from: the automatic audit has run. */
export const TASK_REVIEWABLE_STATUSES: readonly number[] = [TASK_AUDIT.autoRejected, TASK_AUDIT.autoPassed];

/** Kinds of a task photo (spec 1 §3 photo lists: ppt, panoramic, sign, other), plus check-out and feedback. */
export const TASK_PHOTO_KINDS = {
  sign: '签到照片',
  signOut: '签退照片',
  ppt: '会议PPT照片',
  panoramic: '会议全景照片',
  other: '其他照片',
} as const;
export type TaskPhotoKind = keyof typeof TASK_PHOTO_KINDS;

/**
 * What the worker uploads for a questionnaire's picture questions (subject types 4 and 17) and file
 * questions (16); kept beside the task photos, answered by their addresses (decision 0027).
 */
export const TASK_SURVEY_FILE_KINDS = { surveyPicture: '问卷图片', surveyFile: '问卷附件' } as const;
export type TaskSurveyFileKind = keyof typeof TASK_SURVEY_FILE_KINDS;
/** Subject types answered with pictures, and with files. */
export const SURVEY_PICTURE_SUBJECT_TYPES: readonly number[] = [4, 17];
export const SURVEY_FILE_SUBJECT_TYPE = 16;

/** Where a photo came from: taken with the camera in the app, or picked from the album. */
export const TASK_PHOTO_SOURCES = { camera: '拍照', album: '相册' } as const;
export type TaskPhotoSource = keyof typeof TASK_PHOTO_SOURCES;

/** Call types of a call record (dhbf). */
export const TASK_CALL_TYPES = { 1: '呼出', 2: '呼入' } as const;
