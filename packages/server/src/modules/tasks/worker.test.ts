/**
 * The worker API and the task review (decision 0017), through HTTP on a fresh database: login,
 * the flow from an open task to a reviewed one, every refusal, the tenant and enterprise walls,
 * idempotent retries and concurrent requests.
 */
import crypto from 'node:crypto';
import { AUTO_AUDIT_REASON, formatChinaDateTime, type LoginUserInfo, MSG, TASK_MSG } from '@fieldpay/domain';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  createEnterpriseUser,
  createPlatformUser,
  createRole,
  login,
  useTestApp,
} from '../../../test/app';
import { exeOf, pdfOf, pngOf } from '../../../test/file-fixtures';
import { createLookupWorld, type LookupWorld } from '../../../test/lookups';
import { addStoreSurvey, createWorker, type Worker, WORKER_PASSWORD, workerLoginRequest } from '../../../test/workers';
import {
  auditLogs,
  contentItems,
  contentQuestions,
  notices,
  persons,
  projects,
  taxSources,
  taskPositions,
  tasks,
} from '../../db/schema';

const t = useTestApp();
let world: LookupWorld;
let foreignUser: LoginUserInfo;
const PLANNED = { lat: 30.2776, lng: 120.1253 };
const DAY = 86_400_000;

const post = (session: LoginUserInfo, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: authHeaders(session) });
const get = (session: LoginUserInfo, url: string, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, query, headers: authHeaders(session) });
const workerPost = (worker: Worker, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-access-token': worker.token } });
const workerGet = (worker: Worker, url: string, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, query, headers: { 'x-access-token': worker.token } });

let taxA: number;
let taxB: number;
let surveyId: number;
let questionIds: number[];

/** A live project of the enterprise user (tenant A) or the foreign one (tenant B) with the given service types. */
async function liveProject(
  owner: 'own' | 'foreign',
  visitTypes: Array<Record<string, unknown>>,
  change: Record<string, unknown> = {},
): Promise<number> {
  const user = owner === 'own' ? world.enterpriseUser : foreignUser;
  const staff = owner === 'own' ? world.staffA : world.staffB;
  const response = await post(user, '/api/sys/project/add', {
    requestId: crypto.randomUUID(),
    taxId: owner === 'own' ? taxA : taxB,
    projectProjectProjectModel: {
      projectName: '终端服务项目',
      startTime: Date.now() - 30 * DAY,
      endTime: Date.now() + 60 * DAY,
      minPeopleNum: 1,
      maxPeopleNum: 10,
      ...change,
    },
    visitTypeList: visitTypes.map((type) => ({
      boyaProjectVisitTypeModel: { visitParentId: type.visitId, description: '按要求执行', ...type },
    })),
    projectText: { description: '<p>终端服务</p>' },
  });
  expect(response.json(), 'project created').toMatchObject({ success: true });
  const id = response.json().result.id;
  expect((await post(staff, '/api/sys/project/startAudit', { projectId: id })).json()).toMatchObject({ success: true });
  expect(
    (await post(staff, '/api/sys/project/audit', { projectId: id, auditStatus: 4, remarks: '' })).json(),
  ).toMatchObject({ success: true });
  return id;
}

async function publish(
  owner: 'own' | 'foreign',
  projectId: number,
  visitTypeId: string,
  change: Record<string, unknown> = {},
): Promise<number> {
  const response = await post(owner === 'own' ? world.enterpriseUser : foreignUser, '/api/sys/task/publish', {
    requestId: crypto.randomUUID(),
    projectId,
    visitTypeId,
    title: '门店陈列检查',
    address: '文三路 478 号',
    lat: PLANNED.lat,
    lng: PLANNED.lng,
    startTime: formatChinaDateTime(Date.now() - DAY),
    endTime: formatChinaDateTime(Date.now() + 30 * DAY),
    ...change,
  });
  expect(response.json(), 'published').toMatchObject({ success: true });
  return response.json().result.id;
}

const photo = async (worker: Worker, taskId: number, kind = 'sign', extra: Record<string, unknown> = {}) => {
  const response = await workerPost(worker, '/api/worker/task/photo', {
    taskId,
    kind,
    fileName: `${kind}.png`,
    content: pngOf(4, 4).toString('base64'),
    ...extra,
  });
  return response;
};

let cgfwProject: number;

