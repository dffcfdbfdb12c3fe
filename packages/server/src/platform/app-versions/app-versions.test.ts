import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG, UPLOAD_PATHS } from '@fieldpay/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, configs } from '../../db/schema';
import { applyReferenceData } from '../../seed/reference';
import { authHeaders, createPlatformUser, createTenant, login, useTestApp } from '../../../test/app';
import { apkOf, multipart, pdfOf, zipOf } from '../../../test/file-fixtures';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-app-versions-test-'));
const t = useTestApp({ dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

type Headers = Record<string, string>;
let operator: Headers;
let tenantStaff: Headers;

beforeAll(async () => {
  const operatorUser = await createPlatformUser(t.database, { tenantId: 0 });
  operator = authHeaders(await login(t.app, 'platform', operatorUser.username, operatorUser.password));
  const staffUser = await createPlatformUser(t.database, { tenantId: await createTenant(t.database) });
  tenantStaff = authHeaders(await login(t.app, 'platform', staffUser.username, staffUser.password));
});

async function uploadOut(headers: Headers, fileName: string, content: Buffer, scene = 'appPackage') {
  const body = multipart([
    { name: 'scene', value: scene },
    { name: 'file', fileName, content },
  ]);
  return t.app.inject({
    method: 'POST',
    url: UPLOAD_PATHS.uploadOut,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

const save = (headers: Headers, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/sys2/app/version/save', headers, payload });

describe('app packages', () => {
  it('are told by their content: a zip without AndroidManifest.xml is no apk', async () => {
    const plainZip = await uploadOut(operator, '灵活用工.apk', zipOf({ 'readme.txt': 'hello' }));
    expect(plainZip.json()).toMatchObject({ success: false, message: MSG.appPackageWrongType });
    const renamed = await uploadOut(operator, '灵活用工.apk', pdfOf());
    expect(renamed.json()).toMatchObject({ success: false, message: MSG.appPackageWrongType });
    const wrongExtension = await uploadOut(operator, '灵活用工.zip', apkOf());
    expect(wrongExtension.json()).toMatchObject({ success: false, message: MSG.appPackageWrongType });
  });

  it('may be far larger than an attachment', async () => {
    const response = await uploadOut(operator, '灵活用工-大包.apk', apkOf(12 * 1024 * 1024));
    expect(response.statusCode).toBe(200);
  });
});

describe('publishing versions', () => {
  let packageAddress = '';
  const apk = apkOf(2048);

  beforeAll(async () => {
    packageAddress = (await uploadOut(operator, '灵活用工-2.3.0.apk', apk)).json().result.address;
  });

  it('publishes, lists, and offers the newest to anyone with a download link that needs no session', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/api/sys2/app/version/latest' });
    expect(empty.json()).toMatchObject({ success: true, result: null });

    const published = await save(operator, {
      versionName: '2.3.0',
      androidAddress: packageAddress,
      iosUrl: 'https://apps.apple.com/cn/app/id1234567890',
      releaseNotes: '新增任务签到拍照水印；优化结算明细加载速度',
    });
    expect(published.json()).toMatchObject({
      success: true,
      message: MSG.appVersionPublished,
      result: { versionName: '2.3.0', android: { name: '灵活用工-2.3.0.apk', address: packageAddress } },
    });

    const list = await t.app.inject({ method: 'GET', url: '/api/sys2/app/version/list', headers: operator });
    expect(list.json().result.total).toBe(1);
    expect(list.json().result.records[0]).toMatchObject({ versionName: '2.3.0', publisher: '测试员' });

    const latest = (await t.app.inject({ method: 'GET', url: '/api/sys2/app/version/latest' })).json().result;
    expect(latest).toMatchObject({ versionName: '2.3.0', iosUrl: 'https://apps.apple.com/cn/app/id1234567890' });
    // the public page does not name the operator's staff member who published it
    expect(latest).not.toHaveProperty('publisher');
    const download = await t.app.inject({ method: 'GET', url: latest.androidUrl });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(apk)).toBe(true);
    expect(download.headers['content-type']).toBe('application/vnd.android.package-archive');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);

    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'appVersion.publish'), eq(auditLogs.targetType, 'appVersion')));
    expect(audit.after).toMatchObject({ versionName: '2.3.0' });
  });

  it('refuses a version that is not above the newest, or already exists', async () => {
    for (const versionName of ['2.2.9', '2.3.0', '2.3']) {
      const response = await save(operator, {
        versionName,
        iosUrl: 'https://apps.apple.com/cn/app/id1',
        releaseNotes: '修复',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(MSG.appVersionNotNewer('2.3.0'));
    }
    const newer = await save(operator, {
      versionName: '2.10.0',
      iosUrl: 'https://apps.apple.com/cn/app/id1',
      releaseNotes: '仅iOS',
    });
    expect(newer.json()).toMatchObject({ success: true, result: { android: null } });
  });

  it('names each missing or wrong field in Chinese', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { versionName: '', releaseNotes: '说明', iosUrl: 'https://apps.apple.com/a' },
        `版本号：${MSG.appVersionRequired}`,
      ],
      [
        { versionName: 'v3', releaseNotes: '说明', iosUrl: 'https://apps.apple.com/a' },
        `版本号：${MSG.appVersionInvalid}`,
      ],
      [{ versionName: '3.0.0', releaseNotes: '说明' }, `安卓安装包：${MSG.appPackageOrIosRequired}`],
      [
        { versionName: '3.0.0', releaseNotes: '说明', iosUrl: 'http://evil.cn/app' },
        `iOS下载地址：${MSG.iosUrlInvalid}`,
      ],
      [
        { versionName: '3.0.0', releaseNotes: ' ', iosUrl: 'https://apps.apple.com/a' },
        `更新说明：${MSG.releaseNotesRequired}`,
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await save(operator, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('takes only a public apk as the Android package', async () => {
    const body = multipart([{ name: 'file', fileName: '说明.pdf', content: pdfOf() }]);
    const pdf = await t.app.inject({
      method: 'POST',
      url: UPLOAD_PATHS.upload,
      headers: { ...operator, ...body.headers },
      payload: body.payload,
    });
    const notApk = await save(operator, {
      versionName: '9.0.0',
      androidAddress: pdf.json().result.address,
      releaseNotes: '说明',
    });
    expect(notApk.json()).toMatchObject({ success: false, message: MSG.appPackageWrongType });
    const missing = await save(operator, {
      versionName: '9.0.0',
      androidAddress: '/api/resource/file/0/AAAAAAAAAAAAAAAAAAAAAA',
      releaseNotes: '说明',
    });
    expect(missing.json()).toMatchObject({ success: false, message: MSG.fileMissing });
  });

  it('is for the platform administrators only', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/sys2/app/version/list', headers: tenantStaff })).statusCode,
    ).toBe(403);
    const refused = await save(tenantStaff, {
      versionName: '99.0',
      iosUrl: 'https://apps.apple.com/a',
      releaseNotes: '说明',
    });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/sys2/app/version/list' })).statusCode).toBe(401);
  });
});

describe('the APP download QR address', () => {
  const query = (headers: Headers) =>
    t.app.inject({ method: 'GET', url: '/api/sys2/config/queryByKey?configKey=qrcode.address', headers });

  it("is the console's own landing page while the configuration is empty, else the configured value", async () => {
    const derived = await query({ ...tenantStaff, host: 'console.example.cn:8080' });
    expect(derived.json().result.content).toBe('http://console.example.cn:8080/#/appUpload');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/sys2/config/save',
      headers: operator,
      payload: { configKey: 'qrcode.address', content: 'https://download.example.cn/app' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await query(tenantStaff)).json().result.content).toBe('https://download.example.cn/app');
  });

  it('replaces the former placeholder default at start, and leaves an operator-chosen value alone', async () => {
    const setAddress = (content: string) =>
      t.database.db.update(configs).set({ content }).where(eq(configs.configKey, 'qrcode.address'));
    const current = async () =>
      (await t.database.db.select().from(configs).where(eq(configs.configKey, 'qrcode.address')))[0].content;
    await setAddress('https://app.fieldpay.cn/download');
    await applyReferenceData(t.database.db, t.modules);
    expect(await current()).toBe('');
    await setAddress('https://download.example.cn/app');
    await applyReferenceData(t.database.db, t.modules);
    expect(await current()).toBe('https://download.example.cn/app');
  });
});

describe('editing and withdrawing a published version', () => {
  const post = (headers: Headers, url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/sys2/app/version/${url}`, headers, payload });
  const latest = async () => (await t.app.inject({ method: 'GET', url: '/api/sys2/app/version/latest' })).json().result;

  it('edits the notes and the App Store link, keeps the number, audits; a withdrawn version leaves the download page', async () => {
    const ios = 'https://apps.apple.com/cn/app/id1234567890';
    const first = await save(operator, { versionName: '9.1.0', iosUrl: ios, releaseNotes: '第一版' });
    const second = await save(operator, { versionName: '9.2.0', iosUrl: ios, releaseNotes: '第二版' });
    const id: number = second.json().result.id;

    const edited = await post(operator, 'edit', { id, iosUrl: ios, releaseNotes: '第二版：修复签到定位' });
    expect(edited.json()).toMatchObject({
      success: true,
      message: '保存成功',
      result: { id, versionName: '9.2.0', releaseNotes: '第二版：修复签到定位', withdrawnAt: null },
    });
    expect(await latest()).toMatchObject({ versionName: '9.2.0', releaseNotes: '第二版：修复签到定位' });
    const refused = await post(operator, 'edit', { id, releaseNotes: '没有安装包也没有地址' });
    expect(refused.json()).toMatchObject({
      success: false,
      message: expect.stringContaining(MSG.appPackageOrIosRequired),
    });

    const withdrawn = await post(operator, 'withdraw', { id });
    expect(withdrawn.json()).toMatchObject({ success: true, message: '已撤回' });
    expect(await latest()).toMatchObject({ versionName: '9.1.0' });
    expect((await post(operator, 'withdraw', { id })).json()).toMatchObject({ message: MSG.appVersionIsWithdrawn });
    expect((await post(operator, 'edit', { id, iosUrl: ios, releaseNotes: '再改' })).json()).toMatchObject({
      message: MSG.appVersionIsWithdrawn,
    });
    // a number is never reused: the next release is above the withdrawn one
    expect((await save(operator, { versionName: '9.2.0', iosUrl: ios, releaseNotes: '重发' })).json()).toMatchObject({
      success: false,
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/sys2/app/version/list', headers: operator });
    const row = list.json().result.records.find((r: { id: number }) => r.id === id);
    expect(typeof row.withdrawnAt).toBe('number');

    const audit = await t.database.db
      .select({ action: auditLogs.action, before: auditLogs.before, after: auditLogs.after })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'appVersion'), eq(auditLogs.targetId, String(id))))
      .orderBy(auditLogs.id);
    expect(audit.map((a) => a.action)).toEqual(['appVersion.publish', 'appVersion.edit', 'appVersion.withdraw']);
    expect(audit[1]).toMatchObject({
      before: { releaseNotes: '第二版' },
      after: { releaseNotes: '第二版：修复签到定位' },
    });
    expect(first.statusCode).toBe(200);
  });

  it('answers 版本不存在 for an unknown version, and 403 to tenant staff', async () => {
    expect((await post(operator, 'withdraw', { id: 999999 })).json()).toMatchObject({ message: MSG.appVersionMissing });
    expect((await post(tenantStaff, 'withdraw', { id: 1 })).statusCode).toBe(403);
    expect((await post(tenantStaff, 'edit', { id: 1, releaseNotes: 'x', iosUrl: '' })).statusCode).toBe(403);
  });
});
