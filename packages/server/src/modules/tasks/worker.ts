/**
 * The worker API's rules (decision 0017): a natural person lists open tasks of live projects in its
 * tenant, takes one, checks in and out, records calls and material openings, uploads photos and
 * submits; the automatic audit runs on submission. Every write locks the task row first, so a
 * double tap or a retry queues behind the first and then answers its result or is refused.
 */
import {
  ATTACHMENT_EXTENSIONS,
  autoAuditReasons,
  distanceMetres,
  IMAGE_EXTENSIONS,
  isInChina,
  MSG,
  type Page,
  PROJECT_STATUS_ENDED,
  PROJECT_STATUS_IN_PROGRESS,
  remarksOf,
  SURVEY_FILE_SUBJECT_TYPE,
  SURVEY_PICTURE_SUBJECT_TYPES,
  TASK_AUDIT,
  TASK_MSG,
  TASK_POSITIONS_MAX,
  TASK_STATUS_OPEN,
  TASK_STATUS_SUBMITTED,
  TASK_STATUS_TAKEN,
  type TaskPhotoKind,
  type TaskSurveyFileKind,
  type TaskTypeId,
  UPLOAD,
  type WorkerPhoto,
  type WorkerTask,
  WORKER_SURVEY_FILE_MAX_MB,
} from '@fieldpay/domain';
import type { z } from 'zod';
import type {
  workerCallRecordOperation,
  workerCheckInOperation,
  workerMaterialOpenOperation,
  workerMyTasksOperation,
  workerOpenTasksOperation,
  workerPositionOperation,
  workerSubmitTaskOperation,
  workerUploadPhotoOperation,
  workerUploadSurveyFileOperation,
} from '@fieldpay/domain';
import { and, asc, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { fail } from '../../core/errors';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import {
  contentQuestions,
  projectPersons,
  projects,
  projectServiceTypes,
  taskCallRecords,
  taskMaterialOpens,
  taskPhotoGroups,
  taskPhotos,
  taskPositions,
  taskAttendees,
  taskSignRecords,
  taskSurveyAnswers,
  tasks,
} from '../../db/schema';
import type { WorkerPrincipal } from '../../platform/auth/worker-sessions';
import { type AppFileRule, checkedAppFile } from '../../platform/files/app-files';
import type { Services } from '../../services';
import { photoAddress } from './detail';
import { type TaskRow, workerTaskOf, workerTasksOf } from './records';

type Input<O extends { input: z.ZodType }> = z.output<O['input']>;

const IMAGE_MAX_BYTES = UPLOAD.imageMaxMb * 1024 * 1024;

/** Projects a worker may work on: in progress, not past their end. */
const liveProjectIds = (db: DbOrTx, tenantId: number, now: Date) =>
  db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.tenantId, tenantId),
        eq(projects.projectStatus, PROJECT_STATUS_IN_PROGRESS),
        or(isNull(projects.endTime), gt(projects.endTime, now)),
      ),
    );

