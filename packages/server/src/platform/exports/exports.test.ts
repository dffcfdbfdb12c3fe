import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  DESENSITIZATION_TOKEN_TTL_MS,
  DOWNLOAD_TYPES,
  type DownloadCacheRecord,
  type LoginUserInfo,
  MAX_GENERATING_EXPORTS_PER_USER,
  MSG,
  projectListFiltersSchema,
} from '@fieldpay/domain';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLogs, desensitizationTokens, downloadCaches, projectPersons, smsOutbox } from '../../db/schema';
import { sha256Hex } from '../auth/crypto';
import type { Principal } from '../auth/sessions';
import {
  authHeaders,
  createPlatformUser,
  encryptPassword,
  getKey,
  login,
  TEST_SERVER_SECRET,
  TEST_SIGN_SECRET,
  useTestApp,
} from '../../../test/app';
import { createLookupWorld, insertPerson, insertProject, type LookupWorld, marker } from '../../../test/lookups';

const t = useTestApp();

/** The token check, in the scope of the session it is checked for (as the export route runs it). */
const isValidFor = (principal: Principal, token: string, now?: number) =>
  t.services.ctx.scopes.withViewer(principal, () => t.services.desensitization.isValid(principal, token, now));
let world: LookupWorld;
let ownProject: number;
let siblingProject: number;
const ownPhones: string[] = [];
const name = marker('导');

beforeAll(async () => {
  await t.services.jobs.start({ pollingIntervalSeconds: 0.5 });
  world = await createLookupWorld(t);
  ownProject = await insertProject(t.database, world.own, { projectName: `${name}自有项目`, projectStatus: 4 });
  siblingProject = await insertProject(t.database, world.sibling, { projectName: `${name}兄弟项目` });
  for (const [index, owner] of [world.own, world.own, world.own, world.sibling].entries()) {
    const phone = `1370000${String(1000 + index)}`;
    const personId = await insertPerson(t.database, owner.tenantId, { name: `欧阳娜${index}`, phone });
    const projectId = owner === world.sibling ? siblingProject : ownProject;
    await t.database.db.insert(projectPersons).values({ ...owner, projectId, personId, status: index === 2 ? 2 : 1 });
    if (owner === world.own) ownPhones.push(phone);
  }
});
afterAll(async () => {
  await t.services.jobs.stop();
});

async function post(session: LoginUserInfo, url: string, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload, headers: { ...authHeaders(session), ...headers } });
}

async function cacheList(session: LoginUserInfo, query: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/sys/downloadCache/queryList',
    query,
    headers: authHeaders(session),
  });
  expect(response.statusCode).toBe(200);
  return response.json().result as { records: DownloadCacheRecord[]; total: number };
}

/** Polls the cache list until the job has finished the record. */
async function finished(session: LoginUserInfo, cacheId: number): Promise<DownloadCacheRecord> {
  for (let tries = 0; tries < 100; tries++) {
    const record = (await cacheList(session, { pageSize: '100' })).records.find((r) => r.id === cacheId);
    if (record && record.downloadStatus !== 0) return record;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`export ${cacheId} did not finish`);
}

async function download(session: LoginUserInfo, id: number) {
  return t.app.inject({
    method: 'GET',
    url: '/api/sys/downloadCache/download',
    query: { id: String(id) },
    headers: authHeaders(session),
  });
}

async function sheetRows(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((value) => (value === null ? '' : String(value))));
  });
  return rows;
}

async function exportPersons(session: LoginUserInfo, headers: Record<string, string> = {}) {
  const response = await post(session, '/api/sys/project/exportPersons', { projectName: name }, headers);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().message).toBe(MSG.exportSubmitted);
  return response.json().result.cacheId as number;
}

