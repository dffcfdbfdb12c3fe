import { fenToYuan, INVOICE_MSG, MSG } from '@fieldpay/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { chinaDateTime } from '../../platform/china-time';
import { authHeaders, useTestApp } from '../../../test/app';
import { pdfOf, uploadFile } from '../../../test/file-fixtures';
import {
  addWorker,
  createSettlement,
  createSettlementWorld,
  get,
  paidOutSettlement,
  post,
  type SettlementWorld,
} from '../../../test/settlements';

const t = useTestApp();
let world: SettlementWorld;
let foreign: SettlementWorld;
/** paid out: may be invoiced */
let paid: { id: number; settlementSn: string };
let paidAgain: { id: number; settlementSn: string };
let raced: { id: number; settlementSn: string };
/** waiting for the audit: may not */
let pendingId: number;
let foreignPaid: { id: number; settlementSn: string };

const INFO = {
  companyAddress: '上海市浦东新区张江路88号',
  companyPhone: '021-58881234',
  bankDeposit: '招商银行上海张江支行',
  bankAccount: '121900001238001',
};
const PAPER = {
  invoiceType: 1,
  invoiceCategory: '现代服务*企业管理服务',
  invoiceSendingType: 1,
  recipient: '王芳',
  recipientPhone: '13900000001',
  recipientAddress: '上海市浦东新区张江路88号 财务部',
};

const apply = (who: SettlementWorld['enterprise'], body: object) => post(t.app, who, '/api/sys/invoice/apply', body);
const list = (who: SettlementWorld['enterprise'], query: Record<string, unknown> = {}) =>
  get(t.app, who, '/api/sys/invoice/list', query);
const detail = (who: SettlementWorld['enterprise'], id: number) =>
  get(t.app, who, '/api/sys/invoice/queryById', { id });
const billStatusOf = async (id: number) =>
  Number((await t.database.executeSql('select bill_status as b from settlements where id = $1', [id])).rows[0]?.b);
/** what the enterprise paid for these settlements (persons' pay and the service fee), yuan */
const amountOf = async (ids: number[]) =>
  fenToYuan(
    Number(
      (await t.database.executeSql('select sum(amount_fen)::bigint as s from settlements where id = any($1)', [ids]))
        .rows[0]?.s,
    ),
  );
const invoiceCount = async () =>
  Number((await t.database.executeSql('select count(*)::int as n from invoices')).rows[0]?.n);

beforeAll(async () => {
  world = await createSettlementWorld(t);
  foreign = await createSettlementWorld(t);
  await addWorker(t, world, { count: 2, priceFen: 30_000 });
  paid = await paidOutSettlement(t, world, '1000.00');
  await addWorker(t, world, { priceFen: 12_000 });
  paidAgain = await paidOutSettlement(t, world, '1000.00');
  await addWorker(t, world, { priceFen: 8_000 });
  raced = await paidOutSettlement(t, world, '1000.00');
  await addWorker(t, world, { priceFen: 5_000 });
  pendingId = (await createSettlement(t, world)).json().result.id;
  await addWorker(t, foreign, { priceFen: 5_000 });
  foreignPaid = await paidOutSettlement(t, foreign, '1000.00');
});

