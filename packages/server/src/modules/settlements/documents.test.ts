import crypto from 'node:crypto';
import { MSG, SETTLEMENT_DOCUMENT_MSG, STATEMENT_CONFIRMATION_TEXT } from '@fieldpay/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPlatformUser, login, useTestApp } from '../../../test/app';
import { pdfOf, pdfText, pngOf, uploadFile } from '../../../test/file-fixtures';
import {
  addWorker,
  createSettlement,
  createSettlementWorld,
  paidOutSettlement,
  get,
  post,
  type SettlementWorld,
} from '../../../test/settlements';
import { generatePendingStatements, generateStatement } from './documents';

const t = useTestApp();
let world: SettlementWorld;
let foreign: SettlementWorld;
/** approved, paid and paid out (two persons) */
let paidId: number;
let paidSn: string;
let paidWorker: { name: string };
/** waiting for the audit */
let pendingId: number;

const voucherStatusOf = async (id: number) =>
  Number((await t.database.executeSql('select voucher_status as v from settlements where id = $1', [id])).rows[0]?.v);

const detail = async (who: SettlementWorld['enterprise'], settlementId: number) =>
  (await get(t.app, who, '/api/sys/order/getSettlementDetail', { settlementId })).json().result;

const upload = (who: SettlementWorld['enterprise'], settlementId: number, fileName: string, content: Buffer) =>
  uploadFile(t, who, { scene: 'default', uploadPath: 'settlement', id: settlementId }, fileName, content);

async function attach(who: SettlementWorld['enterprise'], settlementId: number, fileName = '补充材料.pdf') {
  const uploaded = await upload(who, settlementId, fileName, pdfOf('补充材料'));
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  return post(t.app, who, '/api/sys/order/attachment/save', {
    settId: settlementId,
    address: uploaded.json().result.address,
  });
}

beforeAll(async () => {
  world = await createSettlementWorld(t);
  foreign = await createSettlementWorld(t);
  paidWorker = await addWorker(t, world, { count: 2, priceFen: 30_000 });
  await addWorker(t, world, { count: 1, priceFen: 12_345 });
  ({ id: paidId, settlementSn: paidSn } = await paidOutSettlement(t, world, '2000.00'));
  await addWorker(t, world, { priceFen: 5_000 });
  pendingId = (await createSettlement(t, world)).json().result.id;
  await addWorker(t, foreign, { priceFen: 5_000 });
});