describe('project list', () => {
  it('shows each viewer the projects of its scope, filtered', async () => {
    const list = async (session: LoginUserInfo) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/sys/project/queryList',
        query: { projectName: name },
        headers: authHeaders(session),
      });
      expect(response.statusCode).toBe(200);
      return response
        .json()
        .result.records.map((r: { projectName: string }) => r.projectName)
        .sort();
    };
    expect(await list(world.enterpriseUser)).toEqual([`${name}自有项目`]);
    expect(await list(world.staffA)).toEqual([`${name}兄弟项目`, `${name}自有项目`]);
    expect(await list(world.staffB)).toEqual([]);
    expect(await list(world.admin)).toEqual([`${name}兄弟项目`, `${name}自有项目`]);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/sys/project/queryList',
      query: { projectName: name, projectStatus: '4' },
      headers: authHeaders(world.staffA),
    });
    const records = response.json().result.records;
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ projectName: `${name}自有项目`, personNum: 2, projectStatus: 4 });
  });
});

describe('exports and the download cache', () => {
  it('writes the persons of the own enterprise only, masked, with dictionary text, then downloads', async () => {
    const cacheId = await exportPersons(world.enterpriseUser);
    const record = await finished(world.enterpriseUser, cacheId);
    expect(record).toMatchObject({
      downloadStatus: 1,
      downloadStatus_dictText: '可下载',
      downloadType: DOWNLOAD_TYPES.projectPersons,
      downloadType_dictText: '项目人员导出',
      remainingDays: 7,
      progress: 100,
      rowCount: 3,
      unmasked: false,
      projectName: name,
    });
    expect(record.fileName).toMatch(/^项目人员_\d{14}\.xlsx$/);

    const response = await download(world.enterpriseUser, cacheId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(encodeURIComponent(record.fileName));
    const rows = await sheetRows(response.rawPayload);
    expect(rows[0]).toEqual([
      '项目编号',
      '项目名称',
      '项目状态',
      '客户',
      '所属平台',
      '用户编号',
      '任务人',
      '手机号',
      '服务状态',
      '账号状态',
      '加入时间',
      '注册时间',
    ]);
    expect(rows).toHaveLength(4);
    const body = rows.slice(1);
    expect(body.every((row) => row[1] === `${name}自有项目` && row[2] === '进行中')).toBe(true);
    expect(body.map((row) => row[7]).sort()).toEqual(ownPhones.map((phone) => `137****${phone.slice(-4)}`).sort());
    expect(body.map((row) => row[6])).toEqual(['欧**0', '欧**1', '欧**2']);
    expect(body.map((row) => row[8])).toEqual(['服务中', '服务中', '已退出']);
    expect(body.every((row) => row[9] === '正常' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(row[10]))).toBe(true);

    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'export.download'), eq(auditLogs.targetId, String(cacheId))));
    expect(audit).toBeDefined();
    const [cache] = await t.database.db.select().from(downloadCaches).where(eq(downloadCaches.id, cacheId));
    expect(cache.lastDownloadedAt).not.toBeNull();
  });

  it('exports the project list with status and environment as text', async () => {
    const response = await post(world.staffA, '/api/sys/project/exportList', { projectName: name });
    const cacheId = response.json().result.cacheId;
    expect((await finished(world.staffA, cacheId)).rowCount).toBe(2);
    const rows = await sheetRows((await download(world.staffA, cacheId)).rawPayload);
    expect(rows[0].slice(0, 7)).toEqual([
      '项目编号',
      '项目名称',
      '客户',
      '所属平台',
      '项目状态',
      '项目环境',
      '服务人数',
    ]);
    const own = rows.find((row) => row[1] === `${name}自有项目`);
    expect(own?.slice(4, 7)).toEqual(['进行中', '全流程', '2']);
  });

  it('lists only the user’s own records, by type and time range', async () => {
    const own = await cacheList(world.enterpriseUser);
    expect(own.total).toBeGreaterThan(0);
    expect((await cacheList(world.staffB)).total).toBe(0);
    expect((await cacheList(world.enterpriseUser, { downloadType: String(DOWNLOAD_TYPES.projectList) })).total).toBe(0);
    expect((await cacheList(world.enterpriseUser, { startTime: '2099-01-01 00:00:00' })).total).toBe(0);
    expect((await cacheList(world.enterpriseUser, { endTime: '2000-01-01 00:00:00' })).total).toBe(0);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/sys/downloadCache/queryList',
      query: { startTime: '2026-13-45' },
      headers: authHeaders(world.enterpriseUser),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses another user’s file, a file not ready, a failed one, and users without page:list:download', async () => {
    const [mine] = (await cacheList(world.enterpriseUser)).records;
    expect((await download(world.staffA, mine.id)).statusCode).toBe(404);
    expect((await download(world.staffB, mine.id)).statusCode).toBe(404);

    const insert = async (userId: number, downloadStatus: number, tenantId = world.tenantA) => {
      const [row] = await t.database.db
        .insert(downloadCaches)
        .values({
          tenantId,
          userId,
          side: 'platform',
          kind: 'project.list',
          downloadType: DOWNLOAD_TYPES.projectList,
          operator: '测试员',
          filters: { projectName: 'never-matches' },
          requester: {
            userId,
            side: 'platform',
            tenantId,
            enterpriseId: null,
            userIdentity: 2,
            username: 'u',
            realname: 'r',
          },
          fileName: 'x.xlsx',
          downloadStatus,
          expiresAt: new Date(Date.now() + 86_400_000),
        })
        .returning({ id: downloadCaches.id });
      return row.id;
    };
    const [{ userId }] = await t.database.db
      .select({ userId: auditLogs.actorUserId })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, 'export.submit'),
          eq(auditLogs.tenantId, world.tenantA),
          eq(auditLogs.side, 'platform'),
        ),
      );
    const failed = await insert(userId as number, 2);
    const answer = await download(world.staffA, failed);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toBe(MSG.downloadCacheNotReady);

    const noRole = await createPlatformUser(t.database, { tenantId: world.tenantA, roleCode: null });
    const noRoleSession = await login(t.app, 'platform', noRole.username, noRole.password);
    const theirs = await insert(noRole.id, 1);
    expect((await download(noRoleSession, theirs)).statusCode).toBe(403);
    const refused = await post(noRoleSession, '/api/sys/project/exportList', {});
    expect(refused.statusCode).toBe(403);
  });

  it('refuses bad filters and stale unmask tokens without recording anything', async () => {
    const before = (await cacheList(world.staffA, { pageSize: '100' })).total;
    expect((await post(world.staffA, '/api/sys/project/exportList', { projectStatus: 99 })).statusCode).toBe(400);
    expect((await post(world.staffA, '/api/sys/project/exportList', { projectName: 'x'.repeat(31) })).statusCode).toBe(
      400,
    );
    const forged = await post(
      world.staffA,
      '/api/sys/project/exportPersons',
      {},
      {
        'x-desensitization-token': `${Date.now() + 60_000}.forged`,
      },
    );
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(MSG.desensitizationTokenInvalid);
    expect((await cacheList(world.staffA, { pageSize: '100' })).total).toBe(before);
  });

  it('answers a double click with the export already generating, and refuses one more than five at once', async () => {
    // jobs not sent: every record stays generating for the length of the test
    const send = vi.spyOn(t.services.jobs, 'send').mockResolvedValue(true);
    const generating: number[] = [];
    try {
      const twice = await Promise.all(
        [1, 2].map(() => post(world.staffA, '/api/sys/project/exportList', { projectName: `${name}双击` })),
      );
      for (const response of twice)
        expect(response.json()).toMatchObject({ success: true, message: MSG.exportSubmitted });
      const [first, second] = twice.map((response) => response.json().result.cacheId as number);
      expect(second).toBe(first);
      expect(send).toHaveBeenCalledTimes(1);
      generating.push(first);
      // another filter, or the unmasked twin, is another export
      for (let n = 2; n <= MAX_GENERATING_EXPORTS_PER_USER; n++) {
        const response = await post(world.staffA, '/api/sys/project/exportList', { projectName: `${name}第${n}个` });
        generating.push(response.json().result.cacheId);
      }
      expect(new Set(generating).size).toBe(MAX_GENERATING_EXPORTS_PER_USER);
      const before = (await cacheList(world.staffA, { pageSize: '100' })).total;
      const refused = await post(world.staffA, '/api/sys/project/exportList', { projectName: `${name}再一个` });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        success: false,
        message: MSG.exportsBusy(MAX_GENERATING_EXPORTS_PER_USER),
      });
      expect((await cacheList(world.staffA, { pageSize: '100' })).total).toBe(before);
      // the same export again is still answered with the one generating
      const again = await post(world.staffA, '/api/sys/project/exportList', { projectName: `${name}双击` });
      expect(again.json().result.cacheId).toBe(first);
      // another user is not held up by these
      const other = await post(world.staffB, '/api/sys/project/exportList', { projectName: `${name}再一个` });
      expect(other.json()).toMatchObject({ success: true, message: MSG.exportSubmitted });
      generating.push(other.json().result.cacheId);
    } finally {
      send.mockRestore();
      await t.database.db.delete(downloadCaches).where(inArray(downloadCaches.id, generating));
    }
  });

  it('finishes records left pending (a crash between record and job), once', async () => {
    const [row] = await t.database.db
      .select()
      .from(downloadCaches)
      .where(eq(downloadCaches.kind, 'project.list'))
      .limit(1);
    const [pending] = await t.database.db
      .insert(downloadCaches)
      .values({ ...row, id: undefined, downloadStatus: 0, progress: 0, storageKey: null, finishedAt: null })
      .returning({ id: downloadCaches.id });
    await t.services.exports.resumePending();
    await t.services.exports.resumePending();
    const record = await finished(world.staffA, pending.id);
    expect(record.downloadStatus).toBe(1);
    const notices = await t.app.inject({
      method: 'GET',
      url: '/api/sys/notice/list',
      headers: authHeaders(world.staffA),
    });
    const titles = notices.json().result.records.filter((n: { bizId: string }) => n.bizId === String(pending.id));
    expect(titles).toHaveLength(1);
    expect(titles[0]).toMatchObject({ title: '导出文件已生成' });
    expect(titles[0].content).toContain(MSG.exportCacheCreated(7));
    // a second run of a finished record changes nothing
    const rowOf = async () =>
      (await t.database.db.select().from(downloadCaches).where(eq(downloadCaches.id, pending.id)))[0];
    const before = await rowOf();
    await t.services.exports.run(pending.id);
    expect(await rowOf()).toEqual(before);
  });

  it('answers the export even when the queue refuses the job, and the resume sends it later', async () => {
    vi.spyOn(t.services.jobs, 'send').mockRejectedValueOnce(new Error('queue down'));
    const response = await post(world.staffA, '/api/sys/project/exportList', { projectName: name });
    expect(response.json()).toMatchObject({ success: true, message: MSG.exportSubmitted });
    const cacheId = response.json().result.cacheId as number;
    const [pending] = await t.database.db.select().from(downloadCaches).where(eq(downloadCaches.id, cacheId));
    expect(pending.downloadStatus).toBe(0);
    await t.services.exports.resumePending();
    expect((await finished(world.staffA, cacheId)).downloadStatus).toBe(1);
  });

  it('retries a failing export and marks it failed on the last attempt, with a message for the user', async () => {
    t.services.exports.define({
      kind: 'test.broken',
      downloadType: DOWNLOAD_TYPES.projectList,
      title: '测试',
      filters: projectListFiltersSchema,
      columns: [{ header: '列', width: 10, value: (row: { id: number }) => row.id }],
      labels: async () => ({ projectName: '测试项目', serviceType: '' }),
      count: async () => 1,
      rows: async function* () {
        yield [];
        throw new Error('database went away');
      },
    });
    const principal = (await t.services.sessions.resolve(world.staffA.token)) as Principal;
    // as the export route would: inside the requester's scope
    const cacheId = await t.services.ctx.scopes.withViewer(principal, () =>
      t.services.exports.submit({
        principal,
        actor: {
          userId: principal.userId,
          name: '测试员',
          side: 'platform',
          tenantId: principal.tenantId,
          ip: '127.0.0.1',
        },
        kind: 'test.broken',
        filters: {},
        unmasked: false,
      }),
    );
    await expect(t.services.exports.run(cacheId, { jobId: 'a', isLastAttempt: false })).rejects.toThrow(
      'database went away',
    );
    const stateOf = async () =>
      (await t.database.db.select().from(downloadCaches).where(eq(downloadCaches.id, cacheId)))[0];
    expect((await stateOf()).downloadStatus).toBe(0);
    await t.services.exports.run(cacheId, { jobId: 'b', isLastAttempt: true });
    expect(await stateOf()).toMatchObject({ downloadStatus: 2, failReason: '导出失败，请重新导出', storageKey: null });
    const record = (await cacheList(world.staffA, { pageSize: '100' })).records.find((r) => r.id === cacheId);
    expect(record).toMatchObject({ downloadStatus_dictText: '生成失败', failReason: '导出失败，请重新导出' });
  });

  it('fails the record of a job whose process died on its last attempt, and deletes its partial file', async () => {
    const [row] = await t.database.db
      .select()
      .from(downloadCaches)
      .where(eq(downloadCaches.kind, 'project.list'))
      .limit(1);
    const [pending] = await t.database.db
      .insert(downloadCaches)
      .values({ ...row, id: undefined, downloadStatus: 0, progress: 40, storageKey: null, finishedAt: null })
      .returning({ id: downloadCaches.id });
    const scratchDir = path.join(t.config.dataDir, 'tmp', 'exports');
    fs.mkdirSync(scratchDir, { recursive: true });
    const jobId = crypto.randomUUID();
    const partial = path.join(scratchDir, `${pending.id}-${jobId}.xlsx`);
    fs.writeFileSync(partial, 'PK half a file');
    // a retry follows: the record stays generating for it, the partial file goes
    await t.services.exports.abandoned(pending.id, { jobId, retried: true });
    expect(fs.existsSync(partial)).toBe(false);
    const stateOf = async () =>
      (await t.database.db.select().from(downloadCaches).where(eq(downloadCaches.id, pending.id)))[0];
    expect((await stateOf()).downloadStatus).toBe(0);
    // the last attempt: the user sees it failed and exports again
    fs.writeFileSync(partial, 'PK half a file');
    await t.services.exports.abandoned(pending.id, { jobId, retried: false });
    expect(fs.existsSync(partial)).toBe(false);
    expect(await stateOf()).toMatchObject({ downloadStatus: 2, failReason: '导出失败，请重新导出' });
    const again = await post(world.staffA, '/api/sys/project/exportList', row.filters as object);
    expect(again.json()).toMatchObject({ success: true, message: MSG.exportSubmitted });
    expect(again.json().result.cacheId).not.toBe(pending.id);
    expect((await finished(world.staffA, again.json().result.cacheId)).downloadStatus).toBe(1);
  });

  it('removes scratch files no running job writes (left by a process that died), and keeps the rest', async () => {
    const scratchDir = path.join(t.config.dataDir, 'tmp', 'exports');
    fs.mkdirSync(scratchDir, { recursive: true });
    const running = crypto.randomUUID();
    await t.database.executeSql(`insert into job_runs (job_id, queue, owner) values ($1, 'export.run', $2)`, [
      running,
      t.services.jobs.owner,
    ]);
    try {
      const kept = path.join(scratchDir, `1-${running}.xlsx`);
      const orphans = [`2-${crypto.randomUUID()}.xlsx`, '3-3f9a1c0b2d4e.xlsx'].map((name) =>
        path.join(scratchDir, name),
      );
      for (const file of [kept, ...orphans]) fs.writeFileSync(file, 'PK');
      expect(await t.services.exports.removeOrphanScratchFiles()).toBe(2);
      expect(fs.existsSync(kept)).toBe(true);
      for (const file of orphans) expect(fs.existsSync(file)).toBe(false);
      fs.rmSync(kept);
    } finally {
      await t.database.executeSql('delete from job_runs where job_id = $1', [running]);
    }
  });

  it('deletes files and records after 7 days', async () => {
    const [ready] = await t.database.db
      .select()
      .from(downloadCaches)
      .where(eq(downloadCaches.downloadStatus, 1))
      .limit(1);
    const filePath = path.join(t.config.dataDir, 'files', ready.storageKey as string);
    expect(fs.existsSync(filePath)).toBe(true);
    const removed = await t.services.exports.expire(new Date(ready.createdAt.getTime() + 7 * 86_400_000 + 1));
    expect(removed).toBeGreaterThan(0);
    expect(fs.existsSync(filePath)).toBe(false);
    expect(await t.database.db.select().from(downloadCaches).where(eq(downloadCaches.id, ready.id))).toHaveLength(0);
  });
});

