import ExcelJS from 'exceljs';
import { MSG } from '@fieldpay/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  createEnterpriseUser,
  createPlatformUser,
  createTenant,
  login,
  loginRequest,
  useTestApp,
} from '../../../test/app';
import { downloadCaches, loginFailures, loginLogs, users } from '../../db/schema';
import { LOGIN_THROTTLE } from '../auth/throttle';
import { maskLoginName } from './login-log';

const t = useTestApp();
type Headers = ReturnType<typeof authHeaders>;

beforeAll(async () => {
  await t.services.jobs.start({ pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await t.services.jobs.stop();
});
// the wrong passwords of one test must not make the next one's logins (same address) need the captcha
afterEach(async () => {
  await t.database.db.delete(loginFailures);
});

const operatorHeaders = async (): Promise<Headers> => {
  const operator = await createPlatformUser(t.database, { tenantId: 0 });
  return authHeaders(await login(t.app, 'platform', operator.username, operator.password));
};

const query = async (headers: Headers, filters: Record<string, string>) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/sys2/loginLog/query', headers, query: filters });
  expect(response.statusCode).toBe(200);
  return response.json().result as {
    total: number;
    records: Array<{ username: string; result: string; reason: string; side: string; lockedUntil: number | null }>;
  };
};

/** Polls the export's cache record until the job has finished it. */
async function finishedExport(cacheId: number) {
  for (let tries = 0; tries < 100; tries++) {
    const [row] = await t.database.db.select().from(downloadCaches).where(eq(downloadCaches.id, cacheId));
    if (row && row.downloadStatus !== 0) return row;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`export ${cacheId} did not finish`);
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

describe('登录日志', { timeout: 60_000 }, () => {
  it('records each attempt with side, address, result and reason, masked; lock-outs with their end', async () => {
    const tenantId = await createTenant(t.database);
    const staff = await createPlatformUser(t.database, { tenantId });
    await login(t.app, 'platform', staff.username, staff.password);
    const wrong = await loginRequest(t.app, 'platform', staff.username, 'Wrong@12345');
    expect(wrong.statusCode).toBe(401);

    const headers = await operatorHeaders();
    const mine = await query(headers, { username: staff.username });
    expect(mine.records.map((r) => [r.result, r.reason, r.side])).toEqual([
      ['failure', 'badCredentials', 'platform'],
      ['success', '', 'platform'],
    ]);
    expect(mine.records[0].username).toBe(maskLoginName(staff.username));
    expect(mine.records[0].username).toMatch(/^139\*{4}\d{4}$/);
    // the number is stored masked and hashed only
    const stored = await t.database.db.select().from(loginLogs).where(eq(loginLogs.userId, staff.id));
    expect(stored.every((row) => !JSON.stringify(row).includes(staff.username))).toBe(true);
    expect(stored.every((row) => row.tenantId === tenantId)).toBe(true);
    expect((await query(headers, { username: staff.username, result: 'success' })).total).toBe(1);

    // an account with as many recent failures as lock it (from elsewhere) is refused as locked
    const target = await createPlatformUser(t.database, { tenantId });
    await t.database.db.insert(loginFailures).values(
      Array.from({ length: LOGIN_THROTTLE.accountLockAfter }, () => ({
        side: 'platform',
        username: target.username,
        ip: '10.9.0.1',
      })),
    );
    const locked = await loginRequest(t.app, 'platform', target.username, target.password);
    expect(locked.statusCode).toBe(429);
    const attempts = await query(headers, { username: target.username });
    expect(attempts.records[0]).toMatchObject({ result: 'locked', reason: 'locked' });
    expect(attempts.records[0].lockedUntil).toBeGreaterThan(Date.now());
    expect((await query(headers, { username: target.username, result: 'locked' })).total).toBeGreaterThanOrEqual(1);
  });

  it('tells the right password on the wrong side which side it belongs to, and nothing to a wrong one', async () => {
    const tenantId = await createTenant(t.database);
    const member = await createEnterpriseUser(t.database, { tenantIds: [tenantId] });
    const right = await loginRequest(t.app, 'platform', member.username, member.password);
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toBe(MSG.accountOfOtherSide('企业端'));
    const guess = await loginRequest(t.app, 'platform', member.username, 'Wrong@12345');
    expect(guess.statusCode).toBe(401);
    expect(guess.json().message).toBe(MSG.badCredentials);

    const staff = await createPlatformUser(t.database, { tenantId });
    const other = await loginRequest(t.app, 'enterprise', staff.username, staff.password);
    expect(other.json().message).toBe('该账号为平台端账号，请前往平台端登录');
    const headers = await operatorHeaders();
    expect((await query(headers, { username: member.username })).records.map((r) => r.reason)).toEqual([
      'badCredentials',
      'wrongSide',
    ]);
  });

  it('is the operator’s only; tenant staff get 403', async () => {
    const staff = await createPlatformUser(t.database, { tenantId: await createTenant(t.database) });
    const headers = authHeaders(await login(t.app, 'platform', staff.username, staff.password));
    const response = await t.app.inject({ method: 'GET', url: '/api/sys2/loginLog/query', headers });
    expect(response.statusCode).toBe(403);
    const exported = await t.app.inject({ method: 'POST', url: '/api/sys2/loginLog/export', headers, payload: {} });
    expect(exported.statusCode).toBe(403);
  });

  it('exports the filtered attempts through the export centre', async () => {
    const tenantId = await createTenant(t.database);
    const staff = await createPlatformUser(t.database, { tenantId });
    await loginRequest(t.app, 'platform', staff.username, 'Wrong@12345');
    await login(t.app, 'platform', staff.username, staff.password);
    const operator = await createPlatformUser(t.database, { tenantId: 0 });
    const session = await login(t.app, 'platform', operator.username, operator.password);
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/sys2/loginLog/export',
      headers: authHeaders(session),
      payload: { username: staff.username, startTime: '2020-01-01 00:00:00' },
    });
    expect(submitted.json()).toMatchObject({ success: true, message: MSG.exportSubmitted });
    const record = await finishedExport(submitted.json().result.cacheId);
    expect(record).toMatchObject({ downloadStatus: 1, rowCount: 2, downloadType: 10 });
    const file = await t.app.inject({
      method: 'GET',
      url: '/api/sys/downloadCache/download',
      query: { id: String(record.id) },
      headers: authHeaders(session),
    });
    const rows = await sheetRows(file.rawPayload);
    expect(rows[0]).toEqual(['登录时间', '登录账号', '姓名', '登录端', '结果', '原因', '锁定至', 'IP地址', '浏览器']);
    expect(rows.slice(1).map((row) => [row[1], row[3], row[4], row[5] ?? ''])).toEqual([
      [maskLoginName(staff.username), '平台端', '失败', '用户名或密码错误'],
      [maskLoginName(staff.username), '平台端', '成功', ''],
    ]);
  });
});