function taskPage(db: DbOrTx, query: { pageNo: number; pageSize: number }, where: ReturnType<typeof and>) {
  return paged(db, query, {
    from: tasks,
    where,
    key: tasks.id,
    orderBy: [[tasks.id, 'desc']],
    rows: (page) =>
      db
        .select({ task: tasks, ...page.columns })
        .from(tasks)
        .where(inArray(tasks.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => row.task,
  });
}

async function withWorkerView(db: DbOrTx, page: Page<TaskRow>): Promise<Page<WorkerTask>> {
  return { ...page, records: await workerTasksOf(db, page.records) };
}

/** Open tasks of the tenant's live projects, not past their end, newest first. */
export async function listOpenTasks(
  db: DbOrTx,
  worker: WorkerPrincipal,
  query: Input<typeof workerOpenTasksOperation>,
  now = new Date(),
): Promise<Page<WorkerTask>> {
  const where = and(
    eq(tasks.tenantId, worker.tenantId),
    eq(tasks.status, TASK_STATUS_OPEN),
    gt(tasks.endTime, now),
    inArray(tasks.projectId, liveProjectIds(db, worker.tenantId, now)),
    query.visitTypeId ? eq(tasks.visitTypeId, query.visitTypeId) : undefined,
  );
  return withWorkerView(db, await taskPage(db, query, where));
}

/** The person's own tasks (taken and submitted), newest first. */
export async function listMyTasks(
  db: DbOrTx,
  worker: WorkerPrincipal,
  query: Input<typeof workerMyTasksOperation>,
): Promise<Page<WorkerTask>> {
  const where = and(
    eq(tasks.tenantId, worker.tenantId),
    eq(tasks.personId, worker.personId),
    query.status === undefined ? undefined : eq(tasks.status, query.status),
  );
  return withWorkerView(db, await taskPage(db, query, where));
}

interface LockedTask {
  task: TaskRow;
  project: { id: number; projectStatus: number; endTime: Date | null; maxPeopleNum: number };
  rules: {
    locationScope: number | null;
    signInLimit: Record<string, number> | null;
    signOutLimit: Record<string, number> | null;
  };
}

/** The task row locked for the change, with its project and service type; a foreign or missing id is 任务不存在. */
async function lockTask(db: DbOrTx, worker: WorkerPrincipal, taskId: number): Promise<LockedTask> {
  const [task] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.tenantId, worker.tenantId)))
    .for('update');
  if (!task) throw fail.notFound(TASK_MSG.taskMissing);
  const [project] = await db
    .select({
      id: projects.id,
      projectStatus: projects.projectStatus,
      endTime: projects.endTime,
      maxPeopleNum: projects.maxPeopleNum,
    })
    .from(projects)
    .where(eq(projects.id, task.projectId));
  const [rules] = await db
    .select({
      locationScope: projectServiceTypes.locationScope,
      signInLimit: projectServiceTypes.signInLimit,
      signOutLimit: projectServiceTypes.signOutLimit,
    })
    .from(projectServiceTypes)
    .where(eq(projectServiceTypes.id, task.serviceTypeId));
  return { task, project, rules };
}

/** The person's own task, taken and not submitted, in a live project within its time. */
function requireWorkable({ task, project }: LockedTask, worker: WorkerPrincipal, now: Date): void {
  if (task.personId !== worker.personId) throw fail.forbidden(TASK_MSG.notYourTask);
  if (task.status === TASK_STATUS_SUBMITTED) throw fail.conflict(TASK_MSG.alreadySubmitted);
  if (task.status !== TASK_STATUS_TAKEN) throw fail.rule(TASK_MSG.notSubmittable);
  requireLive(project, task, now);
}

function requireLive(project: LockedTask['project'], task: TaskRow, now: Date): void {
  if (project.projectStatus === PROJECT_STATUS_ENDED || (project.endTime && project.endTime <= now)) {
    throw fail.rule(TASK_MSG.projectEnded);
  }
  if (project.projectStatus !== PROJECT_STATUS_IN_PROGRESS) throw fail.rule(TASK_MSG.projectNotLive);
  if (task.endTime <= now) throw fail.rule(TASK_MSG.taskExpired);
}

/**
 * Takes an open task: once (the same person taking it again gets it back), never a task another
 * person holds, and within the project's headcount (maxPeopleNum persons serving; a person already
 * serving takes more tasks freely). The project row is locked while the headcount is counted, so
 * two persons cannot both take the last place.
 */