describe('desensitization', () => {
  async function verify(session: LoginUserInfo, password: string, extra: object = {}) {
    const { keyId, publicKey } = await getKey(t.app);
    return post(session, '/api/sys2/desensitization/verify', {
      keyId,
      password: encryptPassword(publicKey, password),
      ...extra,
    });
  }

  it('gives the operator a token for the password alone; a wrong one answers code 500 密码错误', async () => {
    const operator = await createPlatformUser(t.database, { tenantId: 0 });
    const session = await login(t.app, 'platform', operator.username, operator.password);
    const wrong = await verify(session, 'Wrong@123456');
    expect(wrong.json()).toMatchObject({ success: false, code: 500, message: MSG.desensitizationPasswordWrong });
    const right = await verify(session, operator.password);
    expect(right.statusCode).toBe(200);
    expect(right.json().result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('asks tenant-level users for an SMS code, sent once a minute, and unmasks their exports', async () => {
    const staff = await createPlatformUser(t.database, { tenantId: world.tenantA });
    const session = await login(t.app, 'platform', staff.username, staff.password);
    const noCode = await verify(session, staff.password);
    expect(noCode.json().message).toBe(MSG.desensitizationSmsCodeRequired);

    const sent = await post(session, '/api/sys2/sendVerifyCode', {});
    expect(sent.json()).toMatchObject({ success: true, message: MSG.smsCodeSent });
    expect(sent.json().result.phone).toContain('****');
    const again = await post(session, '/api/sys2/sendVerifyCode', {});
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^请\d+秒后再获取验证码$/);

    expect((await verify(session, staff.password, { msgCaptcha: '000000' })).json().message).toBe(MSG.smsCodeWrong);
    const [outbox] = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, staff.username));
    const code = /(\d{6})/.exec(outbox.content)?.[1] as string;
    const passed = await verify(session, staff.password, { msgCaptcha: code });
    expect(passed.statusCode, passed.body).toBe(200);
    const token = passed.json().result.token as string;
    // the code is spent
    expect((await verify(session, staff.password, { msgCaptcha: code })).json().message).toBe(MSG.smsCodeWrong);

    const cacheId = (
      await post(session, '/api/sys/project/exportPersons', { projectName: name }, { 'x-desensitization-token': token })
    ).json().result.cacheId;
    const record = await finished(session, cacheId);
    expect(record.unmasked).toBe(true);
    const rows = await sheetRows((await download(session, cacheId)).rawPayload);
    expect(rows.slice(1).map((row) => row[7])).toEqual(expect.arrayContaining(ownPhones));

    // the token belongs to that session: another session of the same user cannot use it
    const other = await login(t.app, 'platform', staff.username, staff.password);
    const moved = await post(other, '/api/sys/project/exportPersons', {}, { 'x-desensitization-token': token });
    expect(moved.statusCode).toBe(403);
  });

  /** An operator (password alone unlocks) signed in, with a token from the real check. */
  async function operatorWithToken() {
    const operator = await createPlatformUser(t.database, { tenantId: 0 });
    const session = await login(t.app, 'platform', operator.username, operator.password);
    const verified = await verify(session, operator.password);
    expect(verified.statusCode, verified.body).toBe(200);
    const principal = (await t.services.sessions.resolve(session.token)) as Principal;
    return { operator, session, principal, token: verified.json().result.token as string };
  }

  const exportUnmasked = (session: LoginUserInfo, token: string) =>
    post(session, '/api/sys/project/exportPersons', { projectName: name }, { 'x-desensitization-token': token });

  async function expectRefused(session: LoginUserInfo, token: string) {
    const refused = await exportUnmasked(session, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.desensitizationTokenInvalid);
  }

  it('issues an opaque random token and stores only its hash, bound to user, session and tenant', async () => {
    const { principal, token } = await operatorWithToken();
    const rows = await t.database.db
      .select()
      .from(desensitizationTokens)
      .where(eq(desensitizationTokens.sessionId, principal.sessionId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tokenHash: sha256Hex(token),
      userId: principal.userId,
      tenantId: principal.tenantId,
      scope: 'unmask',
      revokedAt: null,
    });
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuses a token forged the old way from the public SIGN_SECRET (or from the server secret)', async () => {
    const { session, principal, token } = await operatorWithToken();
    const expiresAt = Date.now() + 60_000;
    for (const secret of [TEST_SIGN_SECRET, TEST_SERVER_SECRET]) {
      const signature = crypto
        .createHmac('sha256', secret)
        .update(`desensitization:${principal.sessionId}:${principal.userId}:${expiresAt}`)
        .digest('base64url');
      const forged = `${expiresAt}.${signature}`;
      expect(await isValidFor(principal, forged)).toBe(false);
      await expectRefused(session, forged);
    }
    // nothing was recorded for the forged ones
    expect((await cacheList(session, { pageSize: '100' })).total).toBe(0);
    // the real token of the same session unmasks
    const accepted = await exportUnmasked(session, token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await finished(session, accepted.json().result.cacheId)).unmasked).toBe(true);
  });

  it('refuses the token in another session of the same user and under another tenant', async () => {
    const { operator, principal, token } = await operatorWithToken();
    const other = await login(t.app, 'platform', operator.username, operator.password);
    const otherPrincipal = (await t.services.sessions.resolve(other.token)) as Principal;
    expect(await isValidFor(otherPrincipal, token)).toBe(false);
    await expectRefused(other, token);
    expect(await isValidFor({ ...principal, tenantId: world.tenantA }, token)).toBe(false);
    expect(await isValidFor(principal, token)).toBe(true);
  });

  it('refuses an expired token', async () => {
    const { session, principal, token } = await operatorWithToken();
    const past = Date.now() - DESENSITIZATION_TOKEN_TTL_MS - 1000;
    const stale = await t.services.ctx.scopes.withViewer(principal, () =>
      t.services.desensitization.issueToken(principal, past),
    );
    await expectRefused(session, stale.token);
    const afterTtl = Date.now() + DESENSITIZATION_TOKEN_TTL_MS + 1000;
    expect(await isValidFor(principal, token, afterTtl)).toBe(false);
  });

  it('revokes the tokens of a session at logout, and of every session when all of them are revoked', async () => {
    const { operator, session, principal, token } = await operatorWithToken();
    const logout = await t.app.inject({ method: 'GET', url: '/platform/v2/logout', headers: authHeaders(session) });
    expect(logout.statusCode).toBe(200);
    expect(await isValidFor(principal, token)).toBe(false);
    const [row] = await t.database.db
      .select()
      .from(desensitizationTokens)
      .where(eq(desensitizationTokens.tokenHash, sha256Hex(token)));
    expect(row.revokedAt).not.toBeNull();

    const again = await login(t.app, 'platform', operator.username, operator.password);
    const { token: second } = (await verify(again, operator.password)).json().result;
    const secondPrincipal = (await t.services.sessions.resolve(again.token)) as Principal;
    expect(await isValidFor(secondPrincipal, second)).toBe(true);
    await t.services.sessions.revokeAllOfUser(operator.id);
    expect(await isValidFor(secondPrincipal, second)).toBe(false);
  });
});
