import type { LoginUserInfo } from '@fieldpay/domain';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  createEnterpriseUser,
  createPlatformUser,
  createTenant,
  login,
  useTestApp,
} from '../../../test/app';
import { pdfText } from '../../../test/file-fixtures';
import { insertBankPlatform } from '../../../test/lookups';
import { virtualAccounts } from '../../db/schema';
import { type AccountProofFacts, accountProofRows, PROOF_NOTE, proofReceiptNo } from './proof';

const t = useTestApp();
const PROOF = '/api/sys/finance/account/downloadProof';

interface EnterpriseSide {
  info: LoginUserInfo;
  enterpriseName: string;
  payBankId: number;
  accountNo: string;
}

let own: EnterpriseSide;
let sibling: EnterpriseSide;
let foreign: EnterpriseSide;
let staffA: LoginUserInfo;
let staffB: LoginUserInfo;
let bare: LoginUserInfo;
let accountSeq = 0;

async function enterpriseOn(tenantId: number, platformId: number): Promise<EnterpriseSide> {
  const user = await createEnterpriseUser(t.database, { tenantIds: [tenantId] });
  const accountNo = `74${String(Date.now() % 1e6).padStart(6, '0')}${String(++accountSeq).padStart(2, '0')}`;
  const [bank] = await t.database.db
    .insert(virtualAccounts)
    .values({ tenantId, enterpriseId: user.enterpriseIds[0], platformId, accountName: '测试企业', accountNo })
    .returning({ id: virtualAccounts.id });
  const { rows } = await t.database.executeSql('select name from enterprises where id = $1', [user.enterpriseIds[0]]);
  return {
    info: await login(t.app, 'enterprise', user.username, user.password),
    enterpriseName: String(rows[0].name),
    payBankId: bank.id,
    accountNo,
  };
}

const get = (app: FastifyInstance, who: LoginUserInfo | null, url: string, query: Record<string, string | number>) =>
  app.inject({
    method: 'GET',
    url,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    headers: who ? authHeaders(who) : {},
  });

/** Tops the side's paying bank up and answers the newest flow's id. */
async function topUpFlow(who: EnterpriseSide, amount: string): Promise<number> {
  const topUp = await t.app.inject({
    method: 'POST',
    url: '/api/sys/finance/account/topUp',
    payload: { id: who.payBankId, amount },
    headers: authHeaders(who.info),
  });
  expect(topUp.statusCode, topUp.body).toBe(200);
  const flows = (await get(t.app, who.info, '/api/sys/finance/account/flowList', { id: who.payBankId })).json().result;
  return flows.records[0].id;
}

let ownFlow: number;
let siblingFlow: number;
let foreignFlow: number;

beforeAll(async () => {
  const tenantA = await createTenant(t.database);
  const tenantB = await createTenant(t.database);
  const platformA = await insertBankPlatform(t.database, tenantA, '招商银行CBS直连', 'CMB');
  own = await enterpriseOn(tenantA, platformA);
  sibling = await enterpriseOn(tenantA, platformA);
  foreign = await enterpriseOn(tenantB, await insertBankPlatform(t.database, tenantB, '招商银行CBS直连', 'CMB'));
  const a = await createPlatformUser(t.database, { tenantId: tenantA });
  const b = await createPlatformUser(t.database, { tenantId: tenantB });
  const none = await createPlatformUser(t.database, { tenantId: tenantA, roleCode: null });
  staffA = await login(t.app, 'platform', a.username, a.password);
  staffB = await login(t.app, 'platform', b.username, b.password);
  bare = await login(t.app, 'platform', none.username, none.password);
  ownFlow = await topUpFlow(own, '100010.05');
  siblingFlow = await topUpFlow(sibling, '0.12');
  foreignFlow = await topUpFlow(foreign, '7');
});

