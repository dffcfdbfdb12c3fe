import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiCode, MB, MSG, UPLOAD_PATHS, type UploadTarget } from '@fieldpay/domain';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, configs, files } from '../../db/schema';
import {
  authHeaders,
  createEnterpriseUser,
  createPlatformUser,
  createTenant,
  login,
  TEST_SERVER_SECRET,
  TEST_SIGN_SECRET,
  useTestApp,
} from '../../../test/app';
import {
  apkOf,
  docxOf,
  exeOf,
  type FormPart,
  jpegOf,
  multipart,
  pdfOf,
  pngOf,
  xlsxOf,
  zipOf,
} from '../../../test/file-fixtures';
import { serverKey } from '../server-keys';
import { MAX_FILE_LINK_TTL_MS } from './links';
import { imageDimensions, STAMP_METADATA_KEYWORD, stampHash } from './watermark';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-files-test-'));
const t = useTestApp({ dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

type Headers = Record<string, string>;
const sessions = {} as {
  tenantStaff: Headers;
  otherTenantStaff: Headers;
  operator: Headers;
  enterprise: Headers;
  otherEnterprise: Headers;
  enterpriseElsewhere: Headers;
};

beforeAll(async () => {
  const [tenantA, tenantB] = [await createTenant(t.database), await createTenant(t.database)];
  const headersOf = async (side: 'platform' | 'enterprise', user: { username: string; password: string }) =>
    authHeaders(await login(t.app, side, user.username, user.password));
  sessions.tenantStaff = await headersOf('platform', await createPlatformUser(t.database, { tenantId: tenantA }));
  sessions.otherTenantStaff = await headersOf('platform', await createPlatformUser(t.database, { tenantId: tenantB }));
  sessions.operator = await headersOf('platform', await createPlatformUser(t.database, { tenantId: 0 }));
  sessions.enterprise = await headersOf('enterprise', await createEnterpriseUser(t.database, { tenantIds: [tenantA] }));
  sessions.otherEnterprise = await headersOf(
    'enterprise',
    await createEnterpriseUser(t.database, { tenantIds: [tenantA] }),
  );
  sessions.enterpriseElsewhere = await headersOf(
    'enterprise',
    await createEnterpriseUser(t.database, { tenantIds: [tenantB] }),
  );
});

const fileParts = (fileName: string, content: Buffer, fields: Record<string, string> = {}): FormPart[] => [
  ...Object.entries(fields).map(([name, value]) => ({ name, value })),
  { name: 'file', fileName, content },
];

function upload(headers: Headers, parts: FormPart[], target: UploadTarget = 'upload') {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: UPLOAD_PATHS[target],
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

function storedFiles(): string[] {
  const root = path.join(dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((entry) => {
    return fs.statSync(path.join(root, entry)).isFile();
  });
}

const scratchLeft = () => {
  const scratch = path.join(dataDir, 'tmp', 'uploads');
  return fs.existsSync(scratch) ? fs.readdirSync(scratch) : [];
};

const fileRowCount = async () => (await t.database.db.select({ n: count() }).from(files))[0].n;

/** Uploads and expects a refusal with exactly this message, with nothing stored anywhere. */
async function expectRefused(
  message: string,
  headers: Headers,
  parts: FormPart[],
  target: UploadTarget = 'upload',
  status = 400,
) {
  const [rowsBefore, filesBefore] = [await fileRowCount(), storedFiles().length];
  const response = await upload(headers, parts, target);
  expect(response.json(), message).toMatchObject({ success: false, message });
  expect(response.statusCode).toBe(status);
  expect(await fileRowCount()).toBe(rowsBefore);
  expect(storedFiles()).toHaveLength(filesBefore);
  expect(scratchLeft()).toEqual([]);
}

describe('the common upload', () => {
  it('stores a file and answers result.name and result.address with a working signed link', async () => {
    const content = pdfOf();
    const response = await upload(sessions.enterprise, fileParts('结算确认单（2025年11月）.pdf', content));
    expect(response.statusCode).toBe(200);
    const result = response.json().result;
    expect(result).toMatchObject({
      name: '结算确认单（2025年11月）.pdf',
      fileName: '结算确认单（2025年11月）.pdf',
      fileType: 'pdf',
      fileSize: content.length,
      delFlag: 0,
    });
    expect(result.address).toMatch(/^\/api\/resource\/file\/\d+\/[A-Za-z0-9_-]{22}$/);
    expect(result.fileAddress).toBe(result.address);

    // the signed link opens the file without any session
    const viaLink = await t.app.inject({ method: 'GET', url: result.url });
    expect(viaLink.statusCode).toBe(200);
    expect(viaLink.rawPayload.equals(content)).toBe(true);
    expect(viaLink.headers['content-type']).toBe('application/pdf');
    expect(viaLink.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('结算确认单（2025年11月）.pdf')}`,
    );
    // the plain address needs a session that may read it
    expect((await t.app.inject({ method: 'GET', url: result.address })).statusCode).toBe(401);
    const viaSession = await t.app.inject({ method: 'GET', url: result.address, headers: sessions.enterprise });
    expect(viaSession.rawPayload.equals(content)).toBe(true);

    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'file.upload'), eq(auditLogs.targetId, String(result.id))));
    expect(audit.after).toMatchObject({ fileName: result.name, fileSize: content.length });
  });

  it('keeps archives as they came: stored, never unpacked', async () => {
    const archive = zipOf({ '../../outside.txt': 'x', 'a/b/c.txt': 'y' });
    const before = storedFiles().length;
    const response = await upload(sessions.tenantStaff, fileParts('资料.zip', archive));
    expect(response.statusCode).toBe(200);
    expect(storedFiles()).toHaveLength(before + 1);
    expect(storedFiles().some((name) => name.includes('outside') || name.endsWith('c.txt'))).toBe(false);
    const back = await t.app.inject({ method: 'GET', url: response.json().result.url });
    expect(back.rawPayload.equals(archive)).toBe(true);
    // archives always download, whatever the link asks
    expect(back.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('accepts each format of each scene by its content', async () => {
    const accepted: Array<[string, Buffer, Record<string, string>?]> = [
      ['合同.docx', docxOf()],
      ['名单.xlsx', xlsxOf()],
      ['照片.png', pngOf(20, 10), { scene: 'image' }],
      ['照片.jpeg', await jpegOf(20, 10), { scene: 'image' }],
      ['发票.xml', Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Invoice/>'), { scene: 'invoice' }],
      ['发票.ofd', zipOf({ 'OFD.xml': '<ofd:OFD/>' }), { scene: 'invoice' }],
      ['报告.pdf', pdfOf(), { scene: 'settleReport' }],
      ['协议.docx', docxOf(), { scene: 'agreement' }],
    ];
    for (const [name, content, fields] of accepted) {
      const response = await upload(sessions.tenantStaff, fileParts(name, content, fields));
      expect(response.statusCode, name).toBe(200);
    }
  });
});

describe('bad input is refused with its message and nothing is stored', () => {
  it('wrong magic bytes behind a right extension', async () => {
    await expectRefused(MSG.uploadWrongType, sessions.enterprise, fileParts('发票.pdf', exeOf()));
    await expectRefused(MSG.uploadWrongType, sessions.enterprise, fileParts('合同.docx', xlsxOf()));
    await expectRefused(MSG.uploadWrongType, sessions.enterprise, fileParts('表格.xls', pdfOf()));
    await expectRefused(MSG.imageWrongType, sessions.enterprise, fileParts('头像.png', exeOf(), { scene: 'image' }));
    await expectRefused(
      MSG.documentWrongType,
      sessions.enterprise,
      fileParts('清单.doc', exeOf(), { scene: 'taxList' }),
    );
  });

  it('a type the page does not take', async () => {
    await expectRefused(MSG.uploadWrongType, sessions.enterprise, fileParts('程序.exe', exeOf()));
    await expectRefused(
      MSG.uploadWrongType,
      sessions.enterprise,
      fileParts('合同.docx', docxOf(), { scene: 'settleReport' }),
    );
    await expectRefused(MSG.imageWrongType, sessions.enterprise, fileParts('头像.gif', exeOf(), { scene: 'image' }));
    await expectRefused(
      MSG.documentWrongType,
      sessions.enterprise,
      fileParts('表.xlsx', xlsxOf(), { scene: 'document' }),
    );
  });

  it('zero bytes', async () => {
    await expectRefused(MSG.uploadEmptyFile, sessions.enterprise, fileParts('空文件.pdf', Buffer.alloc(0)));
  });

  it('a name over 64 characters; 64 is fine', async () => {
    const name65 = `${'长'.repeat(61)}.pdf`;
    expect(Array.from(name65)).toHaveLength(65);
    await expectRefused(MSG.uploadNameTooLong(64), sessions.enterprise, fileParts(name65, pdfOf()));
    const ok = await upload(sessions.enterprise, fileParts(`${'长'.repeat(60)}.pdf`, pdfOf()));
    expect(ok.statusCode).toBe(200);
  });

  it('names with folder parts', async () => {
    for (const name of ['../../etc/passwd.pdf', '..\\..\\boot.pdf', 'a/b.pdf', 'x..pdf']) {
      await expectRefused(MSG.uploadNameInvalid, sessions.enterprise, fileParts(name, pdfOf()));
    }
  });

  it('a file over the configured manager_file_size, read from the configs table', async () => {
    const big = Buffer.concat([pdfOf(), Buffer.alloc(10 * MB)]);
    await expectRefused(MSG.uploadTooLarge(10), sessions.enterprise, fileParts('大文件.pdf', big));
    await t.database.db.update(configs).set({ content: '12' }).where(eq(configs.configKey, 'manager_file_size'));
    try {
      expect((await upload(sessions.enterprise, fileParts('大文件.pdf', big))).statusCode).toBe(200);
      const bigger = Buffer.concat([big, Buffer.alloc(3 * MB)]);
      await expectRefused(MSG.uploadTooLarge(12), sessions.enterprise, fileParts('更大.pdf', bigger));
    } finally {
      await t.database.db.update(configs).set({ content: '10' }).where(eq(configs.configKey, 'manager_file_size'));
    }
  });

  it("a file over the widget's own limit, which may only be smaller", async () => {
    const twoMb = Buffer.concat([pdfOf(), Buffer.alloc(2 * MB)]);
    await expectRefused(
      MSG.uploadTooLarge(1),
      sessions.enterprise,
      fileParts('a.pdf', twoMb, { maxBytes: String(MB) }),
    );
    const fourMbImage = Buffer.concat([pngOf(4, 4), Buffer.alloc(4 * MB)]);
    await expectRefused(
      MSG.imageTooLarge('3M'),
      sessions.enterprise,
      fileParts('b.png', fourMbImage, { scene: 'image' }),
    );
    await expectRefused(
      MSG.imageTooLarge('3M'),
      sessions.enterprise,
      fileParts('b.png', fourMbImage, { scene: 'image', maxBytes: String(100 * MB) }),
    );
    const sixMbDoc = Buffer.concat([pdfOf(), Buffer.alloc(6 * MB)]);
    await expectRefused(
      MSG.documentTooLarge('5M'),
      sessions.enterprise,
      fileParts('c.pdf', sixMbDoc, { scene: 'document' }),
    );
  });

  it('an oversize body sent before the scene is known is cut at the hard cap and still refused', async () => {
    const huge = Buffer.concat([pdfOf(), Buffer.alloc(12 * MB)]);
    await expectRefused(MSG.uploadTooLarge(10), sessions.enterprise, [
      { name: 'file', fileName: '巨大.pdf', content: huge },
      { name: 'scene', value: 'default' },
    ]);
  });

  it('many files at once', async () => {
    const two: FormPart[] = [
      { name: 'file', fileName: 'a.pdf', content: pdfOf() },
      { name: 'file', fileName: 'b.pdf', content: pdfOf() },
    ];
    await expectRefused(MSG.uploadCountLimit(1), sessions.enterprise, two);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: 'file', fileName: `${i}.png`, content: pngOf(8, 8) }));
    await expectRefused(MSG.uploadCountLimit(10), sessions.enterprise, eleven, 'uploadWithWatermark');
  });

  it('more files than a record may hold', async () => {
    const fields = { uploadPath: 'settlement/attach', id: 'S20251121001', maxCount: '2' };
    for (const name of ['一.pdf', '二.pdf']) {
      expect((await upload(sessions.enterprise, fileParts(name, pdfOf(), fields))).statusCode).toBe(200);
    }
    await expectRefused(MSG.uploadCountLimit(2), sessions.enterprise, fileParts('三.pdf', pdfOf(), fields));
  });

  it('unauthenticated, a foreign tenant header, or no file at all', async () => {
    await expectRefused(MSG.tokenMissing, {}, fileParts('a.pdf', pdfOf()), 'upload', 401);
    await expectRefused(MSG.tokenInvalid, { 'x-access-token': 'forged' }, fileParts('a.pdf', pdfOf()), 'upload', 401);
    await expectRefused(
      MSG.tenantNotYours,
      { ...sessions.enterprise, 'x-tenant-id': '999999' },
      fileParts('a.pdf', pdfOf()),
      'upload',
      403,
    );
    await expectRefused(MSG.uploadFileMissing, sessions.enterprise, [{ name: 'scene', value: 'default' }]);
    const json = await t.app.inject({
      method: 'POST',
      url: UPLOAD_PATHS.upload,
      headers: sessions.enterprise,
      payload: { file: 'a.pdf' },
    });
    expect(json.json()).toMatchObject({ success: false, message: MSG.uploadFileMissing });
  });

  it('form fields with folder tricks or unknown scenes, named in Chinese', async () => {
    await expectRefused(
      `上传目录：${MSG.uploadPathInvalid}`,
      sessions.enterprise,
      fileParts('a.pdf', pdfOf(), { uploadPath: '../etc' }),
    );
    const scene = await upload(sessions.enterprise, fileParts('a.pdf', pdfOf(), { scene: 'exe' }));
    expect(scene.statusCode).toBe(400);
    expect(scene.json().message).toMatch(/^上传场景：/);
  });
});

describe('reading files', () => {
  let address = '';
  let url = '';

  beforeAll(async () => {
    const response = await upload(sessions.enterprise, fileParts('营业执照.png', pngOf(30, 20), { scene: 'image' }));
    ({ address, url } = response.json().result);
  });

  it('only sessions allowed to see a file get it or a link to it', async () => {
    const read = (headers: Headers) => t.app.inject({ method: 'GET', url: address, headers });
    const link = (headers: Headers) =>
      t.app.inject({ method: 'GET', url: `/api/resource/file/link?address=${encodeURIComponent(address)}`, headers });
    for (const allowed of [sessions.enterprise, sessions.tenantStaff, sessions.operator]) {
      expect((await read(allowed)).statusCode).toBe(200);
      expect((await link(allowed)).json().result.url).toContain('sign=');
    }
    for (const refused of [sessions.otherEnterprise, sessions.otherTenantStaff, sessions.enterpriseElsewhere]) {
      expect((await read(refused)).json()).toMatchObject({ success: false, message: MSG.fileMissing });
      expect((await link(refused)).statusCode).toBe(404);
    }
    expect((await read(sessions.enterprise)).headers['content-type']).toBe('image/png');
  });

  it('a forged or expired link is refused', async () => {
    const forged = url.replace(/sign=[0-9a-f]{4}/, 'sign=0000');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    const longer = url.replace(/expires=(\d+)/, (_, ms) => `expires=${Number(ms) + 1}`);
    expect((await t.app.inject({ method: 'GET', url: longer })).statusCode).toBe(403);
    const expired = t.services.files.linkFor((await t.services.files.findByAddress(address))!, { ttlMs: -1000 });
    const response = await t.app.inject({ method: 'GET', url: expired.url });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MSG.fileLinkExpired);
  });

  it('a link lives at most the longest link lifetime, whatever expiry it carries', async () => {
    const [, tenantId, fileKey] = /\/(\d+)\/([A-Za-z0-9_-]+)$/.exec(address) as RegExpExecArray;
    // signed with the right key, as a client holding it (a development secret, a leak) would
    const linkUntil = (expires: number) => {
      const sign = crypto
        .createHmac('sha256', serverKey(TEST_SERVER_SECRET, 'file-link'))
        .update(`${tenantId}/${fileKey}:${expires}:inline`)
        .digest('hex');
      return `${address}?expires=${expires}&disposition=inline&sign=${sign}`;
    };
    const open = (url: string) => t.app.inject({ method: 'GET', url });
    expect((await open(linkUntil(Date.UTC(2099, 0, 1)))).statusCode).toBe(403);
    expect((await open(linkUntil(Date.now() + MAX_FILE_LINK_TTL_MS + 60_000))).statusCode).toBe(403);
    expect((await open(linkUntil(Date.now() + MAX_FILE_LINK_TTL_MS - 60_000))).statusCode).toBe(200);
    // and the service never signs a longer one
    const row = (await t.services.files.findByAddress(address))!;
    expect(() => t.services.files.linkFor(row, { ttlMs: MAX_FILE_LINK_TTL_MS + 1 })).toThrow(/at most/);
  });

  it('opens only links signed with the server key for file links, never with SIGN_SECRET', async () => {
    const [, tenantId, fileKey] = /\/(\d+)\/([A-Za-z0-9_-]+)$/.exec(address) as RegExpExecArray;
    const expires = Date.now() + 60_000;
    const linkSignedWith = (key: crypto.BinaryLike) => {
      const sign = crypto.createHmac('sha256', key).update(`${tenantId}/${fileKey}:${expires}:inline`).digest('hex');
      return `${address}?expires=${expires}&disposition=inline&sign=${sign}`;
    };
    const open = (url: string) => t.app.inject({ method: 'GET', url });
    // SIGN_SECRET is in every served index.html; the bare server secret and another purpose's key are not the link key
    for (const key of [TEST_SIGN_SECRET, TEST_SERVER_SECRET, serverKey(TEST_SERVER_SECRET, 'watermark')]) {
      expect((await open(linkSignedWith(key))).statusCode).toBe(403);
    }
    expect((await open(linkSignedWith(serverKey(TEST_SERVER_SECRET, 'file-link')))).statusCode).toBe(200);
  });

  it('addresses that are not file addresses are refused', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/resource/file/link?address=${encodeURIComponent('/etc/passwd')}`,
      headers: sessions.operator,
    });
    expect(response.json()).toMatchObject({ success: false, message: MSG.fileMissing });
    const traversal = await t.app.inject({ method: 'GET', url: '/api/resource/file/1/..%2F..%2Fetc%2Fpasswd' });
    expect(traversal.statusCode).toBe(400);
  });
});

describe('attachments of a record: list and delete', () => {
  it('lists what the session may see, deletes with 删除成功 (delFlag 1) and writes the audit log', async () => {
    const fields = { uploadPath: 'invoice', id: 'INV-7' };
    const first = (await upload(sessions.enterprise, fileParts('发票.pdf', pdfOf(), fields))).json().result;
    await upload(sessions.enterprise, fileParts('快递单.png', pngOf(5, 5), { ...fields, scene: 'invoice' }));
    const list = (headers: Headers) =>
      t.app.inject({ method: 'GET', url: '/api/resource/file/list?uploadPath=invoice&id=INV-7', headers });
    expect((await list(sessions.enterprise)).json().result.map((f: { name: string }) => f.name)).toEqual([
      '发票.pdf',
      '快递单.png',
    ]);
    expect((await list(sessions.otherEnterprise)).json().result).toEqual([]);

    const remove = (headers: Headers) =>
      t.app.inject({ method: 'POST', url: '/api/resource/file/delete', headers, payload: { address: first.address } });
    expect((await remove(sessions.otherEnterprise)).statusCode).toBe(404);
    const removed = await remove(sessions.enterprise);
    expect(removed.json()).toMatchObject({ success: true, message: MSG.deleteSuccess });
    expect((await list(sessions.enterprise)).json().result).toHaveLength(1);
    const [row] = await t.database.db.select().from(files).where(eq(files.id, first.id));
    expect(row.delFlag).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(404);
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'file.delete'), eq(auditLogs.targetId, String(first.id))));
    expect(audit.after).toEqual({ delFlag: 1 });
    expect((await remove(sessions.enterprise)).statusCode).toBe(404);
  });
});

