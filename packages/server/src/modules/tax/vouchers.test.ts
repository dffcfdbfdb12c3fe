import { fenToYuan, MSG, TAX_VOUCHER_MSG, TAX_VOUCHER_UPLOAD_PATH } from '@fieldpay/domain';
import type { LoginUserInfo } from '@fieldpay/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { chinaMonth } from '../../platform/china-time';
import { createPlatformUser, login, signInPlatformWithout, useTestApp } from '../../../test/app';
import { pdfOf, pngOf, uploadFile } from '../../../test/file-fixtures';
import {
  addWorker,
  createSettlementWorld,
  get,
  paidOutSettlement,
  post,
  type SettlementWorld,
} from '../../../test/settlements';

const t = useTestApp();
let world: SettlementWorld;
let foreign: SettlementWorld;
let operator: LoginUserInfo;
let settlementId: number;
/** a person of the world paid with taxes withheld, and one of the foreign world */
let paidPerson: number;
let foreignPerson: number;
/** the month the tests' payouts happened in: now */
const period = chinaMonth(new Date());

const upload = async (who: LoginUserInfo, fileName: string, content: Buffer, scene = 'image') => {
  const response = await uploadFile(t, who, { scene, uploadPath: TAX_VOUCHER_UPLOAD_PATH }, fileName, content);
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
  return response.json().result.address as string;
};

/** The three uploads of a voucher by `who`. */
const filesBy = async (who: LoginUserInfo) => ({
  voucherImages: [await upload(who, '完税证明.png', pngOf(40, 30))],
  reportImages: [await upload(who, '明细报告.png', pngOf(40, 30, [200, 30, 30]))],
  taxListFile: await upload(who, '缴税清单.pdf', pdfOf('缴税清单'), 'taxList'),
});

const save = (who: LoginUserInfo, body: object) => post(t.app, who, '/api/sys/tax/voucher/save', body);
const list = (who: LoginUserInfo, query: Record<string, unknown> = {}) =>
  get(t.app, who, '/api/sys/tax/voucher/list', query);
const voucherCount = async () =>
  Number((await t.database.executeSql('select count(*)::int as n from tax_vouchers')).rows[0]?.n);
/** the taxes withheld on a world's payouts, yuan */
const withheldOf = async (w: SettlementWorld) =>
  fenToYuan(
    Number(
      (
        await t.database.executeSql(
          'select coalesce(sum(total_tax_fen), 0)::bigint as s from settlement_lines where enterprise_id = $1 and pay_status = 1',
          [w.enterpriseId],
        )
      ).rows[0]?.s,
    ),
  );

beforeAll(async () => {
  world = await createSettlementWorld(t);
  foreign = await createSettlementWorld(t);
  paidPerson = (await addWorker(t, world, { count: 2, priceFen: 300_000 })).personId;
  await addWorker(t, world, { priceFen: 150_000 });
  settlementId = (await paidOutSettlement(t, world, '10000.00')).id;
  foreignPerson = (await addWorker(t, foreign, { priceFen: 200_000 })).personId;
  await paidOutSettlement(t, foreign, '10000.00');
  const admin = await createPlatformUser(t.database, { tenantId: 0 });
  operator = await login(t.app, 'platform', admin.username, admin.password);
});

