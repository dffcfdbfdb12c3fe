import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG, SETTLEMENT_MSG } from '@fieldpay/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPlatformUser, login, useTestApp } from '../../../test/app';
import { zipEntryNames } from '../../platform/files/zip-entries';
import { pdfOf, pngOf, uploadFile } from '../../../test/file-fixtures';
import {
  addTaskPhoto,
  addWorker,
  approve,
  createSettlement,
  createSettlementWorld,
  get,
  paidOutSettlement,
  post,
  type SettlementWorld,
} from '../../../test/settlements';

const t = useTestApp();
const ZIP = '/api/sys/order/exportAttachmentZip';
let world: SettlementWorld;
let foreign: SettlementWorld;
/** approved and paid out; its two workers' lines */
let paidId: number;
let withPhotos: { personId: number; taskIds: number[] };
let withoutPhotos: { personId: number };

async function attach(settlementId: number, fileName: string) {
  const uploaded = await uploadFile(
    t,
    world.enterprise,
    { scene: 'default', uploadPath: 'settlement', id: settlementId },
    fileName,
    pdfOf(fileName),
  );
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const saved = await post(t.app, world.enterprise, '/api/sys/order/attachment/save', {
    settId: settlementId,
    address: uploaded.json().result.address,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

const lineOf = async (settlementId: number, personId: number) =>
  Number(
    (
      await t.database.executeSql('select id from settlement_lines where settlement_id = $1 and person_id = $2', [
        settlementId,
        personId,
      ])
    ).rows[0]?.id,
  );

/** The zip's entry names, read from its central directory. */
async function entriesOf(payload: Buffer): Promise<string[]> {
  const file = path.join(os.tmpdir(), `settlement-zip-${crypto.randomUUID()}.zip`);
  fs.writeFileSync(file, payload);
  try {
    return (await zipEntryNames(file)) ?? [];
  } finally {
    fs.rmSync(file, { force: true });
  }
}

const fileNameOf = (disposition: string | undefined) =>
  decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition ?? '')?.[1] ?? '');

beforeAll(async () => {
  world = await createSettlementWorld(t);
  foreign = await createSettlementWorld(t);
  const first = await addWorker(t, world, { count: 2, priceFen: 20_000 });
  withPhotos = first;
  withoutPhotos = await addWorker(t, world, { priceFen: 10_000 });
  await addTaskPhoto(t, world, { taskId: first.taskIds[0], personId: first.personId }, '门头.png', pngOf(4, 4));
  await addTaskPhoto(t, world, { taskId: first.taskIds[0], personId: first.personId }, '门头.png', pngOf(5, 5));
  await addTaskPhoto(t, world, { taskId: first.taskIds[1], personId: first.personId }, '货架.png', pngOf(6, 6));
  paidId = (await paidOutSettlement(t, world, '1000.00')).id;
});

describe('the attachment zip of a settlement (by id)', () => {
  it("holds the enterprise's files, named 确认单附件 while it waits and 结算单附件 once approved", async () => {
    await addWorker(t, world, { priceFen: 5_000 });
    const pendingId: number = (await createSettlement(t, world)).json().result.id;
    await attach(pendingId, '补充材料.pdf');
    await attach(pendingId, '补充材料.pdf');
    await attach(pendingId, '门店清单.pdf');

    const waiting = await get(t.app, world.enterprise, ZIP, { id: pendingId });
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.headers['content-type']).toBe('application/zip');
    expect(fileNameOf(waiting.headers['content-disposition'])).toBe('确认单附件.zip');
    // the same name twice stays two files
    expect(await entriesOf(waiting.rawPayload)).toEqual(['补充材料.pdf', '2-补充材料.pdf', '门店清单.pdf']);

    expect((await approve(t, world, pendingId)).statusCode).toBe(200);
    const approved = await get(t.app, world.staff, ZIP, { id: pendingId });
    expect(approved.statusCode).toBe(200);
    expect(fileNameOf(approved.headers['content-disposition'])).toBe('结算单附件.zip');
  });

  it('answers 无数据 for a settlement without attachments', async () => {
    const empty = await get(t.app, world.enterprise, ZIP, { id: paidId });
    expect(empty.statusCode).toBe(404);
    expect(empty.json()).toMatchObject({ success: false, message: MSG.noData });
  });
});

describe('the attachment zip of a sub-order (by subOrderId)', () => {
  it("holds the photos of the person's tasks in the line, one folder per task", async () => {
    const lineId = await lineOf(paidId, withPhotos.personId);
    const zip = await get(t.app, world.enterprise, ZIP, { subOrderId: lineId });
    expect(zip.statusCode, zip.body).toBe(200);
    expect(fileNameOf(zip.headers['content-disposition'])).toBe('子结算单附件.zip');
    const sns = (
      await t.database.executeSql('select id, task_sn from tasks where id = any($1) order by id', [withPhotos.taskIds])
    ).rows.map((row) => String(row.task_sn));
    expect(await entriesOf(zip.rawPayload)).toEqual([
      `${sns[0]}/其他照片/门头.png`,
      `${sns[0]}/其他照片/2-门头.png`,
      `${sns[1]}/其他照片/货架.png`,
    ]);
    // the platform side of the tenant reads it too
    expect((await get(t.app, world.staff, ZIP, { subOrderId: lineId })).statusCode).toBe(200);
  });

  it('answers 无数据 for a line whose tasks have no photos, and names a waiting line 子确认单附件', async () => {
    const bare = await get(t.app, world.enterprise, ZIP, { subOrderId: await lineOf(paidId, withoutPhotos.personId) });
    expect(bare.statusCode).toBe(404);
    expect(bare.json().message).toBe(MSG.noData);

    const waitingWorker = await addWorker(t, world, { priceFen: 7_000 });
    await addTaskPhoto(
      t,
      world,
      { taskId: waitingWorker.taskIds[0], personId: waitingWorker.personId },
      'a.png',
      pngOf(3, 3),
    );
    const waitingId: number = (await createSettlement(t, world)).json().result.id;
    const waiting = await get(t.app, world.enterprise, ZIP, {
      subOrderId: await lineOf(waitingId, waitingWorker.personId),
    });
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(fileNameOf(waiting.headers['content-disposition'])).toBe('子确认单附件.zip');
  });
});

describe('the wall and the input', () => {
  it('is 404 to another tenant, 403 without the permission, 400 without exactly one of id and subOrderId', async () => {
    const lineId = await lineOf(paidId, withPhotos.personId);
    const byForeign = await get(t.app, foreign.enterprise, ZIP, { subOrderId: lineId });
    expect(byForeign.statusCode).toBe(404);
    expect(byForeign.json().message).toBe(SETTLEMENT_MSG.lineNotFound);
    const foreignStaff = await get(t.app, foreign.staff, ZIP, { id: paidId });
    expect(foreignStaff.statusCode).toBe(404);
    expect(foreignStaff.json().message).toBe(SETTLEMENT_MSG.notFound);

    const bare = await createPlatformUser(t.database, { tenantId: world.tenantId, roleCode: null });
    const session = await login(t.app, 'platform', bare.username, bare.password);
    expect((await get(t.app, session, ZIP, { subOrderId: lineId })).statusCode).toBe(403);

    const both = await get(t.app, world.enterprise, ZIP, { id: paidId, subOrderId: lineId });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toContain('其中之一');
    expect((await get(t.app, world.enterprise, ZIP)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${ZIP}?id=${paidId}` })).statusCode).toBe(401);
  });
});