describe('invoice info (编辑开票信息)', () => {
  it('answers the enterprise’s header with nothing saved yet, and refuses an application without it', async () => {
    const info = (await get(t.app, world.enterprise, '/api/sys/invoice/info/get')).json().result;
    expect(info).toMatchObject({ companyId: world.enterpriseId, companyAddress: '', createTime: null });
    expect(info.companyName).not.toBe('');
    const refused = await apply(world.enterprise, { ...PAPER, settlementIds: [paid.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(INVOICE_MSG.invoiceInfoMissing);
    expect(await invoiceCount()).toBe(0);
  });

  it('says what is wrong with each field', async () => {
    const cases: Array<[object, string]> = [
      [{ companyAddress: '' }, MSG.companyAddressRequired],
      [{ companyPhone: '' }, MSG.companyPhoneRequired],
      [{ companyPhone: '12345' }, MSG.landlineInvalid],
      [{ bankDeposit: '' }, MSG.bankDepositRequired],
      [{ bankDeposit: 'ICBC' }, MSG.chineseTextInvalid],
      [{ bankAccount: '' }, MSG.bankAccountRequired],
      [{ bankAccount: '12ab' }, MSG.bankCardInvalid],
    ];
    for (const [change, message] of cases) {
      const response = await post(t.app, world.enterprise, '/api/sys/invoice/info/save', { ...INFO, ...change });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });

  it('saves it; the platform reads it by the enterprise, another platform finds no such enterprise', async () => {
    const saved = await post(t.app, world.enterprise, '/api/sys/invoice/info/save', INFO);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(INVOICE_MSG.infoSaved);
    const read = await get(t.app, world.staff, '/api/sys/invoice/info/get', { companyId: world.enterpriseId });
    expect(read.json().result).toMatchObject({ ...INFO, companyId: world.enterpriseId });
    expect(read.json().result.createTime).toBeGreaterThan(0);
    const foreignRead = await get(t.app, foreign.staff, '/api/sys/invoice/info/get', { companyId: world.enterpriseId });
    expect(foreignRead.statusCode).toBe(404);
  });

  it('keeps every save in the modify records, newest first; refused saves leave none', async () => {
    const changed = await post(t.app, world.enterprise, '/api/sys/invoice/info/save', {
      ...INFO,
      companyPhone: '021-58886666',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const records = (await get(t.app, world.enterprise, '/api/sys/invoice/info/records')).json().result;
    expect(records.total).toBe(2);
    expect(records.records.map((row: { companyPhone: string }) => row.companyPhone)).toEqual([
      '021-58886666',
      INFO.companyPhone,
    ]);
    expect(records.records[0].createName).not.toBe('');
    const byStaff = await get(t.app, world.staff, '/api/sys/invoice/info/records', { companyId: world.enterpriseId });
    expect(byStaff.json().result.total).toBe(2);
    const byForeign = await get(t.app, foreign.staff, '/api/sys/invoice/info/records', {
      companyId: world.enterpriseId,
    });
    expect(byForeign.statusCode).toBe(404);
    expect((await get(t.app, foreign.enterprise, '/api/sys/invoice/info/records')).json().result.total).toBe(0);
    // back to the info the applications below expect
    await post(t.app, world.enterprise, '/api/sys/invoice/info/save', INFO);
  });

  it('the platform edits a company’s info by companyId; another platform cannot', async () => {
    const edited = { ...INFO, companyId: world.enterpriseId, bankDeposit: '招商银行上海分行' };
    const byStaff = await post(t.app, world.staff, '/api/sys/invoice/info/save', edited);
    expect(byStaff.statusCode, byStaff.body).toBe(200);
    const read = async () => (await get(t.app, world.enterprise, '/api/sys/invoice/info/get')).json().result;
    expect(await read()).toMatchObject({ bankDeposit: '招商银行上海分行', createName: world.staff.realname });
    const byForeign = await post(t.app, foreign.staff, '/api/sys/invoice/info/save', {
      ...edited,
      bankDeposit: '外省银行',
    });
    expect(byForeign.statusCode).toBe(404);
    expect((await read()).bankDeposit).toBe('招商银行上海分行');
    await post(t.app, world.enterprise, '/api/sys/invoice/info/save', INFO);
  });
});

describe('applying (申请开票)', () => {
  it('offers only the enterprise’s paid-out settlements', async () => {
    const offered = (await get(t.app, world.enterprise, '/api/sys/invoice/invoiceableSettlements')).json().result;
    const ids = offered.records.map((row: { id: number }) => row.id);
    expect(ids).toEqual([raced.id, paidAgain.id, paid.id]);
    expect(ids).not.toContain(pendingId);
    expect(ids).not.toContain(foreignPaid.id);
    const staff = await get(t.app, world.staff, '/api/sys/invoice/invoiceableSettlements');
    expect(staff.statusCode).toBe(403);
  });

  it('says what the form lacks, and refuses settlements not paid out or not the enterprise’s', async () => {
    const cases: Array<[object, string]> = [
      [{ settlementIds: [] }, INVOICE_MSG.settlementsRequired],
      [{ settlementIds: [paid.id], recipient: '' }, INVOICE_MSG.recipientRequired],
      [{ settlementIds: [paid.id], recipientPhone: '123' }, MSG.mobileInvalid],
      [{ settlementIds: [paid.id], invoiceSendingType: 2 }, INVOICE_MSG.recipientEmailRequired],
      [{ settlementIds: [paid.id], invoiceType: 3 }, INVOICE_MSG.invoiceTypeRequired],
    ];
    for (const [change, message] of cases) {
      const response = await apply(world.enterprise, { ...PAPER, ...change });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toContain(message);
    }
    for (const settlementIds of [[pendingId], [foreignPaid.id], [paid.id, pendingId]]) {
      const response = await apply(world.enterprise, { ...PAPER, settlementIds });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(INVOICE_MSG.settlementNotInvoiceable);
    }
    expect(await invoiceCount()).toBe(0);
    expect(await billStatusOf(paid.id)).toBe(0);
    expect((await apply(world.staff, { ...PAPER, settlementIds: [paid.id] })).statusCode).toBe(403);
  });

  it('makes one invoice for the settlements’ amount with the saved info; a settlement is invoiced once', async () => {
    const made = await apply(world.enterprise, { ...PAPER, settlementIds: [paid.id, paidAgain.id], remarks: '月结' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().message).toBe(INVOICE_MSG.applied);
    const { id, invoiceSn } = made.json().result;
    expect(invoiceSn).toMatch(/^FP\d{6}\d{8}$/);
    const shown = (await detail(world.enterprise, id)).json().result;
    expect(shown).toMatchObject({
      invoiceSn,
      invoicePrice: await amountOf([paid.id, paidAgain.id]),
      taxpayerNumber: expect.any(String),
      enterpriseAddress: INFO.companyAddress,
      mobile: INFO.companyPhone,
      bankName: INFO.bankDeposit,
      bankCard: INFO.bankAccount,
      invoiceSendStatus: 1,
      invoiceSendStatus_dictText: '待发送',
      invoiceRecipientStatus: 0,
      invoiceRecipientStatus_dictText: '待开票',
      recipient: PAPER.recipient,
      remarks: '月结',
      settlementNum: 2,
      invoiceNum: '',
      picAddress: [],
    });
    expect(shown.records.map((record: { action: string }) => record.action)).toEqual(['申请开票']);
    expect(await billStatusOf(paid.id)).toBe(1);
    const again = await apply(world.enterprise, { ...PAPER, settlementIds: [paid.id] });
    expect(again.json().message).toBe(INVOICE_MSG.settlementNotInvoiceable);
    // the project summary counts it and its drill-down lists it
    const summary = await get(t.app, world.staff, '/api/sys/project/summary', { projectId: world.projectId });
    expect(summary.json().result.invoice).toEqual({ invoiceNum: 1 });
    const drill = (await list(world.staff, { projectId: world.projectId })).json().result;
    expect(drill.records.map((row: { id: number }) => row.id)).toEqual([id]);
    const linked = (await get(t.app, world.staff, '/api/sys/invoice/settlementList', { id })).json().result;
    expect(linked.records.map((row: { id: number }) => row.id)).toEqual([paidAgain.id, paid.id]);
  });

  it('applications racing for one settlement make one invoice', async () => {
    const before = await invoiceCount();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() => apply(world.enterprise, { ...PAPER, settlementIds: [raced.id] })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of answers) expect(answer.statusCode).toBeLessThan(500);
    expect(await invoiceCount()).toBe(before + 1);
  });
});

describe('finding invoices', () => {
  const HOUR = 3_600_000;
  const ids = async (who: SettlementWorld['enterprise'], query: Record<string, unknown>) =>
    (await list(who, query)).json().result.records.map((row: { id: number }) => row.id) as number[];

  it('sorts by amount either way, and filters by application time and by enterprise', async () => {
    const all = (await list(world.enterprise)).json().result.records as { id: number; invoicePrice: string }[];
    expect(all).toHaveLength(2);
    const cheapFirst = [...all].sort((a, b) => Number(a.invoicePrice) - Number(b.invoicePrice)).map((row) => row.id);
    expect(await ids(world.staff, { orderField: 'invoicePrice', orderSort: 0 })).toEqual(cheapFirst);
    expect(await ids(world.staff, { orderField: 'invoicePrice', orderSort: 1 })).toEqual([...cheapFirst].reverse());
    const now = Date.now();
    const around = { startTime: chinaDateTime(new Date(now - HOUR)), endTime: chinaDateTime(new Date(now + HOUR)) };
    expect(await ids(world.enterprise, around)).toHaveLength(2);
    const before = {
      startTime: chinaDateTime(new Date(now - 48 * HOUR)),
      endTime: chinaDateTime(new Date(now - HOUR)),
    };
    expect(await ids(world.enterprise, before)).toEqual([]);
    expect(await ids(world.staff, { enterpriseId: world.enterpriseId })).toHaveLength(2);
    expect(await ids(world.staff, { enterpriseId: foreign.enterpriseId })).toEqual([]);
  });

  it('answers a company’s invoices by companyId (plist), a page at a time; another platform finds no such company', async () => {
    const own = (await get(t.app, world.enterprise, '/api/sys/invoice/plist')).json().result;
    expect(own.total).toBe(2);
    // the enterprise side reads its own, whatever companyId it sends
    const sent = await get(t.app, world.enterprise, '/api/sys/invoice/plist', { companyId: foreign.enterpriseId });
    expect(sent.json().result.total).toBe(2);
    const first = await get(t.app, world.staff, '/api/sys/invoice/plist', {
      companyId: world.enterpriseId,
      pageSize: 1,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result.total).toBe(2);
    expect(first.json().result.records).toHaveLength(1);
    const foreignRead = await get(t.app, foreign.staff, '/api/sys/invoice/plist', { companyId: world.enterpriseId });
    expect(foreignRead.statusCode).toBe(404);
    expect((await get(t.app, foreign.enterprise, '/api/sys/invoice/plist')).json().result.total).toBe(0);
  });
});

describe('issuing (状态更新) and receiving (查收)', () => {
  let invoiceId: number;
  const numbers = ['24310001', '24310002'];
  const uploadInvoiceFile = async (id: number) => {
    const uploaded = await uploadFile(
      t,
      world.staff,
      { scene: 'invoice', uploadPath: 'invoice', id },
      '发票.pdf',
      pdfOf('增值税电子发票'),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    return uploaded.json().result.address as string;
  };
  const update = (who: SettlementWorld['enterprise'], body: object) =>
    post(t.app, who, '/api/sys/invoice/updateStatus', body);

  beforeAll(async () => {
    invoiceId = (await list(world.enterprise, { projectId: world.projectId })).json().result.records.at(-1).id;
  });

  it('refuses receipt before the invoice is sent', async () => {
    const early = await post(t.app, world.enterprise, '/api/sys/invoice/confirmReceipt', { ids: [invoiceId] });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(INVOICE_MSG.notReceivable);
  });

  it('checks the numbers against invoice.number, asks for express numbers of a paper invoice, and takes only its own files', async () => {
    const base = { invoiceId, invoiceTime: '2026-11-25 10:00:00', bizSnJson: numbers, expressJson: ['SF1400000001'] };
    const tooMany = await update(world.staff, {
      ...base,
      bizSnJson: Array.from({ length: 11 }, (_, i) => `2431${i}`),
    });
    expect(tooMany.json().message).toBe(MSG.invoiceNumberLimit(10));
    expect((await update(world.staff, { ...base, bizSnJson: ['24-31'] })).json().message).toContain(
      MSG.invoiceNumberInvalid,
    );
    expect((await update(world.staff, { ...base, expressJson: [] })).json().message).toBe(
      INVOICE_MSG.expressNumbersRequired,
    );
    const otherFile = await uploadFile(
      t,
      world.staff,
      { scene: 'invoice', uploadPath: 'invoice', id: invoiceId + 1000 },
      '别的发票.pdf',
      pdfOf('别的'),
    );
    const wrongFile = await update(world.staff, { ...base, picListJson: [otherFile.json().result.address] });
    expect(wrongFile.json().message).toBe(INVOICE_MSG.invoiceFileNotYours);
    expect((await update(world.enterprise, base)).statusCode).toBe(403);
    expect((await update(foreign.staff, base)).statusCode).toBe(404);
    const unchanged = (await detail(world.enterprise, invoiceId)).json().result;
    expect(unchanged.invoiceSendStatus).toBe(1);
  });

  it('sends it: numbers, express numbers and files show in the detail, and the enterprise is told', async () => {
    const address = await uploadInvoiceFile(invoiceId);
    const sent = await update(world.staff, {
      invoiceId,
      invoiceTime: '2026-11-25 10:00:00',
      bizSnJson: numbers,
      expressJson: ['SF1400000001'],
      picListJson: [address],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(INVOICE_MSG.statusUpdated);
    const shown = (await detail(world.enterprise, invoiceId)).json().result;
    expect(shown).toMatchObject({
      invoiceSendStatus: 2,
      invoiceRecipientStatus: 1,
      invoiceRecipientStatus_dictText: '待查收',
      invoiceNum: '24310001，24310002',
      expressNum: 'SF1400000001',
      invoiceTime: new Date('2026-11-25T10:00:00+08:00').getTime(),
      bizSn: [
        { type: 1, bizSn: '24310001' },
        { type: 1, bizSn: '24310002' },
        { type: 2, bizSn: 'SF1400000001' },
      ],
    });
    expect(shown.picAddress).toEqual([expect.objectContaining({ name: '发票.pdf', address, fileType: 'pdf' })]);
    expect(shown.records[0].action).toBe('开票并发送');
    // the staff's upload is the enterprise's to read
    const download = await t.app.inject({ method: 'GET', url: address, headers: authHeaders(world.enterprise) });
    expect(download.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: address, headers: authHeaders(foreign.enterprise) })).statusCode,
    ).toBe(404);
    const found = (await list(world.enterprise, { number: '310002' })).json().result;
    expect(found.records.map((row: { id: number }) => row.id)).toEqual([invoiceId]);
    expect((await list(world.enterprise, { number: '999' })).json().result.total).toBe(0);
    const notices = await t.database.executeSql(
      `select count(*)::int as n from notices where type = 'invoice' and biz_id = $1 and user_id = $2`,
      [invoiceId, world.enterpriseUserId],
    );
    expect(notices.rows[0]?.n).toBe(1);
  });

  it('answers the invoice and its files by settlement or by one of its lines', async () => {
    const bySettlement = await get(t.app, world.enterprise, '/api/sys/invoice/pictures', { settId: paid.id });
    expect(bySettlement.statusCode, bySettlement.body).toBe(200);
    const found = bySettlement.json().result;
    expect(found.invoice).toMatchObject({ id: invoiceId, invoiceNum: '24310001，24310002', invoiceRecipientStatus: 1 });
    expect(found.list).toEqual([expect.objectContaining({ name: '发票.pdf', fileType: 'pdf' })]);
    const [line] = (
      await t.database.executeSql('select id from settlement_lines where settlement_id = $1 order by id limit 1', [
        paidAgain.id,
      ])
    ).rows as Array<{ id: number }>;
    const byLine = await get(t.app, world.staff, '/api/sys/invoice/pictures', { settDetailId: line.id });
    expect(byLine.json().result.invoice.id).toBe(invoiceId);
    const none = await get(t.app, world.enterprise, '/api/sys/invoice/pictures', { settId: pendingId });
    expect(none.json().result).toEqual({ invoice: null, list: [] });
    expect((await get(t.app, foreign.enterprise, '/api/sys/invoice/pictures', { settId: paid.id })).statusCode).toBe(
      404,
    );
    expect((await get(t.app, world.enterprise, '/api/sys/invoice/pictures')).statusCode).toBe(400);
  });

  it('the enterprise confirms receipt once; then nothing more may change', async () => {
    const received = await post(t.app, world.enterprise, '/api/sys/invoice/confirmReceipt', { ids: [invoiceId] });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().result).toEqual({ received: 1 });
    const shown = (await detail(world.staff, invoiceId)).json().result;
    expect(shown).toMatchObject({ invoiceRecipientStatus: 2, invoiceRecipientStatus_dictText: '已查收' });
    expect(shown.receiveTime).toBeGreaterThan(0);
    const twice = await post(t.app, world.enterprise, '/api/sys/invoice/confirmReceipt', { ids: [invoiceId] });
    expect(twice.json().message).toBe(INVOICE_MSG.notReceivable);
    const late = await update(world.staff, {
      invoiceId,
      invoiceTime: '2026-11-25 10:00:00',
      bizSnJson: numbers,
      expressJson: ['SF1400000001'],
    });
    expect(late.json().message).toBe(INVOICE_MSG.notUpdatable);
  });

  it('the platform exports the invoice’s sheet through the download list, a row per settlement', async () => {
    const submitted = await post(t.app, world.staff, '/api/sys/invoice/exportExcel', { id: invoiceId });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const { cacheId } = submitted.json().result;
    await t.services.exports.run(cacheId);
    const { rows } = await t.database.executeSql(
      'select download_status, row_count, download_type from download_caches where id = $1',
      [cacheId],
    );
    expect(rows[0]).toEqual({ download_status: 1, row_count: 2, download_type: 6 });
    // the sender's sheet: not the enterprise's, and not another platform's
    expect((await post(t.app, world.enterprise, '/api/sys/invoice/exportExcel', { id: invoiceId })).statusCode).toBe(
      403,
    );
    expect((await post(t.app, foreign.staff, '/api/sys/invoice/exportExcel', { id: invoiceId })).statusCode).toBe(404);
  });

  it('shows nothing of one tenant to another', async () => {
    expect((await detail(foreign.enterprise, invoiceId)).statusCode).toBe(404);
    expect((await detail(foreign.staff, invoiceId)).statusCode).toBe(404);
    expect((await list(foreign.staff)).json().result.total).toBe(0);
    const linked = await get(t.app, foreign.enterprise, '/api/sys/invoice/settlementList', { id: invoiceId });
    expect(linked.statusCode).toBe(404);
    const receipt = await post(t.app, foreign.enterprise, '/api/sys/invoice/confirmReceipt', { ids: [invoiceId] });
    expect(receipt.statusCode).toBe(404);
  });
});