describe('the period before the upload', () => {
  it('sums the taxes withheld on the enterprise’s payouts of the month', async () => {
    const response = await get(t.app, world.staff, '/api/sys/tax/voucher/period', {
      enterpriseId: world.enterpriseId,
      taxPeriod: period,
    });
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json().result;
    expect(summary).toEqual({ paidTaxAmount: await withheldOf(world), settlementNum: 1, voucher: null });
    expect(Number(summary.paidTaxAmount)).toBeGreaterThan(0);
    // another month holds nothing
    const before = await get(t.app, world.staff, '/api/sys/tax/voucher/period', {
      enterpriseId: world.enterpriseId,
      taxPeriod: '2020-01',
    });
    expect(before.json().result).toMatchObject({ paidTaxAmount: '0.00', settlementNum: 0 });
  });

  it('finds no enterprise of another platform, and is not the enterprise’s to ask', async () => {
    const foreignAsk = await get(t.app, foreign.staff, '/api/sys/tax/voucher/period', {
      enterpriseId: world.enterpriseId,
      taxPeriod: period,
    });
    expect(foreignAsk.statusCode).toBe(404);
    expect(foreignAsk.json().message).toBe('企业不存在');
    const enterpriseAsk = await get(t.app, world.enterprise, '/api/sys/tax/voucher/period', {
      enterpriseId: world.enterpriseId,
      taxPeriod: period,
    });
    expect(enterpriseAsk.statusCode).toBe(403);
    const malformed = await get(t.app, world.staff, '/api/sys/tax/voucher/period', {
      enterpriseId: world.enterpriseId,
      taxPeriod: '2026-13',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain(TAX_VOUCHER_MSG.taxPeriodRequired);
  });
});

describe('上传完税凭证', () => {
  it('requires the three uploads, each with its message, and saves nothing', async () => {
    const files = await filesBy(world.staff);
    const base = { enterpriseId: world.enterpriseId, taxPeriod: period, ...files };
    const cases: Array<[object, string]> = [
      [{ voucherImages: [] }, MSG.taxVoucherImageRequired],
      [{ reportImages: [] }, MSG.taxDetailReportRequired],
      [{ taxListFile: '' }, MSG.taxListFileRequired],
      [{ taxPeriod: '' }, TAX_VOUCHER_MSG.taxPeriodRequired],
      [{ enterpriseId: undefined }, TAX_VOUCHER_MSG.enterpriseRequired],
    ];
    for (const [change, message] of cases) {
      const response = await save(world.staff, { ...base, ...change });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect(await voucherCount()).toBe(0);
  });

  it('refuses a future month, a month without withheld taxes, and files that are not the voucher’s', async () => {
    const files = await filesBy(world.staff);
    const base = { enterpriseId: world.enterpriseId, taxPeriod: period, ...files };
    const future = await save(world.staff, { ...base, taxPeriod: '2099-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(TAX_VOUCHER_MSG.taxPeriodInFuture);
    const empty = await save(world.staff, { ...base, taxPeriod: '2020-01' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe(TAX_VOUCHER_MSG.noWithheldTax);
    // a picture where the tax list goes
    const wrongKind = await save(world.staff, { ...base, taxListFile: files.voucherImages[0] });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().message).toBe(TAX_VOUCHER_MSG.fileNotYours);
    // another platform's upload
    const theirs = await filesBy(foreign.staff);
    const foreignFile = await save(world.staff, { ...base, voucherImages: theirs.voucherImages });
    expect(foreignFile.statusCode).toBe(400);
    expect(foreignFile.json().message).toBe(TAX_VOUCHER_MSG.fileNotYours);
    // an upload of another folder
    const other = await uploadFile(
      t,
      world.staff,
      { scene: 'image', uploadPath: 'invoice' },
      '其他.png',
      pngOf(10, 10),
    );
    const otherFolder = await save(world.staff, { ...base, reportImages: [other.json().result.address] });
    expect(otherFolder.statusCode).toBe(400);
    // the enterprise of another platform
    const foreignEnterprise = await save(world.staff, { ...base, enterpriseId: foreign.enterpriseId });
    expect(foreignEnterprise.statusCode).toBe(404);
    expect(await voucherCount()).toBe(0);
  });

  it('is the tenant staff’s: the enterprise side, a role without the code and the operator are refused', async () => {
    const files = await filesBy(world.staff);
    const body = { enterpriseId: world.enterpriseId, taxPeriod: period, ...files };
    expect((await save(world.enterprise, body)).statusCode).toBe(403);
    const without = await signInPlatformWithout(t, world.tenantId, 'taxVoucher:list:upload');
    expect((await save(without, body)).statusCode).toBe(403);
    const byOperator = await save(operator, { ...body, tenantId: world.tenantId });
    expect(byOperator.statusCode).toBe(422);
    expect(byOperator.json().message).toBe(TAX_VOUCHER_MSG.uploadedByTenant);
    expect(await voucherCount()).toBe(0);
  });

  it('saves the voucher with the withheld taxes; the enterprise, its platform and the operator list it, no one else', async () => {
    const files = await filesBy(world.staff);
    const saved = await save(world.staff, { enterpriseId: world.enterpriseId, taxPeriod: period, ...files });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(TAX_VOUCHER_MSG.saved);
    const id = saved.json().result.id as number;

    const staffList = (await list(world.staff)).json().result;
    expect(staffList.total).toBe(1);
    expect(staffList.records[0]).toMatchObject({
      id,
      enterpriseId: world.enterpriseId,
      taxPeriod: period,
      paidTaxAmount: await withheldOf(world),
      settlementNum: 1,
      account: world.staff.username,
    });
    expect(staffList.records[0].voucherImages.map((f: { address: string }) => f.address)).toEqual(files.voucherImages);
    expect(staffList.records[0].reportImages.map((f: { address: string }) => f.address)).toEqual(files.reportImages);
    expect(staffList.records[0].taxListFile).toMatchObject({ address: files.taxListFile, fileType: 'pdf' });

    const enterpriseList = (await list(world.enterprise)).json().result;
    expect(enterpriseList.records.map((r: { id: number }) => r.id)).toEqual([id]);
    // the enterprise may open the files the staff uploaded
    const link = await get(t.app, world.enterprise, '/api/resource/file/link', { address: files.taxListFile });
    expect(link.statusCode, link.body).toBe(200);
    const operatorList = (await list(operator, { tenantId: world.tenantId })).json().result;
    expect(operatorList.records.map((r: { id: number }) => r.id)).toEqual([id]);
    expect(operatorList.records[0].tenantName).not.toBe('');

    expect((await list(foreign.staff)).json().result.total).toBe(0);
    expect((await list(foreign.enterprise)).json().result.total).toBe(0);
    expect((await get(t.app, foreign.staff, '/api/sys/tax/voucher/queryById', { id })).statusCode).toBe(404);
    expect(
      (await get(t.app, foreign.enterprise, '/api/sys/tax/voucher/settlementList', { id, pageNo: 1, pageSize: 10 }))
        .statusCode,
    ).toBe(404);

    // the company's members are told, with a link to the list
    const told = await t.database.executeSql(
      'select count(*)::int as n from notices where tenant_id = $1 and link = $2 and title = $3',
      [world.tenantId, '/invoice/tax/voucherList', '完税凭证已上传'],
    );
    expect(Number(told.rows[0]?.n)).toBeGreaterThan(0);
    // the files are the voucher's now, and the enterprise's documents
    const bound = await t.database.executeSql(
      'select distinct biz_id, enterprise_id from files where upload_path = $1 and biz_id = $2',
      [TAX_VOUCHER_UPLOAD_PATH, String(id)],
    );
    expect(bound.rows).toEqual([{ biz_id: String(id), enterprise_id: world.enterpriseId }]);
  });

  it('answers the settlements behind the voucher with their withheld taxes', async () => {
    const [voucher] = (await list(world.enterprise)).json().result.records;
    const page = await get(t.app, world.enterprise, '/api/sys/tax/voucher/settlementList', {
      id: voucher.id,
      pageNo: 1,
      pageSize: 10,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().result.total).toBe(1);
    expect(page.json().result.records[0]).toMatchObject({
      id: settlementId,
      taxAmount: voucher.paidTaxAmount,
      personNum: 2,
    });
    expect(page.json().result.records[0].payTime).toBeGreaterThan(0);
  });

  it('searches by enterprise name and by tax period', async () => {
    const [voucher] = (await list(world.staff)).json().result.records;
    const part = voucher.enterpriseName.slice(1, 4);
    expect((await list(world.staff, { name: part })).json().result.total).toBe(1);
    expect((await list(world.staff, { name: '不存在的企业名称' })).json().result.total).toBe(0);
    const tooLong = await list(world.staff, { name: '企'.repeat(51) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain(TAX_VOUCHER_MSG.nameTooLong);
    const [year, month] = period.split('-');
    const first = `${year}-${month}-01 00:00:00`;
    expect(
      (await list(world.staff, { startTime: first, endTime: `${year}-${month}-02 00:00:00` })).json().result.total,
    ).toBe(1);
    expect(
      (await list(world.staff, { startTime: '2020-01-01 00:00:00', endTime: '2020-12-31 23:59:59' })).json().result
        .total,
    ).toBe(0);
  });

  it('finds the vouchers covering a person’s payouts (the person detail’s 完税凭证记录)', async () => {
    expect((await list(world.staff, { userId: paidPerson })).json().result.total).toBe(1);
    expect((await list(world.staff, { userId: foreignPerson })).json().result.total).toBe(0);
    expect((await list(operator, { userId: foreignPerson })).json().result.total).toBe(0);
  });

  it('replaces the period’s files when saved again, and two saves at once make one voucher', async () => {
    const [before] = (await list(world.staff)).json().result.records;
    const files = {
      voucherImages: [
        await upload(world.staff, '完税证明2.png', pngOf(20, 20)),
        await upload(world.staff, '完税证明3.png', pngOf(22, 20)),
      ],
      reportImages: [await upload(world.staff, '明细报告2.png', pngOf(20, 22))],
      taxListFile: await upload(world.staff, '缴税清单2.pdf', pdfOf('缴税清单2'), 'taxList'),
    };
    const again = await save(world.staff, {
      id: before.id,
      enterpriseId: world.enterpriseId,
      taxPeriod: period,
      ...files,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().result.id).toBe(before.id);
    const [after] = (await list(world.staff)).json().result.records;
    expect(after.voucherImages.map((f: { address: string }) => f.address)).toEqual(files.voucherImages);
    expect(after.taxListFile.address).toBe(files.taxListFile);
    expect(after.createTime).toBe(before.createTime);
    expect(await voucherCount()).toBe(1);
    // an id that is not the period's voucher
    const wrongId = await save(world.staff, {
      id: before.id + 1000,
      enterpriseId: world.enterpriseId,
      taxPeriod: period,
      ...files,
    });
    expect(wrongId.statusCode).toBe(404);

    // a double click on 保存 for the other platform's new period
    const theirs = await filesBy(foreign.staff);
    const body = { enterpriseId: foreign.enterpriseId, taxPeriod: period, ...theirs };
    const [one, two] = await Promise.all([save(foreign.staff, body), save(foreign.staff, body)]);
    expect([one.statusCode, two.statusCode], `${one.body} ${two.body}`).toEqual([200, 200]);
    expect(one.json().result.id).toBe(two.json().result.id);
    expect(await voucherCount()).toBe(2);
  });

  it('covers the payouts made by its last save: a later payout of the month is the next save’s', async () => {
    const [before] = (await list(world.staff)).json().result.records;
    await addWorker(t, world, { priceFen: 120_000 });
    await paidOutSettlement(t, world, '10000.00');
    const settlementsOf = async () =>
      (
        await get(t.app, world.staff, '/api/sys/tax/voucher/settlementList', { id: before.id, pageNo: 1, pageSize: 10 })
      ).json().result.total;
    expect(await settlementsOf()).toBe(1);
    const summary = (
      await get(t.app, world.staff, '/api/sys/tax/voucher/period', {
        enterpriseId: world.enterpriseId,
        taxPeriod: period,
      })
    ).json().result;
    expect(summary.settlementNum).toBe(2);
    expect(Number(summary.paidTaxAmount)).toBeGreaterThan(Number(before.paidTaxAmount));
    const again = await save(world.staff, {
      id: before.id,
      enterpriseId: world.enterpriseId,
      taxPeriod: period,
      ...(await filesBy(world.staff)),
    });
    expect(again.statusCode, again.body).toBe(200);
    const [after] = (await list(world.staff)).json().result.records;
    expect(after).toMatchObject({ settlementNum: 2, paidTaxAmount: summary.paidTaxAmount });
    expect(await settlementsOf()).toBe(2);
  });
});