export async function takeTask(
  services: Services,
  worker: WorkerPrincipal,
  taskId: number,
  now = new Date(),
): Promise<WorkerTask> {
  const { db } = services.ctx;
  const locked = await lockTask(db, worker, taskId);
  const { task, project } = locked;
  if (task.personId === worker.personId) return workerTaskOf(db, task);
  if (task.personId !== null) throw fail.conflict(TASK_MSG.taskTaken);
  if (task.status !== TASK_STATUS_OPEN) throw fail.rule(TASK_MSG.taskNotOpen);
  requireLive(project, task, now);

  await db.select({ id: projects.id }).from(projects).where(eq(projects.id, project.id)).for('update');
  const [serving] = await db
    .select({ status: projectPersons.status })
    .from(projectPersons)
    .where(and(eq(projectPersons.projectId, project.id), eq(projectPersons.personId, worker.personId)));
  if (serving?.status !== 1) {
    const [{ n }] = await db
      .select({ n: count() })
      .from(projectPersons)
      .where(and(eq(projectPersons.projectId, project.id), eq(projectPersons.status, 1)));
    if (project.maxPeopleNum > 0 && n >= project.maxPeopleNum) throw fail.rule(TASK_MSG.headcountFull);
    await db
      .insert(projectPersons)
      .values({
        tenantId: task.tenantId,
        enterpriseId: task.enterpriseId,
        projectId: project.id,
        personId: worker.personId,
        status: 1,
        joinedAt: now,
      })
      .onConflictDoUpdate({
        target: [projectPersons.tenantId, projectPersons.projectId, projectPersons.personId],
        set: { status: 1 },
      });
  }
  const [taken] = await db
    .update(tasks)
    .set({ personId: worker.personId, takeTime: now, status: TASK_STATUS_TAKEN })
    .where(eq(tasks.id, task.id))
    .returning();
  return workerTaskOf(db, taken);
}

/** What a task upload may be: its types (by name and by content) and its size, with their refusals. */
type TaskUploadRule = Omit<AppFileRule, 'empty' | 'nameTooLong'>;

const IMAGE_UPLOAD: TaskUploadRule = {
  extensions: IMAGE_EXTENSIONS,
  wrongType: MSG.imageWrongType,
  maxBytes: IMAGE_MAX_BYTES,
  tooLarge: MSG.imageTooLarge(`${UPLOAD.imageMaxMb}M`),
};

/** An upload's rule and how it is filed: the task photo's kind and source. */
interface TaskUpload extends TaskUploadRule {
  kind: TaskPhotoKind | TaskSurveyFileKind;
  source: string;
}

/**
 * Every upload to the person's task, checked in one order and stored: the task locked and workable,
 * then `uploadOf` (which may refuse first, as the survey question does), then the file as every app
 * file is checked (checkedAppFile).
 */
async function acceptTaskUpload(
  services: Services,
  worker: WorkerPrincipal,
  input: { taskId: number; fileName: string; content: string },
  now: Date,
  uploadOf: (locked: LockedTask) => TaskUpload | Promise<TaskUpload>,
): Promise<WorkerPhoto> {
  const locked = await lockTask(services.ctx.db, worker, input.taskId);
  requireWorkable(locked, worker, now);
  const rule = await uploadOf(locked);
  const { bytes, extension } = checkedAppFile(input, {
    ...rule,
    empty: TASK_MSG.photoEmpty,
    nameTooLong: TASK_MSG.photoNameTooLong,
  });
  return storeTaskFile(services, locked, worker, {
    kind: rule.kind,
    source: rule.source,
    fileName: input.fileName,
    extension,
    bytes,
    now,
  });
}

/**
 * A photo of the person's task: jpeg, jpg or png by name and by content, at most 3 MB, a name of at
 * most 64 characters; stored beside the uploads (platform files' storage).
 */
export async function uploadTaskPhoto(
  services: Services,
  worker: WorkerPrincipal,
  input: Input<typeof workerUploadPhotoOperation>,
  now = new Date(),
): Promise<WorkerPhoto> {
  return acceptTaskUpload(services, worker, input, now, () => ({
    ...IMAGE_UPLOAD,
    kind: input.kind,
    source: input.source,
  }));
}