beforeAll(async () => {
  world = await createLookupWorld(t);
  const foreign = await createEnterpriseUser(t.database, { tenantIds: [world.tenantB] });
  foreignUser = await login(t.app, 'enterprise', foreign.username, foreign.password);
  [{ id: taxA }] = await t.database.db
    .insert(taxSources)
    .values({ tenantId: world.tenantA, taxName: '海南税源地' })
    .returning({ id: taxSources.id });
  [{ id: taxB }] = await t.database.db
    .insert(taxSources)
    .values({ tenantId: world.tenantB, taxName: '四川税源地' })
    .returning({ id: taxSources.id });
  ({ surveyId, questionIds } = await addStoreSurvey(t, world.enterpriseUser));
  cgfwProject = await liveProject('own', [
    { visitId: 'cgfw', locationScope: 300 },
    { visitId: 'dhbf' },
    { visitParentId: 'p-wjdy', visitId: 'wjdy' },
    { visitId: 'other' },
  ]);
});

describe('worker login', () => {
  it('signs a person in with phone and password; a wrong password is refused', async () => {
    const worker = await createWorker(t, world.tenantA);
    const wrong = await workerLoginRequest(t, worker.phone, 'Wrong@123456');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MSG.badCredentials);
    const me = await workerGet(worker, '/api/worker/task/myList');
    expect(me.json()).toMatchObject({ success: true, result: { records: [], total: 0 } });
  });

  it('keeps worker and console tokens apart', async () => {
    const worker = await createWorker(t, world.tenantA);
    const consoleWithWorker = await t.app.inject({
      method: 'GET',
      url: '/api/sys/task/queryList',
      headers: { 'x-access-token': worker.token },
    });
    expect(consoleWithWorker.statusCode).toBe(401);
    const workerWithConsole = await t.app.inject({
      method: 'GET',
      url: '/api/worker/task/openList',
      headers: { 'x-access-token': world.staffA.token },
    });
    expect(workerWithConsole.statusCode).toBe(401);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/worker/task/openList' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shares the login throttle: after wrong passwords the captcha is required', async () => {
    const worker = await createWorker(t, world.tenantA);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await workerLoginRequest(t, worker.phone, 'Wrong@123456')).json().message).toBe(MSG.badCredentials);
    }
    const third = await workerLoginRequest(t, worker.phone, WORKER_PASSWORD);
    expect(third.json()).toMatchObject({ success: false, message: MSG.captchaRequired });
  });

  it('refuses a banned person and ends the sessions it has', async () => {
    const worker = await createWorker(t, world.tenantA);
    await t.database.db.update(persons).set({ loginFlag: 1 }).where(eq(persons.id, worker.personId));
    expect((await workerGet(worker, '/api/worker/task/myList')).statusCode).toBe(401);
    const again = await workerLoginRequest(t, worker.phone, WORKER_PASSWORD);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(TASK_MSG.workerLoginDisabled);
  });

  it('ends the session at logout', async () => {
    const worker = await createWorker(t, world.tenantA);
    expect((await workerPost(worker, '/api/worker/logout', undefined)).json()).toMatchObject({ success: true });
    expect((await workerGet(worker, '/api/worker/task/openList')).statusCode).toBe(401);
  });
});

