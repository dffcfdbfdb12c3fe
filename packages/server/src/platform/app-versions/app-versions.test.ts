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
