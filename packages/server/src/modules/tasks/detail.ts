/**
 * The task detail screen (spec 1 §2, decision 0022): the detail with everything the screen shows,
 * the list dialog's material openings and call records, reverse geocoding of a map click, the
 * survey submission detail, and the task photos behind signed links and in one zip. Every read is
 * scoped to the session's tenant (the operator: every tenant) and, on the enterprise side, its own
 * enterprise: a foreign or missing task id answers 任务不存在.
 */
import {
  TASK_SURVEY_FILE_KINDS,
  formatChinaDateTime,
  maskPhone,
  type Page,
  type ReverseGeocodeAnswer,
  showsAiRejectionReason,
  type SurveyDetail,
  TASK_DETAIL_MSG,
  TASK_MSG,
  TASK_PHOTO_KINDS,
  TASK_PHOTO_ROUTE_PREFIX,
  TASK_TYPE_PARENTS,
  type TaskCallRecord,
  type TaskDetail,
  type TaskMaterialRecord,
  type TaskReadingRecord,
  type TaskPhoto,
  type TaskPhotoKind,
  type TaskSignPoint,
  type TaskTypeId,
  TASK_TYPES,
  type taskCallRecordsOperation,
  type taskMaterialRecordsOperation,
  type taskReadingRecordsOperation,
  type taskReverseGeocodeOperation,
} from '@fieldpay/domain';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { fail } from '../../core/errors';
import { enterpriseScope } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import {
  contentItems,
  customers,
  contentQuestions,
  enterprises,
  persons,
  projects,
  taskAttendees,
  taskCallRecords,
  taskMaterialOpens,
  taskPhotoGroups,
  taskPositions,
  taskPhotos,
  taskSignRecords,
  taskSurveyAnswers,
  tasks,
  tenants,
  users,
} from '../../db/schema';
import type { GeocodeAnchor } from '../../integrations/geocoder';
import type { Principal } from '../../platform/auth/sessions';
import { parseAddress } from '../../platform/files/links';
import { type ZipEntry, uniqueZipNames, zipSegment } from '../../platform/files/zip-stream';
import type { Services } from '../../services';
import type { TaskRow } from './records';

type Input<O extends { input: z.ZodType }> = z.output<O['input']>;
type PhotoRow = typeof taskPhotos.$inferSelect;

const epoch = (date: Date | null | undefined): number | null => (date ? date.getTime() : null);
const SIGN_KIND = { checkIn: 1, checkOut: 2 } as const;

/** The task the session may see, or 任务不存在 (404): a foreign id answers as a missing one. */
export async function scopedTask(db: DbOrTx, principal: Principal, id: number): Promise<TaskRow> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), enterpriseScope(principal, tasks.tenantId, tasks.enterpriseId)));
  if (!row) throw fail.notFound(TASK_MSG.taskMissing);
  return row;
}

/** The stable reference a photo's link is signed for (outside the files' key pattern, see links.ts). */
export const photoRef = (photo: Pick<PhotoRow, 'tenantId' | 'enterpriseId' | 'id'>) => ({
  tenantId: photo.tenantId,
  fileKey: `task-photo:${photo.enterpriseId}:${photo.id}`,
});
export const photoAddress = (photo: Pick<PhotoRow, 'tenantId' | 'id'>) =>
  `${TASK_PHOTO_ROUTE_PREFIX}/${photo.tenantId}/${photo.id}`;