describe('the worker flow', () => {
  it('lists open tasks of live projects of its tenant only, takes, checks in and out, submits; the audit passes', async () => {
    const worker = await createWorker(t, world.tenantA);
    const taskId = await publish('own', cgfwProject, 'cgfw');
    const foreignProject = await liveProject('foreign', [{ visitId: 'cgfw' }]);
    const foreignTask = await publish('foreign', foreignProject, 'cgfw');
    const open = (await workerGet(worker, '/api/worker/task/openList', { pageSize: '100' })).json().result;
    const ids = open.records.map((record: { id: number }) => record.id);
    expect(ids).toContain(taskId);
    expect(ids).not.toContain(foreignTask);

    const taken = await workerPost(worker, '/api/worker/task/take', { taskId });
    expect(taken.json().result).toMatchObject({ id: taskId, status: 1, projectName: '终端服务项目' });
    // taking it again answers the same task
    expect((await workerPost(worker, '/api/worker/task/take', { taskId })).json().result.status).toBe(1);

    const signPhoto = (await photo(worker, taskId)).json().result;
    const point = { taskId, lat: PLANNED.lat + 0.0005, lng: PLANNED.lng, address: '门店门口' };
    const checkIn = await workerPost(worker, '/api/worker/task/checkIn', { ...point, photoIds: [signPhoto.id] });
    expect(checkIn.json().result.signInTime).toBeGreaterThan(0);
    // the same check-in again (a retry) answers the task; another point is refused
    expect((await workerPost(worker, '/api/worker/task/checkIn', { ...point, photoIds: [] })).json().success).toBe(
      true,
    );
    const moved = await workerPost(worker, '/api/worker/task/checkIn', { ...point, lat: PLANNED.lat, photoIds: [] });
    expect(moved.json().message).toBe(TASK_MSG.alreadyCheckedIn);
    expect((await workerPost(worker, '/api/worker/task/checkOut', { ...point, photoIds: [] })).json().success).toBe(
      true,
    );

    const requestId = crypto.randomUUID();
    const submit = () => workerPost(worker, '/api/worker/task/submit', { taskId, requestId, sumUp: '陈列检查完成' });
    const first = (await submit()).json();
    expect(first.result).toMatchObject({ status: 2 });
    // the visit lasted under the type's 10 minutes: the automatic audit says so
    expect(first.result.auditStatus).toBe(1);
    expect(first.result.remarks).toBe(AUTO_AUDIT_REASON.visitTooShort(10, 0));
    // the same submission again answers the first result; another is refused
    expect((await submit()).json().result).toEqual(first.result);
    const second = await workerPost(worker, '/api/worker/task/submit', {
      taskId,
      requestId: crypto.randomUUID(),
      sumUp: '再次提交',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(TASK_MSG.alreadySubmitted);
  });

  it('passes a survey with its required answers, and names unanswered required questions', async () => {
    const worker = await createWorker(t, world.tenantA);
    const answered = await publish('own', cgfwProject, 'wjdy', { resourceId: surveyId });
    const skipped = await publish('own', cgfwProject, 'wjdy', { resourceId: surveyId });
    for (const taskId of [answered, skipped]) await workerPost(worker, '/api/worker/task/take', { taskId });
    const good = await workerPost(worker, '/api/worker/task/submit', {
      taskId: answered,
      requestId: crypto.randomUUID(),
      answers: [{ questionId: questionIds[0], optionIds: [1] }],
    });
    expect(good.json().result).toMatchObject({ auditStatus: 4, remarks: '' });
    const bad = await workerPost(worker, '/api/worker/task/submit', {
      taskId: skipped,
      requestId: crypto.randomUUID(),
      answers: [{ questionId: questionIds[1], content: '无' }],
    });
    expect(bad.json().result).toMatchObject({ auditStatus: 1, remarks: AUTO_AUDIT_REASON.questionUnanswered([1]) });
    const foreignQuestion = await workerPost(worker, '/api/worker/task/submit', {
      taskId: await (async () => {
        const id = await publish('own', cgfwProject, 'wjdy', { resourceId: surveyId });
        await workerPost(worker, '/api/worker/task/take', { taskId: id });
        return id;
      })(),
      requestId: crypto.randomUUID(),
      answers: [{ questionId: 999_999 }],
    });
    expect(foreignQuestion.json().message).toBe(TASK_MSG.questionMissing);
  });

  it("takes pictures and files for the questionnaire's picture and file questions, and shows them in the submission detail", async () => {
    const added = await post(world.enterpriseUser, '/api/sys/resource/add', {
      type: 2,
      title: '门店陈列与资质调研',
      questionList: [
        { subjectType: 17, subjectName: '请上传门店陈列照片', required: 1 },
        { subjectType: 16, subjectName: '请上传药品经营许可证', required: 1 },
        { subjectType: 100, subjectName: '其他建议' },
      ],
    });
    expect(added.json()).toMatchObject({ success: true });
    const [{ id: uploadSurvey }] = await t.database.db
      .select({ id: contentItems.id })
      .from(contentItems)
      .where(eq(contentItems.title, '门店陈列与资质调研'));
    const [pictureQ, fileQ, textQ] = (
      await t.database.db
        .select({ id: contentQuestions.id })
        .from(contentQuestions)
        .where(eq(contentQuestions.contentId, uploadSurvey))
        .orderBy(contentQuestions.sort)
    ).map((row) => row.id);
    const worker = await createWorker(t, world.tenantA);
    const other = await createWorker(t, world.tenantA);
    const taskId = await publish('own', cgfwProject, 'wjdy', { resourceId: uploadSurvey });
    const upload = (questionId: number, fileName: string, content: Buffer, who = worker) =>
      workerPost(who, '/api/worker/task/surveyFile', {
        taskId,
        questionId,
        fileName,
        content: content.toString('base64'),
      });
    // not taken yet: not this person's task
    expect((await upload(pictureQ, 'shelf.png', pngOf(8, 8))).statusCode).toBe(403);
    await workerPost(worker, '/api/worker/task/take', { taskId });
    expect((await upload(pictureQ, 'shelf.png', pngOf(8, 8), other)).statusCode).toBe(403);

    // the rules of each kind of question
    expect((await upload(textQ, 'a.png', pngOf(4, 4))).json().message).toBe(TASK_MSG.surveyNotFileQuestion);
    expect((await upload(999_999, 'a.png', pngOf(4, 4))).json().message).toBe(TASK_MSG.questionMissing);
    expect((await upload(pictureQ, 'licence.pdf', pdfOf())).json().message).toBe(MSG.imageWrongType);
    expect((await upload(pictureQ, 'fake.png', pdfOf())).json().message).toBe(MSG.imageWrongType);
    expect(
      (await upload(pictureQ, 'big.png', Buffer.concat([pngOf(4, 4), Buffer.alloc(3 * 1024 * 1024)]))).json().message,
    ).toBe(MSG.imageTooLarge('3M'));
    expect((await upload(fileQ, 'tool.exe', exeOf())).json().message).toBe(MSG.uploadWrongType);
    expect((await upload(fileQ, 'fake.pdf', pngOf(4, 4))).json().message).toBe(MSG.uploadWrongType);
    expect((await upload(fileQ, 'empty.pdf', Buffer.alloc(0))).json().message).toBe(TASK_MSG.photoEmpty);
    expect((await upload(fileQ, `${'长'.repeat(62)}.pdf`, pdfOf())).json().message).toBe(TASK_MSG.photoNameTooLong);
    expect(
      (await upload(fileQ, 'big.pdf', Buffer.concat([pdfOf(), Buffer.alloc(10 * 1024 * 1024)]))).json().message,
    ).toBe(MSG.uploadTooLarge(10));

    const picture = (await upload(pictureQ, '门店陈列.png', pngOf(8, 8))).json().result;
    expect(picture).toMatchObject({ kind: 'surveyPicture', fileName: '门店陈列.png' });
    const file = (await upload(fileQ, '药品经营许可证.pdf', pdfOf('许可证'))).json().result;
    expect(file).toMatchObject({ kind: 'surveyFile', fileName: '药品经营许可证.pdf' });

    // a picture answers only a picture question, a file only a file question; ids of this task only
    const swapped = await workerPost(worker, '/api/worker/task/submit', {
      taskId,
      requestId: crypto.randomUUID(),
      answers: [{ questionId: pictureQ, fileIds: [file.id] }],
    });
    expect(swapped.json().message).toBe(TASK_MSG.surveyFileWrongQuestion);
    const twice = await workerPost(worker, '/api/worker/task/submit', {
      taskId,
      requestId: crypto.randomUUID(),
      answers: [
        { questionId: pictureQ, fileIds: [picture.id] },
        { questionId: fileQ, fileIds: [picture.id] },
      ],
    });
    expect(twice.json().message).toBe(TASK_MSG.surveyFileMissing);
    const onText = await workerPost(worker, '/api/worker/task/submit', {
      taskId,
      requestId: crypto.randomUUID(),
      answers: [{ questionId: textQ, fileIds: [picture.id] }],
    });
    expect(onText.json().message).toBe(TASK_MSG.surveyNotFileQuestion);
    const submitted = await workerPost(worker, '/api/worker/task/submit', {
      taskId,
      requestId: crypto.randomUUID(),
      answers: [
        { questionId: pictureQ, fileIds: [picture.id] },
        { questionId: fileQ, fileIds: [file.id] },
      ],
    });
    // both required questions count as answered
    expect(submitted.json().result).toMatchObject({ auditStatus: 4, remarks: '' });

    const detail = (await get(world.staffA, '/api/sys/task/surveyDetail', { id: String(taskId) })).json().result;
    const [shownPicture, shownFile] = detail.questions;
    expect(shownPicture.picList).toEqual([{ address: expect.stringContaining('sign='), fileName: '门店陈列.png' }]);
    expect(shownFile.picList).toEqual([{ address: expect.stringContaining('sign='), fileName: '药品经营许可证.pdf' }]);
    // the signed links stream the files with their own types; the survey uploads are not task photos
    const streamed = await t.app.inject({ method: 'GET', url: shownFile.picList[0].address });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['content-type']).toBe('application/pdf');
    expect(streamed.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const image = await t.app.inject({ method: 'GET', url: shownPicture.picList[0].address });
    expect(image.headers['content-type']).toBe('image/png');
    const task = (await get(world.staffA, '/api/sys/task/queryById', { id: String(taskId) })).json().result;
    expect(task.otherPhotos).toEqual([]);
    // another tenant sees nothing of it
    expect((await get(world.staffB, '/api/sys/task/surveyDetail', { id: String(taskId) })).statusCode).toBe(404);
  });

  it('records calls once per requestId and judges their length', async () => {
    const worker = await createWorker(t, world.tenantA);
    const taskId = await publish('own', cgfwProject, 'dhbf');
    await workerPost(worker, '/api/worker/task/take', { taskId });
    const call = {
      taskId,
      requestId: crypto.randomUUID(),
      phoneNumber: '057188001234',
      callTime: '2026-11-20 10:00:00',
      duration: 40,
    };
    const first = (await workerPost(worker, '/api/worker/task/call', call)).json().result;
    expect((await workerPost(worker, '/api/worker/task/call', call)).json().result).toEqual(first);
    const bad = await workerPost(worker, '/api/worker/task/call', {
      ...call,
      requestId: crypto.randomUUID(),
      duration: -1,
    });
    expect(bad.json().message).toContain(TASK_MSG.durationInvalid);
    const submitted = await workerPost(worker, '/api/worker/task/submit', {
      taskId,
      requestId: crypto.randomUUID(),
      sumUp: '医生反馈良好',
    });
    expect(submitted.json().result.remarks).toBe(AUTO_AUDIT_REASON.callsTooShort(60, 40));
  });

  it('records the positions reported while the task is done, once per requestId, at most 200, only by its person', async () => {
    const worker = await createWorker(t, world.tenantA);
    const other = await createWorker(t, world.tenantA);
    const taskId = await publish('own', cgfwProject, 'cgfw');
    const position = (change: Record<string, unknown> = {}) => ({
      taskId,
      requestId: crypto.randomUUID(),
      lat: PLANNED.lat + 0.0009,
      lng: PLANNED.lng,
      address: '文三路 500 号',
      ...change,
    });
    // not yet taken: nothing to report on
    expect((await workerPost(worker, '/api/worker/task/position', position())).json().message).toBe(
      TASK_MSG.notYourTask,
    );
    await workerPost(worker, '/api/worker/task/take', { taskId });
    const sent = position();
    const first = (await workerPost(worker, '/api/worker/task/position', sent)).json();
    expect(first).toMatchObject({ success: true, result: { id: expect.any(Number) } });
    // a retry answers the first, and a retry sent at once as well
    const again = await Promise.all([
      workerPost(worker, '/api/worker/task/position', sent),
      workerPost(worker, '/api/worker/task/position', sent),
    ]);
    for (const response of again) expect(response.json().result).toEqual(first.result);
    const [stored] = await t.database.db.select().from(taskPositions).where(eq(taskPositions.taskId, taskId));
    // 0.0009° of latitude is 100 m from the planned point
    expect(stored).toMatchObject({ personId: worker.personId, address: '文三路 500 号', distance: 100 });
    const kept = async () =>
      (await t.database.db.select({ n: count() }).from(taskPositions).where(eq(taskPositions.taskId, taskId)))[0].n;
    expect(await kept()).toBe(1);

    // another person, coordinates outside China, a malformed key: refused, nothing recorded
    const refusals: Array<[Worker, Record<string, unknown>, string]> = [
      [other, position(), TASK_MSG.notYourTask],
      [worker, position({ lat: 48.8566, lng: 2.3522 }), TASK_MSG.coordinatesOutOfRange],
      [worker, position({ lat: '30.2' }), TASK_MSG.coordinatesOutOfRange],
      [worker, position({ requestId: 'again' }), '请求编号格式不正确'],
    ];
    for (const [who, body, message] of refusals) {
      const refused = await workerPost(who, '/api/worker/task/position', body);
      expect(refused.json(), message).toMatchObject({ success: false });
      expect(refused.json().message).toContain(message);
    }
    expect(await kept()).toBe(1);

    // the 200th is kept, the 201st refused
    await t.database.db.insert(taskPositions).values(
      Array.from({ length: 198 }, (_, index) => ({
        tenantId: world.tenantA,
        enterpriseId: world.own.enterpriseId,
        taskId,
        personId: worker.personId,
        requestId: crypto.randomUUID(),
        lat: PLANNED.lat,
        lon: PLANNED.lng + index / 100_000,
        reportedAt: new Date(),
      })),
    );
    expect((await workerPost(worker, '/api/worker/task/position', position())).json()).toMatchObject({ success: true });
    const over = await workerPost(worker, '/api/worker/task/position', position());
    expect(over.json()).toMatchObject({ success: false, message: TASK_MSG.positionLimit(200) });
    expect(await kept()).toBe(200);

    // after the submission the track is closed
    await workerPost(worker, '/api/worker/task/submit', { taskId, requestId: crypto.randomUUID(), sumUp: '完成' });
    const late = await workerPost(worker, '/api/worker/task/position', position());
    expect(late.json().message).toBe(TASK_MSG.alreadySubmitted);
  });
});

describe('refusals', () => {
  it('refuses a task that is not the person’s, a foreign tenant’s task, bad coordinates and wrong photos', async () => {
    const owner = await createWorker(t, world.tenantA);
    const other = await createWorker(t, world.tenantA);
    const taskId = await publish('own', cgfwProject, 'cgfw');
    await workerPost(owner, '/api/worker/task/take', { taskId });
    const point = { taskId, lat: PLANNED.lat, lng: PLANNED.lng, photoIds: [] };

    const notMine = await workerPost(other, '/api/worker/task/checkIn', point);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().message).toBe(TASK_MSG.notYourTask);
    const takenByOther = await workerPost(other, '/api/worker/task/take', { taskId });
    expect(takenByOther.json().message).toBe(TASK_MSG.taskTaken);

    const foreignProject = await liveProject('foreign', [{ visitId: 'cgfw' }]);
    const foreignTask = await publish('foreign', foreignProject, 'cgfw');
    const foreign = await workerPost(owner, '/api/worker/task/take', { taskId: foreignTask });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(TASK_MSG.taskMissing);

    for (const coordinates of [
      { lat: 91, lng: 120 },
      { lat: 48.85, lng: 2.35 },
      { lat: 0, lng: 0 },
    ]) {
      const response = await workerPost(owner, '/api/worker/task/checkIn', { ...point, ...coordinates });
      expect(response.json().message, JSON.stringify(coordinates)).toBe(TASK_MSG.coordinatesOutOfRange);
    }

    const gif = await photo(owner, taskId, 'sign', {
      fileName: 'a.gif',
      content: Buffer.from('GIF89a0000000000').toString('base64'),
    });
    expect(gif.json().message).toBe(MSG.imageWrongType);
    const disguised = await photo(owner, taskId, 'sign', {
      fileName: 'a.png',
      content: Buffer.from('not an image at all').toString('base64'),
    });
    expect(disguised.json().message).toBe(MSG.imageWrongType);
    const empty = await photo(owner, taskId, 'sign', { content: '' });
    expect(empty.json().message).toBe(TASK_MSG.photoEmpty);
    const big = await photo(owner, taskId, 'sign', {
      content: Buffer.concat([pngOf(2, 2), Buffer.alloc(3 * 1024 * 1024)]).toString('base64'),
    });
    expect(big.json().message).toBe(MSG.imageTooLarge('3M'));
    const wrongKind = (await photo(owner, taskId, 'panoramic')).json().result;
    const withWrongKind = await workerPost(owner, '/api/worker/task/checkIn', { ...point, photoIds: [wrongKind.id] });
    expect(withWrongKind.json().message).toBe(TASK_MSG.photoKindWrong);
    const othersPhoto = await workerPost(owner, '/api/worker/task/checkIn', { ...point, photoIds: [999_999] });
    expect(othersPhoto.json().message).toBe(TASK_MSG.photoMissing);
    const checkOutFirst = await workerPost(owner, '/api/worker/task/checkOut', point);
    expect(checkOutFirst.json().message).toBe(TASK_MSG.notCheckedIn);
  });

  it('refuses a submission after the project ended', async () => {
    const worker = await createWorker(t, world.tenantA);
    const projectId = await liveProject('own', [{ visitId: 'other' }]);
    const taskId = await publish('own', projectId, 'other');
    await workerPost(worker, '/api/worker/task/take', { taskId });
    expect((await post(world.enterpriseUser, '/api/sys/project/end', { projectId })).json().success).toBe(true);
    const late = await workerPost(worker, '/api/worker/task/submit', {
      taskId,
      requestId: crypto.randomUUID(),
      sumUp: '完成',
    });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(TASK_MSG.projectEnded);
    const row = await t.database.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, taskId));
    expect(row[0].status).toBe(1);
  });

  it('keeps the headcount: a new person beyond maxPeopleNum cannot take a task', async () => {
    const projectId = await liveProject('own', [{ visitId: 'other' }], { minPeopleNum: 1, maxPeopleNum: 1 });
    const first = await createWorker(t, world.tenantA);
    const second = await createWorker(t, world.tenantA);
    const [a, b, c] = [
      await publish('own', projectId, 'other'),
      await publish('own', projectId, 'other'),
      await publish('own', projectId, 'other'),
    ];
    expect((await workerPost(first, '/api/worker/task/take', { taskId: a })).json().success).toBe(true);
    // the person already serving takes more
    expect((await workerPost(first, '/api/worker/task/take', { taskId: b })).json().success).toBe(true);
    const full = await workerPost(second, '/api/worker/task/take', { taskId: c });
    expect(full.json().message).toBe(TASK_MSG.headcountFull);
  });

  it('gives a task to exactly one of two persons taking it at once, and submits once when sent twice at once', async () => {
    const taskId = await publish('own', cgfwProject, 'other');
    const [x, y] = [await createWorker(t, world.tenantA), await createWorker(t, world.tenantA)];
    const answers = await Promise.all([
      workerPost(x, '/api/worker/task/take', { taskId }),
      workerPost(y, '/api/worker/task/take', { taskId }),
    ]);
    const winners = answers.filter((answer) => answer.json().success);
    expect(winners).toHaveLength(1);
    expect(answers.find((answer) => !answer.json().success)?.json().message).toBe(TASK_MSG.taskTaken);
    const holder = winners[0] === answers[0] ? x : y;
    const body = { taskId, requestId: crypto.randomUUID(), sumUp: '完成' };
    const both = await Promise.all([
      workerPost(holder, '/api/worker/task/submit', body),
      workerPost(holder, '/api/worker/task/submit', body),
    ]);
    expect(both.map((answer) => answer.json().success)).toEqual([true, true]);
    expect(both[0].json().result).toEqual(both[1].json().result);
  });
});