describe('the receipt rows', () => {
  const facts: AccountProofFacts = {
    postingId: 42,
    postedAt: new Date('2026-01-01T16:30:05Z'),
    entryType: 'settlementPay',
    amountFen: 123_456,
    balanceAfterFen: 1_000_000_00,
    reference: 'JS2601010001',
    memo: '结算单付款',
    bankName: '招商银行',
    accountNo: '7510001',
    enterpriseName: '测试企业有限公司',
  };

  it('writes every row of a bank receipt, the time in China time and the amount in capitals', () => {
    expect(proofReceiptNo(42)).toBe('HD000000000042');
    expect(accountProofRows(facts)).toEqual([
      ['回单编号', 'HD000000000042'],
      ['记账时间', '2026-01-02 00:30:05'],
      ['业务类型', '结算付款'],
      ['收支方向', '支出'],
      ['金额', '¥1,234.56'],
      ['金额（大写）', '壹仟贰佰叁拾肆元伍角陆分'],
      ['账户余额', '¥1,000,000.00'],
      ['付款银行', '招商银行'],
      ['账号', '7510001'],
      ['户名', '测试企业有限公司'],
      ['业务参考号', 'JS2601010001'],
      ['摘要', '结算单付款'],
    ]);
  });

  it('reads a credit as 收入 and writes a dash for an empty memo', () => {
    const rows = new Map(accountProofRows({ ...facts, entryType: 'topUp', amountFen: -100, memo: '' }));
    expect(rows.get('业务类型')).toBe('充值');
    expect(rows.get('收支方向')).toBe('收入');
    expect(rows.get('金额')).toBe('¥1.00');
    expect(rows.get('金额（大写）')).toBe('壹元整');
    expect(rows.get('摘要')).toBe('-');
  });
});

describe('downloadProof', () => {
  it('answers the flow as a PDF attachment named 电子回单-<receipt no>.pdf', async () => {
    const response = await get(t.app, own.info, PROOF, { id: ownFlow });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const receiptNo = proofReceiptNo(ownFlow);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="receipt-${receiptNo}.pdf"; filename*=UTF-8''${encodeURIComponent(`电子回单-${receiptNo}.pdf`)}`,
    );
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      '电子回单',
      receiptNo,
      '收入',
      '¥100,010.05',
      '壹拾万零壹拾元零伍分',
      own.accountNo,
      own.enterpriseName,
      PROOF_NOTE,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('answers the platform side the flows of its tenant', async () => {
    const response = await get(t.app, staffA, PROOF, { id: siblingFlow });
    expect(response.statusCode).toBe(200);
    expect(await pdfText(response.rawPayload)).toContain('壹角贰分');
  });

  it('refuses another enterprise’s, another tenant’s and a bank-side posting with 账户流水不存在', async () => {
    const { rows } = await t.database.executeSql(
      `select p.id from ledger_postings p join ledger_accounts a on a.id = p.account_id
        where p.entry_id = (select entry_id from ledger_postings where id = $1) and a.kind <> 'enterprise'`,
      [ownFlow],
    );
    const bankSide = Number(rows[0].id);
    for (const [who, id] of [
      [own.info, siblingFlow],
      [own.info, foreignFlow],
      [staffB, ownFlow],
      [foreign.info, ownFlow],
      [staffA, foreignFlow],
      [staffA, bankSide],
      [own.info, bankSide],
      [own.info, 999_999_999],
    ] as const) {
      const response = await get(t.app, who, PROOF, { id });
      expect(response.statusCode, `${id}`).toBe(404);
      expect(response.json().message).toBe('账户流水不存在');
    }
  });

  it('needs a session and the permission to view the financial accounts', async () => {
    expect((await get(t.app, null, PROOF, { id: ownFlow })).statusCode).toBe(401);
    expect((await get(t.app, bare, PROOF, { id: ownFlow })).statusCode).toBe(403);
  });

  it('refuses an id that is no record id', async () => {
    expect((await get(t.app, own.info, PROOF, { id: 'abc' })).statusCode).toBe(400);
  });
});