/** Stores an accepted upload beside the uploads (platform files' storage) and its task photo row. */
async function storeTaskFile(
  services: Services,
  locked: LockedTask,
  worker: WorkerPrincipal,
  file: {
    kind: TaskPhotoKind | TaskSurveyFileKind;
    source: string;
    fileName: string;
    extension: string;
    bytes: Buffer;
    now: Date;
  },
): Promise<WorkerPhoto> {
  const { now, bytes, extension } = file;
  const { storageKey, sha256 } = await services.files.putAppBytes(worker.tenantId, extension, bytes, now);
  const [photo] = await services.ctx.db
    .insert(taskPhotos)
    .values({
      tenantId: locked.task.tenantId,
      enterpriseId: locked.task.enterpriseId,
      taskId: locked.task.id,
      personId: worker.personId,
      kind: file.kind,
      source: file.source,
      fileName: file.fileName,
      extension,
      fileSize: bytes.length,
      sha256,
      storageKey,
      createdAt: now,
    })
    .returning();
  return { id: photo.id, kind: photo.kind, source: photo.source, fileName: photo.fileName, fileSize: photo.fileSize };
}

/**
 * A picture or file answering one question of the task's questionnaire (decision 0027): the question
 * must be a picture (4, 17) or file (16) question of the task's questionnaire. Pictures follow the
 * photo rules (jpeg, jpg, png by name and content, 3M); files the attachment rules (the default
 * attachment types by name and content, manager_file_size but at most 10M in the app).
 */
export async function uploadSurveyFile(
  services: Services,
  worker: WorkerPrincipal,
  input: Input<typeof workerUploadSurveyFileOperation>,
  now = new Date(),
): Promise<WorkerPhoto> {
  const { db } = services.ctx;
  return acceptTaskUpload(services, worker, input, now, async ({ task }) => {
    const [question] = task.resourceId
      ? await db
          .select({ subjectType: contentQuestions.subjectType })
          .from(contentQuestions)
          .where(
            and(
              eq(contentQuestions.tenantId, task.tenantId),
              eq(contentQuestions.contentId, task.resourceId),
              eq(contentQuestions.id, input.questionId),
            ),
          )
      : [];
    if (!question) throw fail.validation(TASK_MSG.questionMissing);
    const picture = SURVEY_PICTURE_SUBJECT_TYPES.includes(question.subjectType);
    if (!picture && question.subjectType !== SURVEY_FILE_SUBJECT_TYPE) {
      throw fail.validation(TASK_MSG.surveyNotFileQuestion);
    }
    if (picture) return { ...IMAGE_UPLOAD, kind: 'surveyPicture', source: 'album' };
    const maxMb = Math.min(await services.files.managerFileSizeMb(db), WORKER_SURVEY_FILE_MAX_MB);
    return {
      kind: 'surveyFile',
      source: 'album',
      extensions: ATTACHMENT_EXTENSIONS.default,
      wrongType: MSG.uploadWrongType,
      maxBytes: maxMb * 1024 * 1024,
      tooLarge: MSG.uploadTooLarge(maxMb),
    };
  });
}

/** Unused photos of the task of the given kinds; anything else is refused with its reason. */
async function claimablePhotos(
  db: DbOrTx,
  task: TaskRow,
  worker: WorkerPrincipal,
  photoIds: readonly number[],
  kinds: readonly TaskPhotoKind[],
) {
  if (photoIds.length === 0) return [];
  const unique = [...new Set(photoIds)];
  const rows = await db
    .select()
    .from(taskPhotos)
    .where(
      and(
        eq(taskPhotos.tenantId, task.tenantId),
        eq(taskPhotos.taskId, task.id),
        eq(taskPhotos.personId, worker.personId),
        inArray(taskPhotos.id, unique),
        isNull(taskPhotos.signRecordId),
        isNull(taskPhotos.groupId),
      ),
    );
  if (rows.length !== unique.length) throw fail.validation(TASK_MSG.photoMissing);
  if (rows.some((row) => !kinds.includes(row.kind as TaskPhotoKind))) throw fail.validation(TASK_MSG.photoKindWrong);
  return rows;
}