describe('the reconciliation statement', () => {
  it('refuses a settlement the enterprise has not paid, changing nothing', async () => {
    const refused = await post(t.app, world.enterprise, '/api/sys/order/pdf/create', { id: pendingId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('结算单当前状态为待审核，不能生成对账单');
    expect(await voucherStatusOf(pendingId)).toBe(0);
    const missing = await get(t.app, world.enterprise, '/api/sys/order/pdf/download', { id: pendingId });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MSG.invalidFile);
  });

  it('is refused to another tenant, another enterprise, the platform side and a user without the permission', async () => {
    const byForeign = await post(t.app, foreign.enterprise, '/api/sys/order/pdf/create', { id: paidId });
    expect(byForeign.statusCode).toBe(404);
    expect(byForeign.json().message).toBe('结算单不存在');
    const byPlatform = await post(t.app, world.staff, '/api/sys/order/pdf/create', { id: paidId });
    expect(byPlatform.statusCode).toBe(403);
    const bare = await createPlatformUser(t.database, { tenantId: world.tenantId, roleCode: null });
    const session = await login(t.app, 'platform', bare.username, bare.password);
    expect((await post(t.app, session, '/api/sys/order/pdf/create', { id: paidId })).statusCode).toBe(403);
    expect((await get(t.app, session, '/api/sys/order/pdf/download', { id: paidId })).statusCode).toBe(403);
    expect(await voucherStatusOf(paidId)).toBe(0);
  });

  it('moves 0 -> 1 with 正在生成确认单, the job makes a Chinese PDF and moves 1 -> 2, once', async () => {
    const created = await post(t.app, world.enterprise, '/api/sys/order/pdf/create', { id: paidId });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ message: '正在生成确认单，请稍后进行下载；', result: { voucherStatus: 1 } });
    const again = await post(t.app, world.enterprise, '/api/sys/order/pdf/create', { id: paidId });
    expect(again.statusCode).toBe(409);

    // the job, as the queue runs it (it may have run already: then it finds nothing to do)
    await generateStatement(t.services, { settlementId: paidId });
    expect(await generateStatement(t.services, { settlementId: paidId })).toBe(false);
    expect(await generatePendingStatements(t.services)).toBe(0);
    expect(await voucherStatusOf(paidId)).toBe(2);
    expect((await detail(world.enterprise, paidId)).voucherStatus).toBe(2);

    const downloaded = await get(t.app, world.enterprise, '/api/sys/order/pdf/download', { id: paidId });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-type']).toBe('application/pdf');
    expect(downloaded.headers['content-disposition']).toContain(encodeURIComponent(`对账确认单_${paidSn}.pdf`));
    const bytes = downloaded.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // the font is a subset: far below the 8 MB of the whole font
    expect(bytes.length).toBeGreaterThan(5_000);
    expect(bytes.length).toBeLessThan(400_000);
    const text = await pdfText(bytes);
    expect(text).toContain('对账确认单');
    expect(text).toContain(paidSn);
    expect(text).toContain(paidWorker.name);
    // amounts in yuan, the per-person taxes (taxModel 1) and the payment's reference
    expect(text).toContain('600.00');
    expect(text).toContain('个税(元)');
    const { yurref } = await detail(world.enterprise, paidId);
    expect(text).toContain(yurref);
    // the head the preview shows (the project's period) and the fixed wording both parties confirm
    expect(text).toContain('项目周期');
    expect(text.replace(/\s/g, '')).toContain(STATEMENT_CONFIRMATION_TEXT);
    // the platform side of the same tenant reads it too; another tenant does not
    expect((await get(t.app, world.staff, '/api/sys/order/pdf/download', { id: paidId })).statusCode).toBe(200);
    expect((await get(t.app, foreign.staff, '/api/sys/order/pdf/download', { id: paidId })).statusCode).toBe(404);
  });
});

describe('the statement overview (the preview of the statement)', () => {
  const url = '/api/sys/order/pdf/overview';

  it("answers the statement's head: enterprise, platform, project and its period, amount and fee", async () => {
    await t.database.executeSql(
      `update projects set start_time = '2026-11-01T00:00:00+08:00', end_time = '2026-11-30T23:59:59+08:00' where id = $1`,
      [world.projectId],
    );
    const settlement = await detail(world.enterprise, paidId);
    const answer = await get(t.app, world.enterprise, url, { id: paidId });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().result).toEqual({
      settlementId: paidId,
      settlementSn: paidSn,
      enterpriseName: settlement.enterpriseName,
      tenantName: settlement.tenantName,
      projectName: settlement.projectName,
      projectDate: '2026-11-01 至 2026-11-30',
      money: settlement.amount,
      fee: settlement.fee,
    });
    expect(Number(answer.json().result.fee)).toBeGreaterThan(0);
    // a pending one too, and the platform side of the tenant
    expect((await get(t.app, world.enterprise, url, { id: pendingId })).json().result.settlementId).toBe(pendingId);
    expect((await get(t.app, world.staff, url, { id: paidId })).json().result.settlementSn).toBe(paidSn);
  });

  it('is 404 to another tenant and enterprise, 403 without the permission, and an empty period without dates', async () => {
    for (const who of [foreign.enterprise, foreign.staff]) {
      const answer = await get(t.app, who, url, { id: paidId });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe('结算单不存在');
    }
    const bare = await createPlatformUser(t.database, { tenantId: world.tenantId, roleCode: null });
    const session = await login(t.app, 'platform', bare.username, bare.password);
    expect((await get(t.app, session, url, { id: paidId })).statusCode).toBe(403);
    expect((await get(t.app, world.enterprise, url, {})).statusCode).toBe(400);
    await addWorker(t, foreign, { priceFen: 5_000 });
    const foreignId = (await createSettlement(t, foreign)).json().result.id;
    expect((await get(t.app, foreign.enterprise, url, { id: foreignId })).json().result.projectDate).toBe('');
    // withdrawn, it gives its tasks back for the tests below
    await post(t.app, foreign.enterprise, '/api/sys/order/auditSettlement', {
      settlementId: foreignId,
      auditStatus: -1,
    });
  });
});

