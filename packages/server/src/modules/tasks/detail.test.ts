/**
 * The task detail screen's calls (decision 0022) through HTTP on a fresh database: the detail after
 * a real worker flow, the photo links and the zip, the list dialog's pages, reverse geocoding, the
 * survey submission detail; foreign tenants and enterprises, and a session without the code.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatChinaDateTime, type LoginUserInfo, TASK_DETAIL_MSG, TASK_MSG } from '@fieldpay/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  createEnterpriseUser,
  createPlatformUser,
  createRole,
  login,
  useTestApp,
} from '../../../test/app';
import { pngOf } from '../../../test/file-fixtures';
import { createLookupWorld, type LookupWorld } from '../../../test/lookups';
import { addStoreSurvey, createWorker, type Worker } from '../../../test/workers';
import { customers, organisations, taxSources, users } from '../../db/schema';
import { zipEntryNames } from '../../platform/files/zip-entries';

const t = useTestApp();
let world: LookupWorld;
let foreignUser: LoginUserInfo;
let siblingUser: LoginUserInfo;
let viewerWithoutCode: LoginUserInfo;
/** 西湖区, Hangzhou (GCJ-02) */
const PLANNED = { lat: 30.2776, lng: 120.1253 };
const DAY = 86_400_000;

const get = (session: LoginUserInfo, url: string, query: Record<string, string | number> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    headers: authHeaders(session),
  });
const post = (session: LoginUserInfo, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: authHeaders(session) });
const workerPost = async (worker: Worker, url: string, payload: unknown) => {
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { 'x-access-token': worker.token },
  });
  expect(response.json(), url).toMatchObject({ success: true });
  return response.json().result;
};

let projectId: number;
let surveyId: number;
let questionIds: number[];