describe('the watermark variant', () => {
  it('stamps every image, answers an array with fileUrl and keeps the stamp in the file and the record', async () => {
    const jpeg = await jpegOf(640, 480);
    const png = pngOf(300, 200);
    const response = await upload(
      sessions.tenantStaff,
      [
        { name: 'file', fileName: '现场照片.jpg', content: jpeg },
        { name: 'file', fileName: '签到.png', content: png },
      ],
      'uploadWithWatermark',
    );
    expect(response.statusCode).toBe(200);
    const results = response.json().result as Array<{
      fileUrl: string;
      address: string;
      url: string;
      stampHash: string;
    }>;
    expect(results).toHaveLength(2);
    for (const [index, original] of [jpeg, png].entries()) {
      const result = results[index];
      expect(result.fileUrl).toBe(result.address);
      expect(result.stampHash).toMatch(/^[0-9a-f]{64}$/);
      const stamped = (await t.app.inject({ method: 'GET', url: result.url })).rawPayload;
      expect(stamped.equals(original)).toBe(false);
      expect(imageDimensions(stamped)).toEqual(imageDimensions(original));
      const text = stamped.toString('latin1');
      expect(text).toContain(result.stampHash);
      if (index === 1) expect(text).toContain(`tEXt${STAMP_METADATA_KEYWORD}`);
      const row = await t.services.files.findByAddress(result.address);
      expect(row?.watermark?.hash).toBe(result.stampHash);
    }
  });

  it('signs the tamper code with the server key for watermarks, not with SIGN_SECRET', async () => {
    const response = await upload(sessions.tenantStaff, fileParts('现场.png', pngOf(40, 30)), 'uploadWithWatermark');
    const [result] = response.json().result as Array<{ address: string; stampHash: string }>;
    const row = (await t.services.files.findByAddress(result.address))!;
    const stamp = row.watermark!;
    const facts = {
      originalSha256: stamp.originalSha256,
      tenantId: row.tenantId,
      uploaderId: row.ownerUserId,
      stampedAt: new Date(stamp.stampedAt),
    };
    expect(stampHash(serverKey(TEST_SERVER_SECRET, 'watermark'), facts)).toBe(result.stampHash);
    for (const key of [TEST_SIGN_SECRET, TEST_SERVER_SECRET, serverKey(TEST_SERVER_SECRET, 'file-link')]) {
      expect(stampHash(Buffer.from(key), facts)).not.toBe(result.stampHash);
    }
  });

  it('takes images only', async () => {
    await expectRefused(MSG.imageWrongType, sessions.tenantStaff, fileParts('a.pdf', pdfOf()), 'uploadWithWatermark');
    const broken = Buffer.concat([pngOf(4, 4).subarray(0, 33), Buffer.alloc(40)]);
    await expectRefused(
      MSG.imageUnreadable,
      sessions.tenantStaff,
      fileParts('坏图.png', broken),
      'uploadWithWatermark',
    );
  });
});

describe('uploadOut: files for readers outside the console', () => {
  it('is for the platform operator only; its files are readable by any session', async () => {
    await expectRefused(MSG.wrongSide, sessions.enterprise, fileParts('a.apk', apkOf()), 'uploadOut', 403);
    // a tenant's staff could otherwise publish a file every tenant's sessions can read
    const byStaff = await upload(
      sessions.tenantStaff,
      fileParts('推广图.png', pngOf(6, 6), { scene: 'image' }),
      'uploadOut',
    );
    expect(byStaff.statusCode).toBe(403);
    const response = await upload(
      sessions.operator,
      fileParts('推广图.png', pngOf(6, 6), { scene: 'image' }),
      'uploadOut',
    );
    expect(response.statusCode).toBe(200);
    const { address } = response.json().result;
    const read = await t.app.inject({ method: 'GET', url: address, headers: sessions.enterpriseElsewhere });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    // readable by all, deletable only by its uploader or an administrator
    const remove = await t.app.inject({
      method: 'POST',
      url: '/api/resource/file/delete',
      headers: sessions.enterpriseElsewhere,
      payload: { address },
    });
    expect(remove.json()).toMatchObject({ success: false, code: ApiCode.forbidden });
  });
});