describe('the task list and the review', () => {
  let submittedIds: number[];
  let reviewWorker: Worker;
  beforeAll(async () => {
    reviewWorker = await createWorker(t, world.tenantA);
    submittedIds = [];
    for (let i = 0; i < 3; i += 1) {
      const taskId = await publish('own', cgfwProject, 'other');
      await workerPost(reviewWorker, '/api/worker/task/take', { taskId });
      await workerPost(reviewWorker, '/api/worker/task/submit', {
        taskId,
        requestId: crypto.randomUUID(),
        sumUp: '完成',
      });
      submittedIds.push(taskId);
    }
  });

  it('lists tasks with filters; the enterprise its own, another tenant none of them', async () => {
    const byPerson = await get(world.staffA, '/api/sys/task/queryList', { userId: String(reviewWorker.personId) });
    expect(
      byPerson
        .json()
        .result.records.map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual([...submittedIds].sort());
    expect(byPerson.json().result.records[0]).toMatchObject({ visitType: '其他', auditStatus: 4, status: 2 });
    expect(byPerson.json().result.records[0].userPhone).toMatch(/\*/);
    const byStatus = await get(world.staffA, '/api/sys/task/queryList', {
      projectId: String(cgfwProject),
      auditStatus: '4',
      visitTypeId: 'other',
    });
    expect(byStatus.json().result.total).toBeGreaterThanOrEqual(3);
    const future = await get(world.staffA, '/api/sys/task/queryList', {
      startTime: '2099-01-01 00:00:00',
      endTime: '2099-12-31 23:59:59',
    });
    expect(future.json().result).toMatchObject({ records: [], total: 0 });
    const enterprise = await get(world.enterpriseUser, '/api/sys/task/queryList', { pageSize: '200' });
    expect(enterprise.json().result.total).toBeGreaterThan(0);
    const foreignStaff = await get(world.staffB, '/api/sys/task/queryList', { userId: String(reviewWorker.personId) });
    expect(foreignStaff.json().result).toMatchObject({ records: [], total: 0 });
    const otherEnterprise = await get(foreignUser, '/api/sys/task/queryList', { projectId: String(cgfwProject) });
    expect(otherEnterprise.json().result.total).toBe(0);
  });

  it('approves one, audited and noticed; a repeat changes nothing; the other result is refused', async () => {
    const [id] = submittedIds;
    const approve = await post(world.staffA, '/api/sys/task/audit', { ids: [id], auditStatus: 2 });
    expect(approve.json()).toMatchObject({ success: true, result: { updated: 1 }, message: TASK_MSG.reviewedCount(1) });
    expect((await post(world.staffA, '/api/sys/task/audit', { ids: [id], auditStatus: 2 })).json().result.updated).toBe(
      0,
    );
    const flip = await post(world.staffA, '/api/sys/task/audit', { ids: [id], auditStatus: 3, reason: '照片不清晰' });
    expect(flip.statusCode).toBe(422);
    const [{ n: logs }] = await t.database.db
      .select({ n: count() })
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'task.approve'), eq(auditLogs.targetId, String(id))));
    expect(logs).toBe(1);
    const [{ n: sent }] = await t.database.db
      .select({ n: count() })
      .from(notices)
      .where(and(eq(notices.type, 'task'), eq(notices.bizId, String(id))));
    expect(sent).toBeGreaterThan(0);
  });

  it('rejects in a batch with a reason, all or nothing', async () => {
    const [, second, third] = submittedIds;
    const noReason = await post(world.staffA, '/api/sys/task/audit', { ids: [second, third], auditStatus: 3 });
    expect(noReason.json().message).toBe(TASK_MSG.rejectReasonRequired);
    const openTask = await publish('own', cgfwProject, 'other');
    const mixed = await post(world.staffA, '/api/sys/task/audit', {
      ids: [second, openTask],
      auditStatus: 3,
      reason: '照片不清晰',
    });
    expect(mixed.statusCode).toBe(422);
    const unchanged = await t.database.db.select({ a: tasks.auditStatus }).from(tasks).where(eq(tasks.id, second));
    expect(unchanged[0].a).toBe(4);
    const batch = await post(world.staffA, '/api/sys/task/audit', {
      ids: [second, third],
      auditStatus: 3,
      reason: '照片不清晰',
    });
    expect(batch.json().result.updated).toBe(2);
  });

  it('refuses reviews without the permission, from the enterprise side and of foreign ids', async () => {
    const [id] = submittedIds;
    const enterprise = await post(world.enterpriseUser, '/api/sys/task/audit', { ids: [id], auditStatus: 2 });
    expect(enterprise.statusCode).toBe(403);
    const role = await createRole(t.database, {
      tenantId: world.tenantA,
      side: 'platform',
      permissions: ['taskManage:list:view'],
    });
    const viewer = await createPlatformUser(t.database, { tenantId: world.tenantA, roleCode: role });
    const viewerSession = await login(t.app, 'platform', viewer.username, viewer.password);
    expect((await post(viewerSession, '/api/sys/task/audit', { ids: [id], auditStatus: 2 })).statusCode).toBe(403);
    const foreign = await post(world.staffB, '/api/sys/task/audit', { ids: [id], auditStatus: 3, reason: '不符' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(TASK_MSG.tasksMissing);
  });
});