describe('the settlement voucher', () => {
  it('answers the summary sheet (type 1) and the per-person sheet (type 3) as PDFs', async () => {
    const summary = await get(t.app, world.enterprise, '/api/sys/order/voucher/download', { id: paidId, type: 1 });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.headers['content-type']).toBe('application/pdf');
    const summaryText = await pdfText(summary.rawPayload);
    expect(summaryText).toContain('付款金额汇总单');
    expect(summaryText).toContain(paidSn);

    const lines = (
      await get(t.app, world.enterprise, '/api/sys/order/confirmSettlementDetailList', { settlementId: paidId })
    ).json().result as Array<{ id: number; userName: string; payStatus: number }>;
    const line = lines.find((row) => row.userName === paidWorker.name);
    expect(line?.payStatus).toBe(1);
    const single = await get(t.app, world.staff, '/api/sys/order/voucher/download', {
      id: paidId,
      type: 3,
      lineId: line?.id ?? 0,
    });
    expect(single.statusCode, single.body).toBe(200);
    const singleText = await pdfText(single.rawPayload);
    expect(singleText).toContain('个人付款明细单');
    expect(singleText).toContain(paidWorker.name);
    expect(singleText).not.toContain(lines.find((row) => row.userName !== paidWorker.name)?.userName ?? '-');
  });

  it('refuses an unpaid settlement, a line not paid out, a wrong type, and foreign or unpermitted callers', async () => {
    const unpaid = await get(t.app, world.enterprise, '/api/sys/order/voucher/download', { id: pendingId, type: 1 });
    expect(unpaid.statusCode).toBe(422);
    expect(unpaid.json().message).toBe(SETTLEMENT_DOCUMENT_MSG.voucherUnavailable);
    const [line] = (
      await get(t.app, world.enterprise, '/api/sys/order/confirmSettlementDetailList', { settlementId: paidId })
    ).json().result as Array<{ id: number }>;
    await t.database.executeSql('update settlement_lines set pay_status = 2 where id = $1', [line.id]);
    try {
      const notPaid = await get(t.app, world.enterprise, '/api/sys/order/voucher/download', {
        id: paidId,
        type: 3,
        lineId: line.id,
      });
      expect(notPaid.statusCode).toBe(422);
      expect(notPaid.json().message).toBe(SETTLEMENT_DOCUMENT_MSG.voucherLineNotPaid);
    } finally {
      await t.database.executeSql('update settlement_lines set pay_status = 1 where id = $1', [line.id]);
    }
    const wrongType = await get(t.app, world.enterprise, '/api/sys/order/voucher/download', { id: paidId, type: 2 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toContain('凭证类型不正确');
    const byForeign = await get(t.app, foreign.enterprise, '/api/sys/order/voucher/download', { id: paidId, type: 1 });
    expect(byForeign.statusCode).toBe(404);
    const bare = await createPlatformUser(t.database, { tenantId: world.tenantId, roleCode: null });
    const session = await login(t.app, 'platform', bare.username, bare.password);
    expect((await get(t.app, session, '/api/sys/order/voucher/download', { id: paidId, type: 1 })).statusCode).toBe(
      403,
    );
  });
});

describe('attachments', () => {
  it('lets the enterprise attach, list and delete while the settlement waits for its audit', async () => {
    const saved = await attach(world.enterprise, pendingId);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result).toMatchObject({ settId: pendingId, name: '补充材料.pdf', type: 1, fileType: 'pdf' });
    const listed = await get(t.app, world.staff, '/api/sys/order/queryfile', { id: pendingId });
    expect(listed.json().result.list).toHaveLength(1);
    expect((await detail(world.enterprise, pendingId)).attachmentCount).toBe(1);

    const removed = await post(t.app, world.enterprise, '/api/sys/order/attachment/delete', {
      fileId: saved.json().result.id,
      settId: pendingId,
    });
    expect(removed.json()).toMatchObject({ success: true, message: '删除成功' });
    expect(
      (await get(t.app, world.enterprise, '/api/sys/order/queryfile', { id: pendingId })).json().result.list,
    ).toEqual([]);
    expect((await detail(world.enterprise, pendingId)).attachmentCount).toBe(0);
    const twice = await post(t.app, world.enterprise, '/api/sys/order/attachment/delete', {
      fileId: saved.json().result.id,
      settId: pendingId,
    });
    expect(twice.statusCode).toBe(404);
  });

  it('drops an attachment whose file was deleted through the generic file call', async () => {
    const saved = (await attach(world.enterprise, pendingId, '临时说明.pdf')).json().result;
    const removed = await post(t.app, world.enterprise, '/api/resource/file/delete', { address: saved.address });
    expect(removed.statusCode).toBe(200);
    const list = (await get(t.app, world.enterprise, '/api/sys/order/queryfile', { id: pendingId })).json().result.list;
    expect(list.map((row: { id: number }) => row.id)).not.toContain(saved.id);
    expect((await detail(world.enterprise, pendingId)).attachmentCount).toBe(list.length);
  });

  it('keeps the upload rules: wrong type, empty file, long name', async () => {
    const wrongType = await upload(world.enterprise, pendingId, 'a.exe', Buffer.from('MZ....'));
    expect(wrongType.json().message).toBe('请上传正确的文件类型');
    const empty = await upload(world.enterprise, pendingId, 'a.pdf', Buffer.alloc(0));
    expect(empty.json().message).toBe('您上传的文件没有内容，请重新上传');
    const longName = await upload(world.enterprise, pendingId, `${'长'.repeat(62)}.png`, pngOf(4, 4));
    expect(longName.json().message).toBe('文件名不能超过64个字符，请重命名后重新上传');
  });

  it('refuses the platform side, another enterprise, a paid settlement and a file of another record', async () => {
    const uploaded = await upload(world.enterprise, pendingId, '说明.png', pngOf(8, 8));
    const address = uploaded.json().result.address as string;
    const byPlatform = await post(t.app, world.staff, '/api/sys/order/attachment/save', { settId: pendingId, address });
    expect(byPlatform.statusCode).toBe(403);
    const byForeign = await post(t.app, foreign.enterprise, '/api/sys/order/attachment/save', {
      settId: pendingId,
      address,
    });
    expect(byForeign.statusCode).toBe(404);
    const paid = await post(t.app, world.enterprise, '/api/sys/order/attachment/save', { settId: paidId, address });
    expect(paid.statusCode).toBe(422);
    expect(paid.json().message).toBe(SETTLEMENT_DOCUMENT_MSG.attachmentNotAllowed);
    // a file uploaded for another settlement does not attach here
    const foreignCreated = (await createSettlement(t, foreign)).json().result;
    const theirs = await upload(foreign.enterprise, foreignCreated.id, '对方.png', pngOf(8, 8));
    const stolen = await post(t.app, world.enterprise, '/api/sys/order/attachment/save', {
      settId: pendingId,
      address: theirs.json().result.address,
    });
    expect(stolen.statusCode).toBe(400);
    expect((await get(t.app, foreign.enterprise, '/api/sys/order/queryfile', { id: pendingId })).statusCode).toBe(404);
    const mine = (await attach(foreign.enterprise, foreignCreated.id)).json().result;
    const deleteForeign = await post(t.app, world.enterprise, '/api/sys/order/attachment/delete', {
      fileId: mine.id,
      settId: pendingId,
    });
    expect(deleteForeign.statusCode).toBe(404);
    expect(
      (await get(t.app, foreign.enterprise, '/api/sys/order/queryfile', { id: foreignCreated.id })).json().result.list,
    ).toHaveLength(1);
    const bare = await createPlatformUser(t.database, { tenantId: world.tenantId, roleCode: null });
    const session = await login(t.app, 'platform', bare.username, bare.password);
    expect((await get(t.app, session, '/api/sys/order/queryfile', { id: pendingId })).statusCode).toBe(403);
  });
});