/** The photo id of a task photo address of the tenant, else null. */
function taskPhotoIdOf(address: string, tenantId: number): number | null {
  const prefix = `${TASK_PHOTO_ROUTE_PREFIX}/${tenantId}/`;
  if (!address.startsWith(prefix)) return null;
  const id = Number(address.slice(prefix.length));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function photoOf(services: Services, row: PhotoRow): TaskPhoto {
  return {
    id: row.id,
    kind: row.kind,
    source: row.source,
    fileName: row.fileName,
    fileSize: row.fileSize,
    url: services.files.linkAt(photoAddress(row), photoRef(row)).url,
    createTime: row.createdAt.getTime(),
  };
}

async function photosOf(db: DbOrTx, task: TaskRow): Promise<PhotoRow[]> {
  return db
    .select()
    .from(taskPhotos)
    .where(and(eq(taskPhotos.tenantId, task.tenantId), eq(taskPhotos.taskId, task.id)))
    .orderBy(asc(taskPhotos.id));
}

const countOf = async (db: DbOrTx, table: typeof taskCallRecords | typeof taskMaterialOpens, task: TaskRow) => {
  const [row] = await db
    .select({ n: count() })
    .from(table)
    .where(and(eq(table.tenantId, task.tenantId), eq(table.taskId, task.id)));
  return row.n;
};

/** Everything the task detail screen shows. */
export async function taskDetail(services: Services, principal: Principal, id: number): Promise<TaskDetail> {
  const { db } = services.ctx;
  const task = await scopedTask(db, principal, id);
  const [names] = await db
    .select({ projectName: projects.projectName, tenantName: tenants.name, enterpriseName: enterprises.name })
    .from(projects)
    .innerJoin(tenants, eq(tenants.id, projects.tenantId))
    .innerJoin(enterprises, eq(enterprises.id, projects.enterpriseId))
    .where(eq(projects.id, task.projectId));
  const [person] = task.personId
    ? await db.select({ name: persons.name, phone: persons.phone }).from(persons).where(eq(persons.id, task.personId))
    : [];
  const [resource] = task.resourceId
    ? await db
        .select({ title: contentItems.title })
        .from(contentItems)
        .where(and(eq(contentItems.tenantId, task.tenantId), eq(contentItems.id, task.resourceId)))
    : [];
  const [customer] = task.customerId
    ? await db
        .select({ authStatus: customers.authStatus })
        .from(customers)
        .where(and(eq(customers.tenantId, task.tenantId), eq(customers.id, task.customerId)))
    : [];
  const photos = await photosOf(db, task);
  const signs = await db
    .select()
    .from(taskSignRecords)
    .where(and(eq(taskSignRecords.tenantId, task.tenantId), eq(taskSignRecords.taskId, task.id)));
  const positions = await db
    .select()
    .from(taskPositions)
    .where(and(eq(taskPositions.tenantId, task.tenantId), eq(taskPositions.taskId, task.id)))
    .orderBy(asc(taskPositions.reportedAt), asc(taskPositions.id));
  const groups = await db
    .select()
    .from(taskPhotoGroups)
    .where(and(eq(taskPhotoGroups.tenantId, task.tenantId), eq(taskPhotoGroups.taskId, task.id)))
    .orderBy(asc(taskPhotoGroups.sort), asc(taskPhotoGroups.id));
  const attendees = await db
    .select()
    .from(taskAttendees)
    .where(and(eq(taskAttendees.tenantId, task.tenantId), eq(taskAttendees.taskId, task.id)))
    .orderBy(asc(taskAttendees.sort), asc(taskAttendees.id));
  const [answers] = await db
    .select({ n: count() })
    .from(taskSurveyAnswers)
    .where(and(eq(taskSurveyAnswers.tenantId, task.tenantId), eq(taskSurveyAnswers.taskId, task.id)));

  const point = (kind: number): TaskSignPoint | null => {
    const sign = signs.find((row) => row.kind === kind);
    if (!sign) return null;
    return {
      kind,
      feedbackType: kind === SIGN_KIND.checkIn ? 0 : 1,
      lat: sign.lat,
      lon: sign.lon,
      address: sign.address,
      distance: sign.distance,
      signedAt: sign.signedAt.getTime(),
      photos: photos.filter((photo) => photo.signRecordId === sign.id).map((photo) => photoOf(services, photo)),
    };
  };
  const signIn = point(SIGN_KIND.checkIn);
  const signOut = point(SIGN_KIND.checkOut);
  return {
    id: task.id,
    taskId: task.id,
    taskSn: task.taskSn,
    title: task.title,
    content: task.content,
    projectId: task.projectId,
    projectName: names?.projectName ?? '',
    tenantName: names?.tenantName ?? '',
    enterpriseName: names?.enterpriseName ?? '',
    visitTypeId: task.visitTypeId,
    visitType: TASK_TYPES[task.visitTypeId as TaskTypeId] ?? task.visitTypeId,
    parentVisitType: TASK_TYPE_PARENTS[task.visitTypeId as TaskTypeId] ?? '',
    resourceId: task.resourceId,
    resourceTitle: resource?.title ?? '',
    userId: task.personId,
    userName: person?.name ?? '',
    userPhone: person ? maskPhone(person.phone) : '',
    cusId: task.customerId,
    cusName: task.cusName,
    // a linked customer's verification as it stands now; otherwise what the task was published with
    cusIsAuth: customer ? (customer.authStatus === 1 ? 1 : 0) : task.cusIsAuth,
    department: task.department,
    orgName: task.orgName,
    province: task.province,
    city: task.city,
    area: task.area,
    address: task.address,
    productName: task.productName,
    fileNumber: await countOf(db, taskMaterialOpens, task),
    callsNumber: await countOf(db, taskCallRecords, task),
    startTime: task.startTime.getTime(),
    endTime: task.endTime.getTime(),
    takeTime: epoch(task.takeTime),
    actTime: epoch(task.actTime),
    duration: signIn && signOut ? Math.round((signOut.signedAt - signIn.signedAt) / 60_000) : null,
    status: task.status,
    auditStatus: task.auditStatus,
    auditUserName: task.auditUserName,
    auditTime: epoch(task.auditTime),
    auditReason: task.auditReason,
    // the AI audit rejection reasons: not for 2 (approved) nor 4 (nothing found), spec 1 §4
    remarks: showsAiRejectionReason(task.auditStatus, task.remarks) ? task.remarks : '',
    lat: task.lat,
    lon: task.lon,
    signIn,
    signOut,
    signInAddress: signIn?.address ?? '',
    signOutAddress: signOut?.address ?? '',
    positionRecords: positions.map((row) => ({
      lat: row.lat,
      lon: row.lon,
      address: row.address,
      distance: row.distance,
      reportedAt: row.reportedAt.getTime(),
    })),
    sumUp: task.sumUp,
    feedback: task.feedback,
    photoGroups: groups.map((group) => ({
      id: group.id,
      name: group.name,
      photos: photos.filter((photo) => photo.groupId === group.id).map((photo) => photoOf(services, photo)),
    })),
    // survey pictures and files belong to their answers (the submission detail), not to the photos
    otherPhotos: photos
      .filter(
        (photo) => photo.signRecordId === null && photo.groupId === null && !(photo.kind in TASK_SURVEY_FILE_KINDS),
      )
      .map((photo) => photoOf(services, photo)),
    custNum: task.custNum,
    cusList: attendees.map((row) => ({
      cusName: row.cusName,
      departmentName: row.departmentName,
      authStatus: row.authStatus,
      certNo: row.certNo,
    })),
    surveyAnswered: answers.n > 0,
    mapTileUrl: services.ctx.config.maps.tileUrl,
  };
}

/** The tables of a task's records (each row has the task's tenant, the task and an id in time order). */
type TaskRecordTable = typeof taskMaterialOpens | typeof taskCallRecords;

/** One page of the records of `table` of a task the session may see (the caller has checked it: scopedTask). */
async function taskRecordPage<Table extends TaskRecordTable, Answer>(
  db: DbOrTx,
  task: TaskRow,
  query: { pageNo: number; pageSize: number },
  table: Table,
  answerOf: (row: Table['$inferSelect'], task: TaskRow) => Answer,
): Promise<Page<Answer>> {
  // Drizzle's from() takes the union, not a type parameter; the rows are the chosen table's again below
  const source: TaskRecordTable = table;
  const where = and(eq(source.tenantId, task.tenantId), eq(source.taskId, task.id));
  const [{ total }] = await db.select({ total: count() }).from(source).where(where);
  const rows = (await db
    .select()
    .from(source)
    .where(where)
    .orderBy(asc(source.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)) as Table['$inferSelect'][];
  return { total, records: rows.map((row) => answerOf(row, task)) };
}

/** The material openings of a task the session may see, oldest first, 10 a page. */
export async function materialRecords(
  db: DbOrTx,
  principal: Principal,
  query: Input<typeof taskMaterialRecordsOperation>,
): Promise<Page<TaskMaterialRecord>> {
  const task = await scopedTask(db, principal, query.taskId);
  return taskRecordPage(db, task, query, taskMaterialOpens, (row, task) => ({
    id: row.id,
    materialName: row.materialName,
    productNames: task.productName,
    openTime: row.openTime.getTime(),
    duration: row.duration,
  }));
}

/** 阅读记录: the material openings of a person's task the session may see (404 unless the person did it). */
export async function readingRecords(
  db: DbOrTx,
  principal: Principal,
  query: Input<typeof taskReadingRecordsOperation>,
): Promise<Page<TaskReadingRecord>> {
  const task = await scopedTask(db, principal, query.taskId);
  if (task.personId !== query.userId) throw fail.notFound(TASK_MSG.taskMissing);
  return taskRecordPage(db, task, query, taskMaterialOpens, (row) => ({
    id: row.id,
    title: row.materialName,
    duration: row.duration,
    openTime: row.openTime.getTime(),
    taskId: row.taskId,
    userId: query.userId,
  }));
}

/** The call records of a task the session may see, oldest first, 10 a page. */
export async function callRecords(
  db: DbOrTx,
  principal: Principal,
  query: Input<typeof taskCallRecordsOperation>,
): Promise<Page<TaskCallRecord>> {
  const task = await scopedTask(db, principal, query.taskId);
  return taskRecordPage(db, task, query, taskCallRecords, (row) => ({
    id: row.id,
    callType: row.callType,
    phoneNumber: row.phoneNumber,
    callTime: row.callTime.getTime(),
    duration: row.duration,
  }));
}

/** The address of a clicked point: the geocoder, with the task's known points as the offline anchors. */
export async function reverseGeocode(
  services: Services,
  principal: Principal,
  query: Input<typeof taskReverseGeocodeOperation>,
): Promise<ReverseGeocodeAnswer> {
  const task = await scopedTask(services.ctx.db, principal, query.taskId);
  const anchors: GeocodeAnchor[] = [];
  if (task.lat !== null && task.lon !== null) {
    anchors.push({ lat: task.lat, lng: task.lon, province: task.province, city: task.city, area: task.area });
  }
  // check-in and check-out lie in the task's district when they lie near it (the radius decides)
  const signs = await services.ctx.db
    .select({ lat: taskSignRecords.lat, lon: taskSignRecords.lon })
    .from(taskSignRecords)
    .where(and(eq(taskSignRecords.tenantId, task.tenantId), eq(taskSignRecords.taskId, task.id)));
  for (const sign of signs) {
    anchors.push({ lat: sign.lat, lng: sign.lon, province: task.province, city: task.city, area: task.area });
  }
  return services.geocoder.reverse({ lat: query.lat, lng: query.lng }, anchors);
}

const optionNo = (index: number) => String.fromCharCode(65 + (index % 26)) + (index >= 26 ? String(index) : '');
const FILE_ANSWER_TYPES = new Set([4, 16, 17]);

/**
 * The survey submission detail: the questionnaire's questions in order, each with the answer (option
 * ids are positions in the question's option list, from 0). The respondent's phone is answered only
 * to a session whose phone verification is 1.
 */
export async function surveyDetail(services: Services, principal: Principal, id: number): Promise<SurveyDetail> {
  const { db } = services.ctx;
  const task = await scopedTask(db, principal, id);
  const [resource] = task.resourceId
    ? await db
        .select({ title: contentItems.title })
        .from(contentItems)
        .where(and(eq(contentItems.tenantId, task.tenantId), eq(contentItems.id, task.resourceId)))
    : [];
  const questions = task.resourceId
    ? await db
        .select()
        .from(contentQuestions)
        .where(and(eq(contentQuestions.tenantId, task.tenantId), eq(contentQuestions.contentId, task.resourceId)))
        .orderBy(asc(contentQuestions.sort), asc(contentQuestions.id))
    : [];
  const answers = await db
    .select()
    .from(taskSurveyAnswers)
    .where(and(eq(taskSurveyAnswers.tenantId, task.tenantId), eq(taskSurveyAnswers.taskId, task.id)));
  const [person] = task.personId
    ? await db.select({ name: persons.name, phone: persons.phone }).from(persons).where(eq(persons.id, task.personId))
    : [];
  const [viewer] = await db
    .select({ phoneVerifyStatus: users.phoneVerifyStatus })
    .from(users)
    .where(eq(users.id, principal.userId));
  const phoneVerify = viewer?.phoneVerifyStatus === 1 ? 1 : 0;

  const linkOf = async (address: string) => {
    // a worker's survey upload (decision 0027): a task photo row of this task
    const photoId = taskPhotoIdOf(address, task.tenantId);
    if (photoId !== null) {
      const [photo] = await db
        .select()
        .from(taskPhotos)
        .where(and(eq(taskPhotos.tenantId, task.tenantId), eq(taskPhotos.taskId, task.id), eq(taskPhotos.id, photoId)));
      return photo
        ? { address: services.files.linkAt(photoAddress(photo), photoRef(photo)).url, fileName: photo.fileName }
        : null;
    }
    if (!parseAddress(address)) return null;
    const row = await services.files.findByAddress(address);
    if (row?.delFlag !== 0 || row.tenantId !== task.tenantId) return null;
    return { address: services.files.linkFor(row).url, fileName: row.fileName };
  };
  const result: SurveyDetail['questions'] = [];
  for (const question of questions) {
    const answer = answers.find((row) => row.questionId === question.id);
    const chosen = new Set(answer?.optionIds ?? []);
    const content = answer?.content ?? '';
    const picList = [];
    if (FILE_ANSWER_TYPES.has(question.subjectType)) {
      for (const line of content.split('\n')) {
        const link = await linkOf(line.trim());
        if (link) picList.push(link);
      }
    }
    result.push({
      id: question.id,
      subjectType: question.subjectType,
      subjectName: question.subjectName,
      subjectContent: question.subjectContent,
      content: FILE_ANSWER_TYPES.has(question.subjectType) ? '' : content,
      optionList: question.optionList.map((option, index) => ({
        id: index,
        optionNo: optionNo(index),
        optionContent: option.optionContent,
        isSelected: chosen.has(index),
        address: option.address,
        type: option.type,
        // the short answer of a 101/102 question belongs to its chosen option that asks for one
        content: option.type === 2 && chosen.has(index) ? content : '',
      })),
      picList,
    });
  }
  return {
    record: {
      title: resource?.title ?? '',
      userName: person?.name ?? '',
      userPhone: phoneVerify === 1 ? (person?.phone ?? '') : '',
      phoneVerify,
      actTime: epoch(task.actTime),
    },
    questions: result,
  };
}

/**
 * The photo a signed link names, whatever the session (a signed link is its own permission, as for
 * files): the caller checks the signature against photoRef(row).
 */
export function unsafePhotoForLink(services: Services, tenantId: number, photoId: number): Promise<PhotoRow | null> {
  return services.ctx.scopes
    .withSystem('task photo: one photo by its signed address, checked by the caller', (db) =>
      db
        .select()
        .from(taskPhotos)
        .where(and(eq(taskPhotos.tenantId, tenantId), eq(taskPhotos.id, photoId))),
    )
    .then(([row]) => row ?? null);
}

/** A photo of a task the session may see (tenant and, on the enterprise side, enterprise), or 404. */
export async function scopedPhoto(db: DbOrTx, principal: Principal, tenantId: number, photoId: number) {
  const [row] = await db
    .select()
    .from(taskPhotos)
    .where(
      and(
        eq(taskPhotos.tenantId, tenantId),
        eq(taskPhotos.id, photoId),
        enterpriseScope(principal, taskPhotos.tenantId, taskPhotos.enterpriseId),
      ),
    );
  if (!row) throw fail.notFound(TASK_MSG.photoMissing);
  return row;
}

/**
 * The photos and files of tasks of one tenant as zip entries, `{photo group or kind}/{file}`, under
 * `{taskSn}/` when the zip holds several tasks (a settlement line's, decision 0045).
 */
export async function taskFileEntries(
  db: DbOrTx,
  tenantId: number,
  taskRows: Pick<TaskRow, 'id' | 'taskSn'>[],
  options: { folderPerTask: boolean },
): Promise<ZipEntry[]> {
  if (taskRows.length === 0) return [];
  const ids = taskRows.map((task) => task.id);
  const photos = await db
    .select()
    .from(taskPhotos)
    .where(and(eq(taskPhotos.tenantId, tenantId), inArray(taskPhotos.taskId, ids)))
    .orderBy(asc(taskPhotos.taskId), asc(taskPhotos.id));
  if (photos.length === 0) return [];
  const groups = await db
    .select({ id: taskPhotoGroups.id, name: taskPhotoGroups.name })
    .from(taskPhotoGroups)
    .where(and(eq(taskPhotoGroups.tenantId, tenantId), inArray(taskPhotoGroups.taskId, ids)));
  const groupNames = new Map(groups.map((group) => [group.id, group.name]));
  const taskSns = new Map(taskRows.map((task) => [task.id, task.taskSn]));
  return uniqueZipNames(
    photos.map((photo) => {
      const folder =
        (photo.groupId !== null ? groupNames.get(photo.groupId) : undefined) ??
        TASK_PHOTO_KINDS[photo.kind as TaskPhotoKind] ??
        photo.kind;
      const path = `${zipSegment(folder)}/${zipSegment(photo.fileName)}`;
      return {
        name: options.folderPerTask ? `${zipSegment(taskSns.get(photo.taskId) ?? String(photo.taskId))}/${path}` : path,
        storageKey: photo.storageKey,
      };
    }),
  );
}

/** The zip's entries: every photo of the task, named by group or kind; none: 暂无附件数据 (404). */
export async function attachmentEntries(
  db: DbOrTx,
  principal: Principal,
  taskId: number,
): Promise<{ task: TaskRow; entries: ZipEntry[] }> {
  const task = await scopedTask(db, principal, taskId);
  const entries = await taskFileEntries(db, task.tenantId, [task], { folderPerTask: false });
  if (entries.length === 0) throw fail.notFound(TASK_DETAIL_MSG.noAttachments);
  return { task, entries };
}

/** The zip's file name: task number and China date. */
export const attachmentZipName = (task: TaskRow, now = Date.now()) =>
  `${task.taskSn}-附件-${formatChinaDateTime(now).slice(0, 10)}.zip`;