const KIND_OF = { checkIn: 1, checkOut: 2 } as const;

/**
 * A check-in or check-out at GCJ-02 coordinates inside China, at the server's time, with its photos.
 * Once per task and kind: the same point sent again (a retry) answers the task; another point is refused.
 */
export async function signTask(
  services: Services,
  worker: WorkerPrincipal,
  leg: keyof typeof KIND_OF,
  input: Input<typeof workerCheckInOperation>,
  now = new Date(),
): Promise<WorkerTask> {
  const { db } = services.ctx;
  if (!isInChina({ lat: input.lat, lng: input.lng })) throw fail.validation(TASK_MSG.coordinatesOutOfRange);
  const locked = await lockTask(db, worker, input.taskId);
  requireWorkable(locked, worker, now);
  const { task } = locked;
  const kind = KIND_OF[leg];
  const existing = await db
    .select()
    .from(taskSignRecords)
    .where(and(eq(taskSignRecords.tenantId, task.tenantId), eq(taskSignRecords.taskId, task.id)));
  const same = existing.find((record) => record.kind === kind);
  if (same) {
    if (same.lat === input.lat && same.lon === input.lng) return workerTaskOf(db, task);
    throw fail.conflict(leg === 'checkIn' ? TASK_MSG.alreadyCheckedIn : TASK_MSG.alreadyCheckedOut);
  }
  if (leg === 'checkIn' && task.startTime > now) throw fail.rule(TASK_MSG.taskNotStarted);
  if (leg === 'checkOut' && !existing.some((record) => record.kind === KIND_OF.checkIn)) {
    throw fail.rule(TASK_MSG.notCheckedIn);
  }
  const photos = await claimablePhotos(db, task, worker, input.photoIds, [leg === 'checkIn' ? 'sign' : 'signOut']);
  const [record] = await db
    .insert(taskSignRecords)
    .values({
      tenantId: task.tenantId,
      enterpriseId: task.enterpriseId,
      taskId: task.id,
      personId: worker.personId,
      kind,
      lat: input.lat,
      lon: input.lng,
      address: input.address,
      distance: metresFromPlanned(task, input),
      signedAt: now,
      createdAt: now,
    })
    .returning({ id: taskSignRecords.id });
  if (photos.length) {
    await db
      .update(taskPhotos)
      .set({ signRecordId: record.id })
      .where(
        inArray(
          taskPhotos.id,
          photos.map((photo) => photo.id),
        ),
      );
  }
  return workerTaskOf(db, task);
}

/** A call of the task (type, number, time, seconds); a retry with the same requestId is recorded once. */
export async function recordCall(
  services: Services,
  worker: WorkerPrincipal,
  input: Input<typeof workerCallRecordOperation>,
  now = new Date(),
): Promise<{ id: number }> {
  const { db } = services.ctx;
  const locked = await lockTask(db, worker, input.taskId);
  requireWorkable(locked, worker, now);
  const { task } = locked;
  const owner = recordOwner(task, worker, input.requestId, now);
  await db
    .insert(taskCallRecords)
    .values({
      ...owner,
      callType: input.callType,
      phoneNumber: input.phoneNumber,
      callTime: new Date(input.callTime),
      duration: input.duration,
    })
    .onConflictDoNothing();
  return idOfRequest(db, taskCallRecords, owner);
}