async function publish(visitTypeId: string, change: Record<string, unknown> = {}): Promise<number> {
  const response = await post(world.enterpriseUser, '/api/sys/task/publish', {
    requestId: crypto.randomUUID(),
    projectId,
    visitTypeId,
    title: '门店陈列检查',
    cusName: '张医生',
    department: '心内科',
    orgName: '杭州市第一人民医院',
    productName: '阿莫西林胶囊',
    province: '浙江省',
    city: '杭州市',
    area: '西湖区',
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

const photo = (worker: Worker, taskId: number, kind: string) =>
  workerPost(worker, '/api/worker/task/photo', {
    taskId,
    kind,
    fileName: `${kind}.png`,
    content: pngOf(4, 4).toString('base64'),
  });

/** A cgfw task taken, checked in 44 m north of the planned point and out, with a photo group, submitted. */
async function visitedTask(): Promise<number> {
  const worker = await createWorker(t, world.tenantA);
  const taskId = await publish('cgfw');
  await workerPost(worker, '/api/worker/task/take', { taskId });
  const sign = await photo(worker, taskId, 'sign');
  await workerPost(worker, '/api/worker/task/checkIn', {
    taskId,
    lat: PLANNED.lat + 0.0004,
    lng: PLANNED.lng,
    address: '文三路 480 号',
    photoIds: [sign.id],
  });
  // the way between: two positions reported, the second 100 m north of the planned point
  for (const [lat, address] of [
    [PLANNED.lat + 0.0006, '文三路 488 号'],
    [PLANNED.lat + 0.0009, '文三路 500 号'],
  ] as const) {
    await workerPost(worker, '/api/worker/task/position', {
      taskId,
      requestId: crypto.randomUUID(),
      lat,
      lng: PLANNED.lng,
      address,
    });
  }
  await workerPost(worker, '/api/worker/task/checkOut', {
    taskId,
    lat: PLANNED.lat + 0.0004,
    lng: PLANNED.lng,
    address: '文三路 480 号',
  });
  const shelf = await photo(worker, taskId, 'other');
  await workerPost(worker, '/api/worker/task/submit', {
    taskId,
    requestId: crypto.randomUUID(),
    sumUp: '陈列已检查',
    content: '货架整洁',
    photoGroups: [{ name: '货架照片', photoIds: [shelf.id] }],
  });
  return taskId;
}

let visited: number;

beforeAll(async () => {
  world = await createLookupWorld(t);
  const foreign = await createEnterpriseUser(t.database, { tenantIds: [world.tenantB] });
  foreignUser = await login(t.app, 'enterprise', foreign.username, foreign.password);
  const sibling = await createEnterpriseUser(t.database, { tenantIds: [world.tenantA] });
  siblingUser = await login(t.app, 'enterprise', sibling.username, sibling.password);
  const role = await createRole(t.database, { tenantId: world.tenantA, side: 'platform', permissions: [] });
  const viewer = await createPlatformUser(t.database, { tenantId: world.tenantA, roleCode: role });
  viewerWithoutCode = await login(t.app, 'platform', viewer.username, viewer.password);
  const [{ id: taxId }] = await t.database.db
    .insert(taxSources)
    .values({ tenantId: world.tenantA, taxName: '海南税源地' })
    .returning({ id: taxSources.id });
  ({ surveyId, questionIds } = await addStoreSurvey(t, world.enterpriseUser));
  const created = await post(world.enterpriseUser, '/api/sys/project/add', {
    requestId: crypto.randomUUID(),
    taxId,
    projectProjectProjectModel: {
      projectName: '终端服务项目',
      startTime: Date.now() - 30 * DAY,
      endTime: Date.now() + 60 * DAY,
      minPeopleNum: 1,
      maxPeopleNum: 50,
    },
    visitTypeList: [
      { visitId: 'cgfw' },
      { visitId: 'dhbf' },
      { visitParentId: 'p-wjdy', visitId: 'wjdy' },
      { visitParentId: 'p-xueShu', visitId: 'xueShu_keShi' },
    ].map((type) => ({
      boyaProjectVisitTypeModel: { visitParentId: type.visitId, description: '按要求执行', ...type },
    })),
    projectText: { description: '<p>终端服务</p>' },
  });
  expect(created.json(), 'project').toMatchObject({ success: true });
  projectId = created.json().result.id;
  await post(world.staffA, '/api/sys/project/startAudit', { projectId });
  await post(world.staffA, '/api/sys/project/audit', { projectId, auditStatus: 4, remarks: '' });
  visited = await visitedTask();
});

describe('task detail', () => {
  it('answers everything the screen shows, on both sides', async () => {
    // the visit lasted no time: the automatic audit found that; the operator approved it all the same
    const before = (await get(world.staffA, '/api/sys/task/queryById', { id: visited })).json().result;
    expect(before).toMatchObject({ auditStatus: 1, remarks: '服务时长不足10分钟（实际0分钟）' });
    expect((await post(world.staffA, '/api/sys/task/audit', { ids: [visited], auditStatus: 2 })).json()).toMatchObject({
      success: true,
    });
    for (const session of [world.staffA, world.enterpriseUser, world.admin]) {
      const answer = await get(session, '/api/sys/task/queryById', { id: visited });
      expect(answer.json(), 'detail').toMatchObject({ success: true });
      const detail = answer.json().result;
      expect(detail).toMatchObject({
        id: visited,
        projectName: '终端服务项目',
        visitTypeId: 'cgfw',
        visitType: '采购服务',
        cusName: '张医生',
        department: '心内科',
        orgName: '杭州市第一人民医院',
        province: '浙江省',
        area: '西湖区',
        productName: '阿莫西林胶囊',
        status: 2,
        auditStatus: 2,
        // 2: approved, the reasons are no longer shown (spec 1 §4)
        remarks: '',
        auditUserName: expect.any(String),
        sumUp: '陈列已检查',
        feedback: '货架整洁',
        lat: PLANNED.lat,
        lon: PLANNED.lng,
        signInAddress: '文三路 480 号',
        fileNumber: 0,
        callsNumber: 0,
        mapTileUrl: '',
      });
      expect(detail.userPhone).toMatch(/^1\d{2}\*{4}\d{4}$/);
      expect(detail.signIn).toMatchObject({ kind: 1, feedbackType: 0, distance: 44 });
      expect(detail.signOut).toMatchObject({ kind: 2, feedbackType: 1, distance: 44 });
      expect(detail.duration).toBe(0);
      expect(detail.positionRecords).toEqual([
        {
          lat: PLANNED.lat + 0.0006,
          lon: PLANNED.lng,
          address: '文三路 488 号',
          distance: 67,
          reportedAt: expect.any(Number),
        },
        {
          lat: PLANNED.lat + 0.0009,
          lon: PLANNED.lng,
          address: '文三路 500 号',
          distance: 100,
          reportedAt: expect.any(Number),
        },
      ]);
      expect(detail.positionRecords[0].reportedAt).toBeLessThanOrEqual(detail.positionRecords[1].reportedAt);
      expect(detail.signIn.photos).toHaveLength(1);
      expect(detail.photoGroups).toEqual([
        expect.objectContaining({ name: '货架照片', photos: [expect.objectContaining({ kind: 'other' })] }),
      ]);
    }
  });

  it('shows the AI audit rejection reasons while the audit status is 1 or 3', async () => {
    const worker = await createWorker(t, world.tenantA);
    const taskId = await publish('cgfw');
    await workerPost(worker, '/api/worker/task/take', { taskId });
    await workerPost(worker, '/api/worker/task/submit', { taskId, requestId: crypto.randomUUID() });
    const detail = (await get(world.staffA, '/api/sys/task/queryById', { id: taskId })).json().result;
    expect(detail.auditStatus).toBe(1);
    expect(detail.remarks.split('\n')).toContain('未签到');
  });

  it('answers nothing for a foreign tenant or enterprise, and 403 without the code', async () => {
    for (const session of [world.staffB, foreignUser, siblingUser]) {
      const answer = await get(session, '/api/sys/task/queryById', { id: visited });
      expect(answer.statusCode, 'foreign').toBe(404);
      expect(answer.json()).toMatchObject({ success: false, message: TASK_MSG.taskMissing });
      for (const url of ['/api/sys/task/materialRecords', '/api/sys/task/callRecords']) {
        expect((await get(session, url, { taskId: visited })).statusCode, url).toBe(404);
      }
      expect((await get(session, '/api/sys/task/surveyDetail', { id: visited })).statusCode).toBe(404);
      expect((await get(session, '/api/sys/task/reverseGeocode', { taskId: visited, ...PLANNED })).statusCode).toBe(
        404,
      );
      expect((await get(session, '/api/sys/task/attachmentZip', { taskId: visited })).statusCode).toBe(404);
    }
    for (const [url, query] of [
      ['/api/sys/task/queryById', { id: visited }],
      ['/api/sys/task/callRecords', { taskId: visited }],
      ['/api/sys/task/attachmentZip', { taskId: visited }],
    ] as const) {
      expect((await get(viewerWithoutCode, url, query)).statusCode, url).toBe(403);
    }
  });
});

describe('task photos', () => {
  it('opens a photo through its signed link, refuses a changed one, and streams all of them as a zip', async () => {
    const detail = (await get(world.staffA, '/api/sys/task/queryById', { id: visited })).json().result;
    const url: string = detail.signIn.photos[0].url;
    expect(url).toMatch(/^\/api\/sys\/task\/photo\/\d+\/\d+\?expires=\d+&disposition=inline&sign=[0-9a-f]{64}$/);
    const opened = await t.app.inject({ method: 'GET', url });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/png');
    expect(opened.rawPayload.equals(pngOf(4, 4))).toBe(true);
    // another photo's id under the same signature
    const other: string = detail.photoGroups[0].photos[0].url;
    const swapped = url.replace(/\/(\d+)\?/, `/${/\/(\d+)\?/.exec(other)?.[1]}?`);
    expect((await t.app.inject({ method: 'GET', url: swapped })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url.replace(/sign=.{4}/, 'sign=0000') })).statusCode).toBe(403);
    // without a link: the session, scoped
    const photoPath = url.split('?')[0];
    expect((await t.app.inject({ method: 'GET', url: photoPath })).statusCode).toBe(401);
    expect((await get(world.enterpriseUser, photoPath)).statusCode).toBe(200);
    expect((await get(siblingUser, photoPath)).statusCode).toBe(404);
    expect((await get(world.staffB, photoPath)).statusCode).toBe(404);
    expect((await get(viewerWithoutCode, photoPath)).statusCode).toBe(403);

    const zip = await get(world.enterpriseUser, '/api/sys/task/attachmentZip', { taskId: visited });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    // a whole zip: its central directory lists one entry per photo, by group or kind
    const file = path.join(os.tmpdir(), `task-zip-${crypto.randomUUID()}.zip`);
    fs.writeFileSync(file, zip.rawPayload);
    try {
      expect((await zipEntryNames(file))?.sort()).toEqual(['签到照片/sign.png', '货架照片/other.png'].sort());
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  it('answers 暂无附件数据 for a task without photos', async () => {
    const taskId = await publish('dhbf');
    const zip = await get(world.staffA, '/api/sys/task/attachmentZip', { taskId });
    expect(zip.statusCode).toBe(404);
    expect(zip.json()).toMatchObject({ success: false, message: TASK_DETAIL_MSG.noAttachments });
  });
});

describe('list dialog records', () => {
  it('pages call records and material openings 10 at a time', async () => {
    const worker = await createWorker(t, world.tenantA);
    const taskId = await publish('dhbf');
    await workerPost(worker, '/api/worker/task/take', { taskId });
    for (let n = 0; n < 12; n += 1) {
      await workerPost(worker, '/api/worker/task/call', {
        taskId,
        requestId: crypto.randomUUID(),
        phoneNumber: '057188001234',
        callTime: formatChinaDateTime(Date.now() - (12 - n) * 60_000),
        duration: 60 + n,
      });
    }
    await workerPost(worker, '/api/worker/task/material', {
      taskId,
      requestId: crypto.randomUUID(),
      materialName: '产品说明书',
      openTime: formatChinaDateTime(Date.now()),
      duration: 95,
    });
    const first = (await get(world.enterpriseUser, '/api/sys/task/callRecords', { taskId })).json().result;
    expect(first.total).toBe(12);
    expect(first.records).toHaveLength(10);
    expect(first.records[0]).toMatchObject({ callType: 1, phoneNumber: '057188001234', duration: 60 });
    const second = (await get(world.enterpriseUser, '/api/sys/task/callRecords', { taskId, pageNo: 2 })).json().result;
    expect(second.records.map((record: { duration: number }) => record.duration)).toEqual([70, 71]);
    const materials = (await get(world.staffA, '/api/sys/task/materialRecords', { taskId })).json().result;
    expect(materials).toMatchObject({
      total: 1,
      records: [{ materialName: '产品说明书', productNames: '阿莫西林胶囊', duration: 95 }],
    });
    const detail = (await get(world.staffA, '/api/sys/task/queryById', { id: taskId })).json().result;
    expect(detail).toMatchObject({ fileNumber: 1, callsNumber: 12 });

    // 阅读记录 of the person's task: the openings, for the person who did it only
    const reading = await get(world.staffA, '/api/sys/task/readingRecords', { taskId, userId: worker.personId });
    expect(reading.json().result).toMatchObject({
      total: 1,
      records: [{ title: '产品说明书', duration: 95, taskId, userId: worker.personId }],
    });
    const other = await get(world.staffA, '/api/sys/task/readingRecords', { taskId, userId: worker.personId + 1 });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(TASK_MSG.taskMissing);
    for (const session of [world.staffB, foreignUser]) {
      const foreign = await get(session, '/api/sys/task/readingRecords', { taskId, userId: worker.personId });
      expect(foreign.statusCode).toBe(404);
    }
  });
});

describe('reverse geocoding', () => {
  it('names the district of a point near the task offline, and says so when it cannot', async () => {
    const near = await get(world.staffA, '/api/sys/task/reverseGeocode', {
      taskId: visited,
      lat: PLANNED.lat + 0.01,
      lng: PLANNED.lng - 0.01,
    });
    expect(near.json().result).toEqual({ address: '浙江省杭州市西湖区', source: 'offline' });
    const far = await get(world.staffA, '/api/sys/task/reverseGeocode', { taskId: visited, lat: 39.9, lng: 116.4 });
    expect(far.json().result).toEqual({ address: TASK_DETAIL_MSG.placeUnknown, source: 'offline' });
    const bad = await get(world.staffA, '/api/sys/task/reverseGeocode', { taskId: visited, lat: 91, lng: 0 });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the served customer (decision 0027)', () => {
  it('links the customer: its name and terminal, the live verification, and a foreign customer refused', async () => {
    const [terminal] = await t.database.db
      .insert(organisations)
      .values({ ...world.own, orgName: '南京鼓楼医院', orgType: 'hospital', auditStatus: 1 })
      .returning({ id: organisations.id });
    const [doctor] = await t.database.db
      .insert(customers)
      .values({ ...world.own, organisationId: terminal.id, cusName: '刘芳', cusType: 'hospital', auditStatus: 1 })
      .returning({ id: customers.id });
    const taskId = await publish('cgfw', { cusId: doctor.id, cusName: '', orgName: '' });
    const before = (await get(world.staffA, '/api/sys/task/queryById', { id: taskId })).json().result;
    expect(before).toMatchObject({ cusId: doctor.id, cusName: '刘芳', orgName: '南京鼓楼医院', cusIsAuth: 0 });
    // certified later: the badge follows the customer
    await t.database.db.update(customers).set({ authStatus: 1 }).where(eq(customers.id, doctor.id));
    const after = (await get(world.enterpriseUser, '/api/sys/task/queryById', { id: taskId })).json().result;
    expect(after).toMatchObject({ cusId: doctor.id, cusIsAuth: 1 });

    const [siblingTerminal] = await t.database.db
      .insert(organisations)
      .values({ ...world.sibling, orgName: '兄弟企业终端', orgType: 'hospital' })
      .returning({ id: organisations.id });
    const [siblingDoctor] = await t.database.db
      .insert(customers)
      .values({ ...world.sibling, organisationId: siblingTerminal.id, cusName: '孙医生', cusType: 'hospital' })
      .returning({ id: customers.id });
    const refused = await post(world.enterpriseUser, '/api/sys/task/publish', {
      requestId: crypto.randomUUID(),
      projectId,
      visitTypeId: 'cgfw',
      title: '门店陈列检查',
      cusId: siblingDoctor.id,
      startTime: formatChinaDateTime(Date.now() - DAY),
      endTime: formatChinaDateTime(Date.now() + 30 * DAY),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('客户不存在');
  });
});

describe('survey submission detail and meetings', () => {
  it('numbers the questions with the chosen options; the phone only for a verified session', async () => {
    const worker = await createWorker(t, world.tenantA);
    const taskId = await publish('wjdy', { resourceId: surveyId });
    await workerPost(worker, '/api/worker/task/take', { taskId });
    await workerPost(worker, '/api/worker/task/submit', {
      taskId,
      requestId: crypto.randomUUID(),
      answers: [
        { questionId: questionIds[0], optionIds: [1] },
        { questionId: questionIds[1], content: '希望增加培训' },
      ],
    });
    await t.database.db.update(users).set({ phoneVerifyStatus: 0 }).where(eq(users.username, world.staffA.username));
    const hidden = (await get(world.staffA, '/api/sys/task/surveyDetail', { id: taskId })).json().result;
    expect(hidden.record).toMatchObject({ title: '店员认知调研', userPhone: '', phoneVerify: 0 });
    expect(hidden.questions).toEqual([
      expect.objectContaining({
        subjectType: 10,
        subjectName: '门店类型',
        optionList: [
          expect.objectContaining({ optionNo: 'A', optionContent: '连锁', isSelected: false }),
          expect.objectContaining({ optionNo: 'B', optionContent: '单体', isSelected: true }),
        ],
      }),
      expect.objectContaining({ subjectType: 100, content: '希望增加培训' }),
    ]);
    await t.database.db.update(users).set({ phoneVerifyStatus: 1 }).where(eq(users.username, world.staffA.username));
    const shown = (await get(world.staffA, '/api/sys/task/surveyDetail', { id: taskId })).json().result;
    expect(shown.record).toMatchObject({ userPhone: worker.phone, phoneVerify: 1 });
    const detail = (await get(world.staffA, '/api/sys/task/queryById', { id: taskId })).json().result;
    expect(detail).toMatchObject({ surveyAnswered: true, resourceTitle: '店员认知调研' });
  });

  it('keeps the attendees of a department meeting', async () => {
    const worker = await createWorker(t, world.tenantA);
    const taskId = await publish('xueShu_keShi');
    await workerPost(worker, '/api/worker/task/take', { taskId });
    await workerPost(worker, '/api/worker/task/submit', {
      taskId,
      requestId: crypto.randomUUID(),
      cusList: [
        { cusName: '周明', departmentName: '心内科', authStatus: 1, certNo: '110330100012345' },
        { cusName: '郑凯', departmentName: '老年医学科' },
      ],
    });
    const detail = (await get(world.enterpriseUser, '/api/sys/task/queryById', { id: taskId })).json().result;
    expect(detail.parentVisitType).toBe('p-xueShu');
    expect(detail.custNum).toBe(2);
    expect(detail.cusList).toEqual([
      { cusName: '周明', departmentName: '心内科', authStatus: 1, certNo: '110330100012345' },
      { cusName: '郑凯', departmentName: '老年医学科', authStatus: 0, certNo: '' },
    ]);
  });
});