describe('审计日志 export', { timeout: 60_000 }, () => {
  it('writes the filtered rows with the screen’s columns; tenant staff get 403', async () => {
    const operator = await createPlatformUser(t.database, { tenantId: 0 });
    const session = await login(t.app, 'platform', operator.username, operator.password);
    const headers = authHeaders(session);
    const name = `导出平台${Date.now() % 1e6}`;
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/sys2/tenant/add',
      headers,
      payload: { name, company: `${name}有限公司`, contracts: '' },
    });
    const tenantId: number = added.json().result.id;
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/sys2/audit/export',
      headers,
      payload: { targetType: 'tenant', targetId: String(tenantId) },
    });
    expect(submitted.statusCode).toBe(200);
    const record = await finishedExport(submitted.json().result.cacheId);
    expect(record).toMatchObject({ downloadStatus: 1, rowCount: 1, downloadType: 9 });
    const file = await t.app.inject({
      method: 'GET',
      url: '/api/sys/downloadCache/download',
      query: { id: String(record.id) },
      headers,
    });
    const rows = await sheetRows(file.rawPayload);
    expect(rows[0]).toEqual(['操作时间', '操作人', '端', '操作', '对象类型', '对象编号', '变更前', '变更后', 'IP地址']);
    expect(rows[1].slice(1, 6)).toEqual(['测试员', '平台端', '新增平台', '平台', String(tenantId)]);
    expect(rows[1][7]).toContain(`name: ${name}`);

    const staff = await createPlatformUser(t.database, { tenantId });
    const staffHeaders = authHeaders(await login(t.app, 'platform', staff.username, staff.password));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/sys2/audit/export',
      headers: staffHeaders,
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('a one-time password', { timeout: 60_000 }, () => {
  it('lets its session only change the password, read the session and sign out until it is changed', async () => {
    const operator = await createPlatformUser(t.database, { tenantId: 0 });
    await t.database.db.update(users).set({ mustChangePassword: 1 }).where(eq(users.id, operator.id));
    const session = await login(t.app, 'platform', operator.username, operator.password);
    expect(session.mustChangePassword).toBe(true);
    const headers = authHeaders(session);
    const refused = await t.app.inject({ method: 'GET', url: '/api/sys2/tenant/admin/list', headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.passwordChangeRequired);
    const config = await t.app.inject({
      method: 'GET',
      url: '/api/sys2/config/queryByKey',
      headers,
      query: { configKey: 'manager_file_size' },
    });
    expect(config.statusCode).toBe(403);
    for (const url of ['/platform/v2/userInfo', '/platform/v2/queryPerm']) {
      expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    }
    const changed = await t.app.inject({
      method: 'POST',
      url: '/platform/v2/changePassword',
      headers,
      payload: { oldPassword: operator.password, newPassword: 'Changed@12345', confirmPassword: 'Changed@12345' },
    });
    expect(changed.json()).toMatchObject({ success: true });
    const after = authHeaders(await login(t.app, 'platform', operator.username, 'Changed@12345'));
    expect((await t.app.inject({ method: 'GET', url: '/api/sys2/tenant/admin/list', headers: after })).statusCode).toBe(
      200,
    );
  });
});