/** A material opened on the task (name, time, seconds); a retry with the same requestId is recorded once. */
export async function recordMaterialOpen(
  services: Services,
  worker: WorkerPrincipal,
  input: Input<typeof workerMaterialOpenOperation>,
  now = new Date(),
): Promise<{ id: number }> {
  const { db } = services.ctx;
  const locked = await lockTask(db, worker, input.taskId);
  requireWorkable(locked, worker, now);
  const { task } = locked;
  const owner = recordOwner(task, worker, input.requestId, now);
  await db
    .insert(taskMaterialOpens)
    .values({
      ...owner,
      materialName: input.materialName,
      openTime: new Date(input.openTime),
      duration: input.duration,
    })
    .onConflictDoNothing();
  return idOfRequest(db, taskMaterialOpens, owner);
}

/**
 * A position reported while doing the task (its track), inside China, at the server's time; a retry
 * with the same requestId is recorded once; at most TASK_POSITIONS_MAX a task.
 */
export async function recordPosition(
  services: Services,
  worker: WorkerPrincipal,
  input: Input<typeof workerPositionOperation>,
  now = new Date(),
): Promise<{ id: number }> {
  const { db } = services.ctx;
  if (!isInChina({ lat: input.lat, lng: input.lng })) throw fail.validation(TASK_MSG.coordinatesOutOfRange);
  const locked = await lockTask(db, worker, input.taskId);
  requireWorkable(locked, worker, now);
  const { task } = locked;
  const ofTask = and(eq(taskPositions.tenantId, task.tenantId), eq(taskPositions.taskId, task.id));
  const [sent] = await db
    .select({ id: taskPositions.id })
    .from(taskPositions)
    .where(and(ofTask, eq(taskPositions.requestId, input.requestId)));
  // the task row is locked: a retry sent at once finds the first, and no report passes the count
  if (sent) return sent;
  const [{ n }] = await db.select({ n: count() }).from(taskPositions).where(ofTask);
  if (n >= TASK_POSITIONS_MAX) throw fail.rule(TASK_MSG.positionLimit(TASK_POSITIONS_MAX));
  const [record] = await db
    .insert(taskPositions)
    .values({
      ...recordOwner(task, worker, input.requestId, now),
      lat: input.lat,
      lon: input.lng,
      address: input.address,
      distance: metresFromPlanned(task, input),
      reportedAt: now,
    })
    .returning({ id: taskPositions.id });
  return record;
}

/** The columns every record a worker sends once per requestId carries. */
/** Where the task was to be done, when it names a place. */
const plannedPointOf = (task: TaskRow) =>
  task.lat !== null && task.lon !== null ? { lat: task.lat, lng: task.lon } : null;

/** Whole metres from the task's planned point to a reported one; null when the task names no place. */
function metresFromPlanned(task: TaskRow, point: { lat: number; lng: number }): number | null {
  const planned = plannedPointOf(task);
  return planned ? Math.round(distanceMetres(planned, point)) : null;
}

function recordOwner(task: TaskRow, worker: WorkerPrincipal, requestId: string, now: Date) {
  return {
    tenantId: task.tenantId,
    enterpriseId: task.enterpriseId,
    taskId: task.id,
    personId: worker.personId,
    requestId,
    createdAt: now,
  };
}

/** The id of the record a worker sent with this requestId: the first one, whatever retries followed. */
async function idOfRequest(
  db: DbOrTx,
  table: typeof taskCallRecords | typeof taskMaterialOpens,
  owner: ReturnType<typeof recordOwner>,
): Promise<{ id: number }> {
  const [row] = await db
    .select({ id: table.id })
    .from(table as typeof taskCallRecords)
    .where(
      and(eq(table.tenantId, owner.tenantId), eq(table.taskId, owner.taskId), eq(table.requestId, owner.requestId)),
    );
  return row;
}

/**
 * Submits the task: feedback, photo groups and survey answers, then the automatic audit writes its
 * reasons (remarks) and auditStatus 1 (reasons found) or 4 (none). Once: the same requestId again
 * answers the first submission; another submission is refused.
 */