describe('attachments of the 生成结算单 page', () => {
  const generated = (who: SettlementWorld['enterprise'], batch: string, fileName: string) =>
    uploadFile(t, who, { scene: 'default', uploadPath: 'orderGenerate', id: batch }, fileName, pdfOf(fileName));
  const make = (who: SettlementWorld['enterprise'], target: SettlementWorld, attachments: string[]) =>
    post(t.app, who, '/api/sys/order/createSettlementListV2', {
      requestId: crypto.randomUUID(),
      projectId: target.projectId,
      visitTypeId: 'cgfw',
      attachments,
    });
  const settlementCount = async (enterpriseId: number) =>
    Number(
      (
        await t.database.executeSql('select count(*)::int as n from settlements where enterprise_id = $1', [
          enterpriseId,
        ])
      ).rows[0]?.n,
    );

  it('attaches the files uploaded on the page to the settlement made, once each', async () => {
    await addWorker(t, world, { priceFen: 4_000 });
    const batch = crypto.randomUUID();
    const first = (await generated(world.enterprise, batch, '服务说明.pdf')).json().result.address as string;
    const second = (await generated(world.enterprise, batch, '门店清单.pdf')).json().result.address as string;
    const created = await make(world.enterprise, world, [first, second, first]);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().result.id as number;
    const list = (await get(t.app, world.staff, '/api/sys/order/queryfile', { id })).json().result.list;
    expect(list.map((row: { name: string }) => row.name)).toEqual(['服务说明.pdf', '门店清单.pdf']);
    expect((await detail(world.enterprise, id)).attachmentCount).toBe(2);
    // a file already on a settlement goes on no other
    await addWorker(t, world, { priceFen: 4_000 });
    const before = await settlementCount(world.enterpriseId);
    const again = await make(world.enterprise, world, [first]);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(SETTLEMENT_DOCUMENT_MSG.attachmentFileNotYours);
    expect(await settlementCount(world.enterpriseId)).toBe(before);
  });

  it('refuses a file of another page or enterprise, and then makes nothing', async () => {
    await addWorker(t, world, { priceFen: 4_000 });
    const before = await settlementCount(world.enterpriseId);
    const otherPath = (await upload(world.enterprise, pendingId, '别处.pdf', pdfOf('别处'))).json().result.address;
    const theirs = (await generated(foreign.enterprise, crypto.randomUUID(), '对方.pdf')).json().result.address;
    for (const address of [otherPath, theirs, '/api/resource/file/1/nothing']) {
      const refused = await make(world.enterprise, world, [address]);
      expect(refused.statusCode, address).toBe(400);
      expect(refused.json().message).toBe(SETTLEMENT_DOCUMENT_MSG.attachmentFileNotYours);
    }
    expect(await settlementCount(world.enterpriseId)).toBe(before);
  });
});