describe('publishing', () => {
  it('answers a repeated publish with the first task, and refuses a project not in progress', async () => {
    const requestId = crypto.randomUUID();
    const body = {
      requestId,
      projectId: cgfwProject,
      visitTypeId: 'dhbf',
      title: '电话回访',
      startTime: formatChinaDateTime(Date.now() - DAY),
      endTime: formatChinaDateTime(Date.now() + 10 * DAY),
    };
    const first = (await post(world.enterpriseUser, '/api/sys/task/publish', body)).json().result;
    expect((await post(world.enterpriseUser, '/api/sys/task/publish', body)).json().result).toEqual(first);
    const missingType = await post(world.enterpriseUser, '/api/sys/task/publish', {
      ...body,
      requestId: crypto.randomUUID(),
      visitTypeId: 'ppxc',
    });
    expect(missingType.json().message).toBe(TASK_MSG.serviceTypeMissing);
    const [paused] = await t.database.db
      .update(projects)
      .set({ projectStatus: 3 })
      .where(eq(projects.id, await liveProject('own', [{ visitId: 'dhbf' }])))
      .returning({ id: projects.id });
    const refused = await post(world.enterpriseUser, '/api/sys/task/publish', {
      ...body,
      requestId: crypto.randomUUID(),
      projectId: paused.id,
    });
    expect(refused.json().message).toBe(TASK_MSG.projectNotLive);
    const foreign = await post(world.enterpriseUser, '/api/sys/task/publish', {
      ...body,
      requestId: crypto.randomUUID(),
      projectId: await liveProject('foreign', [{ visitId: 'dhbf' }]),
    });
    expect(foreign.statusCode).toBe(404);
  });
});