export async function submitTask(
  services: Services,
  worker: WorkerPrincipal,
  input: Input<typeof workerSubmitTaskOperation>,
  now = new Date(),
): Promise<WorkerTask> {
  const { db } = services.ctx;
  const locked = await lockTask(db, worker, input.taskId);
  const { task } = locked;
  if (task.personId === worker.personId && task.status === TASK_STATUS_SUBMITTED) {
    if (task.submitRequestId === input.requestId) return workerTaskOf(db, task);
    throw fail.conflict(TASK_MSG.alreadySubmitted);
  }
  requireWorkable(locked, worker, now);
  const owner = { tenantId: task.tenantId, enterpriseId: task.enterpriseId, taskId: task.id, createdAt: now };

  // photo groups
  let groupPhotoCount = 0;
  for (const [sort, group] of input.photoGroups.entries()) {
    const photos = await claimablePhotos(db, task, worker, group.photoIds, ['ppt', 'panoramic', 'other']);
    const [row] = await db
      .insert(taskPhotoGroups)
      .values({ ...owner, name: group.name, sort })
      .returning({ id: taskPhotoGroups.id });
    await db
      .update(taskPhotos)
      .set({ groupId: row.id })
      .where(
        inArray(
          taskPhotos.id,
          photos.map((photo) => photo.id),
        ),
      );
    groupPhotoCount += photos.length;
  }

  // survey answers, against the questionnaire of the task
  const questions = task.resourceId
    ? await db
        .select({
          id: contentQuestions.id,
          required: contentQuestions.required,
          subjectType: contentQuestions.subjectType,
        })
        .from(contentQuestions)
        .where(and(eq(contentQuestions.tenantId, task.tenantId), eq(contentQuestions.contentId, task.resourceId)))
        .orderBy(asc(contentQuestions.sort), asc(contentQuestions.id))
    : [];
  const questionIds = new Set(questions.map((question) => question.id));
  if (input.answers.some((answer) => !questionIds.has(answer.questionId))) {
    throw fail.validation(TASK_MSG.questionMissing);
  }
  // picture and file questions are answered with the survey uploads of this task, each used once
  const contents = new Map<number, string>();
  const usedFiles = new Set<number>();
  for (const answer of input.answers) {
    if (answer.fileIds.length === 0) continue;
    const question = questions.find((row) => row.id === answer.questionId);
    const picture = SURVEY_PICTURE_SUBJECT_TYPES.includes(question?.subjectType ?? -1);
    if (!picture && question?.subjectType !== SURVEY_FILE_SUBJECT_TYPE) {
      throw fail.validation(TASK_MSG.surveyNotFileQuestion);
    }
    if (answer.fileIds.some((id) => usedFiles.has(id))) throw fail.validation(TASK_MSG.surveyFileMissing);
    const files = await db
      .select({ id: taskPhotos.id, kind: taskPhotos.kind, tenantId: taskPhotos.tenantId })
      .from(taskPhotos)
      .where(
        and(
          eq(taskPhotos.tenantId, task.tenantId),
          eq(taskPhotos.taskId, task.id),
          eq(taskPhotos.personId, worker.personId),
          inArray(taskPhotos.id, [...new Set(answer.fileIds)]),
        ),
      )
      .orderBy(asc(taskPhotos.id));
    if (files.length !== new Set(answer.fileIds).size) throw fail.validation(TASK_MSG.surveyFileMissing);
    const kind: TaskSurveyFileKind = picture ? 'surveyPicture' : 'surveyFile';
    if (files.some((file) => file.kind !== kind)) throw fail.validation(TASK_MSG.surveyFileWrongQuestion);
    for (const file of files) usedFiles.add(file.id);
    contents.set(
      answer.questionId,
      answer.fileIds.map((id) => photoAddress({ tenantId: task.tenantId, id })).join('\n'),
    );
  }
  const answers = input.answers.map((answer) => ({
    ...answer,
    content: contents.get(answer.questionId) ?? answer.content,
  }));
  const answered = new Set(
    answers.filter((answer) => answer.optionIds.length > 0 || answer.content !== '').map((answer) => answer.questionId),
  );
  if (answers.length) {
    await db
      .insert(taskSurveyAnswers)
      .values(
        answers.map((answer) => ({
          ...owner,
          questionId: answer.questionId,
          optionIds: answer.optionIds,
          content: answer.content,
        })),
      )
      .onConflictDoUpdate({
        target: [taskSurveyAnswers.tenantId, taskSurveyAnswers.taskId, taskSurveyAnswers.questionId],
        set: { optionIds: sql`excluded.option_ids`, content: sql`excluded.content` },
      });
  }

  // academic meetings: the attendees of a department meeting, the headcount of the others
  if (input.cusList.length) {
    await db.insert(taskAttendees).values(input.cusList.map((attendee, sort) => ({ ...owner, sort, ...attendee })));
  }

  const reasons = autoAuditReasons(
    { visitId: task.visitTypeId as TaskTypeId, ...locked.rules },
    await submittedFacts(db, task, {
      sumUp: input.sumUp,
      groupPhotoCount,
      questions: task.resourceId
        ? questions.map((question, index) => ({
            number: index + 1,
            required: question.required === 1,
            answered: answered.has(question.id),
          }))
        : null,
    }),
  );
  const [submitted] = await db
    .update(tasks)
    .set({
      status: TASK_STATUS_SUBMITTED,
      auditStatus: reasons.length ? TASK_AUDIT.autoRejected : TASK_AUDIT.autoPassed,
      remarks: remarksOf(reasons),
      sumUp: input.sumUp,
      feedback: input.content,
      custNum: input.custNum ?? (input.cusList.length ? input.cusList.length : null),
      actTime: now,
      submitRequestId: input.requestId,
    })
    .where(eq(tasks.id, task.id))
    .returning();
  return workerTaskOf(db, submitted);
}