describe('exports of a settlement', () => {
  it('submits the tasks and the records to the download cache, and writes them', async () => {
    const tasks = await post(t.app, world.enterprise, '/api/sys/order/exportTaskOfSett', { id: paidId });
    expect(tasks.json()).toMatchObject({
      success: true,
      message: '下载任务已提交，您可点击右上角下载按钮下载所需文件',
    });
    const records = await post(t.app, world.staff, '/api/sys/order/exportSettlementRecords', { settlementId: paidId });
    expect(records.statusCode, records.body).toBe(200);
    for (const cacheId of [tasks.json().result.cacheId, records.json().result.cacheId]) {
      await t.services.exports.run(cacheId);
      const { rows } = await t.database.executeSql(
        'select download_status, row_count, download_type from download_caches where id = $1',
        [cacheId],
      );
      expect(rows[0]).toMatchObject({ download_status: 1 });
    }
    const { rows } = await t.database.executeSql(
      'select row_count, download_type from download_caches where id = any($1::int[]) order by id',
      [[tasks.json().result.cacheId, records.json().result.cacheId]],
    );
    // three tasks of two persons
    expect(rows).toEqual([
      { row_count: 3, download_type: 1 },
      { row_count: 2, download_type: 2 },
    ]);
  });

  it('refuses another tenant and another enterprise', async () => {
    const byForeign = await post(t.app, foreign.enterprise, '/api/sys/order/exportTaskOfSett', { id: paidId });
    expect(byForeign.statusCode).toBe(404);
    const byForeignStaff = await post(t.app, foreign.staff, '/api/sys/order/exportSettlementRecords', {
      settlementId: paidId,
    });
    expect(byForeignStaff.statusCode).toBe(404);
  });
});