/** What the automatic audit looks at: check-in and check-out with their photos, calls, materials. */
async function submittedFacts(
  db: DbOrTx,
  task: TaskRow,
  extra: {
    sumUp: string;
    groupPhotoCount: number;
    questions: { number: number; required: boolean; answered: boolean }[] | null;
  },
) {
  const ofTask = <T extends typeof taskSignRecords | typeof taskCallRecords | typeof taskMaterialOpens>(table: T) =>
    and(eq(table.tenantId, task.tenantId), eq(table.taskId, task.id));
  const signs = await db.select().from(taskSignRecords).where(ofTask(taskSignRecords));
  const photos = await db
    .select({ signRecordId: taskPhotos.signRecordId, source: taskPhotos.source })
    .from(taskPhotos)
    .where(and(eq(taskPhotos.tenantId, task.tenantId), eq(taskPhotos.taskId, task.id)));
  const calls = await db
    .select({ duration: taskCallRecords.duration })
    .from(taskCallRecords)
    .where(ofTask(taskCallRecords));
  const materials = await db
    .select({ duration: taskMaterialOpens.duration })
    .from(taskMaterialOpens)
    .where(ofTask(taskMaterialOpens));
  const point = (kind: number) => {
    const record = signs.find((sign) => sign.kind === kind);
    if (!record) return null;
    return {
      lat: record.lat,
      lng: record.lon,
      at: record.signedAt.getTime(),
      photos: photos
        .filter((photo) => photo.signRecordId === record.id)
        .map((photo) => ({ source: photo.source === 'album' ? ('album' as const) : ('camera' as const) })),
    };
  };
  return {
    planned: plannedPointOf(task),
    checkIn: point(KIND_OF.checkIn),
    checkOut: point(KIND_OF.checkOut),
    callSeconds: calls.map((call) => call.duration),
    materialSeconds: materials.map((material) => material.duration),
    ...extra,
  };
}
