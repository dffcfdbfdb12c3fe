import type { LoginUserInfo } from '@fieldpay/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  createEnterpriseUser,
  createPlatformUser,
  createTenant,
  encryptPassword,
  getKey,
  login,
  useTestApp,
} from '../../../test/app';
import { insertBankPlatform } from '../../../test/lookups';
import { AppError } from '../../core/errors';
import { smsCodes, virtualAccounts } from '../../db/schema';
import { creditDeposit, syncStatement } from './top-up';
import { verifyPayPassword } from './pay-password';

const t = useTestApp();

interface EnterpriseSide {
  info: LoginUserInfo;
  userId: number;
  username: string;
  tenantId: number;
  enterpriseId: number;
  payBankId: number;
  accountNo: string;
  accountSn: string;
}

let own: EnterpriseSide;
let foreign: EnterpriseSide;
let staffA: LoginUserInfo;
let staffB: LoginUserInfo;
let accountSeq = 0;

async function enterpriseOn(tenantId: number, platformId: number): Promise<EnterpriseSide> {
  const user = await createEnterpriseUser(t.database, { tenantIds: [tenantId] });
  const accountNo = `73${String(Date.now() % 1e6).padStart(6, '0')}${String(++accountSeq).padStart(2, '0')}`;
  const accountSn = String(user.enterpriseIds[0]).padStart(10, '0');
  const [bank] = await t.database.db
    .insert(virtualAccounts)
    .values({
      tenantId,
      enterpriseId: user.enterpriseIds[0],
      platformId,
      accountName: '测试企业',
      accountNo,
      accountSn,
    })
    .returning({ id: virtualAccounts.id });
  return {
    info: await login(t.app, 'enterprise', user.username, user.password),
    userId: user.id,
    username: user.username,
    tenantId,
    enterpriseId: user.enterpriseIds[0],
    payBankId: bank.id,
    accountNo,
    accountSn,
  };
}

const get = (app: FastifyInstance, who: LoginUserInfo, url: string, query: Record<string, string | number> = {}) =>
  app.inject({
    method: 'GET',
    url,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    headers: authHeaders(who),
  });
const post = (app: FastifyInstance, who: LoginUserInfo, url: string, payload: object) =>
  app.inject({ method: 'POST', url, payload, headers: authHeaders(who) });

const payBanks = async (who: LoginUserInfo, query: Record<string, number> = {}) =>
  (await get(t.app, who, '/api/sys2/enterprise/bank/getEnterprisePayBankInfo', query)).json().result as Array<{
    id: number;
    accountSum: string;
  }>;

const latestCode = async (phone: string) => {
  const { rows } = await t.database.executeSql(
    'select content from sms_outbox where phone = $1 order by id desc limit 1',
    [phone],
  );
  return /(\d{6})/.exec(String(rows[0]?.content))?.[1] ?? '';
};

/** the code rules are checked apart from the 60 s resend wait: the previous code is aged past it */
const ageCodes = (who: EnterpriseSide) =>
  t.database.db
    .update(smsCodes)
    .set({ createdAt: sql`${smsCodes.createdAt} - interval '61 seconds'` })
    .where(eq(smsCodes.userId, who.userId));

beforeAll(async () => {
  const tenantA = await createTenant(t.database);
  const tenantB = await createTenant(t.database);
  own = await enterpriseOn(tenantA, await insertBankPlatform(t.database, tenantA, '招商银行CBS直连', 'CMB'));
  foreign = await enterpriseOn(tenantB, await insertBankPlatform(t.database, tenantB, '招商银行CBS直连', 'CMB'));
  const a = await createPlatformUser(t.database, { tenantId: tenantA });
  const b = await createPlatformUser(t.database, { tenantId: tenantB });
  staffA = await login(t.app, 'platform', a.username, a.password);
  staffB = await login(t.app, 'platform', b.username, b.password);
});

describe('paying banks and top-up', () => {
  it('lists the enterprise paying banks with the ledger balance in yuan', async () => {
    const response = await get(t.app, own.info, '/api/sys2/enterprise/bank/getEnterprisePayBankInfo', {
      tenantId: own.tenantId,
      enterpriseId: own.enterpriseId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual([
      expect.objectContaining({
        id: own.payBankId,
        bankNo: 'CMB',
        // the platform bank option's six fields (spec 2 §3, spec 3 §3): the bank's name from bank_type
        bankNo_dictText: '招商银行',
        bankName: '招商银行',
        platformId: expect.any(Number),
        bankAccount: own.accountNo,
        accountSn: own.accountSn,
        accountSum: '0.00',
        enterpriseId: own.enterpriseId,
      }),
    ]);
  });

  it('tops up through the bank and shows the flow', async () => {
    const response = await post(t.app, own.info, '/api/sys/finance/account/topUp', {
      id: own.payBankId,
      amount: '1234.56',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: '充值成功',
      result: { amount: '1234.56', accountSum: '1234.56' },
    });
    const flows = (await get(t.app, own.info, '/api/sys/finance/account/flowList', { id: own.payBankId })).json()
      .result;
    expect(flows.total).toBe(1);
    expect(flows.records[0]).toMatchObject({
      entryType: 'topUp',
      entryTypeLabel: '充值',
      direction: 1,
      amount: '1234.56',
      balanceAfter: '1234.56',
    });
    expect((await payBanks(own.info))[0].accountSum).toBe('1234.56');
  });

  it('credits a deposit once however often the bank reports it (notice twice, then the statement)', async () => {
    const bank = await t.services.bank.gateway();
    await bank.openAccount({ accountNo: own.accountNo, accountName: '测试企业' });
    const notice = await bank.deposit({
      accountNo: own.accountNo,
      amountFen: 10_000,
      payerName: '测试企业',
      payerAccountNo: '1',
      remark: '充值',
    });
    const payBank = {
      tenantId: own.tenantId,
      enterpriseId: own.enterpriseId,
      virtualAccountId: own.payBankId,
      accountNo: own.accountNo,
      accountName: '测试企业',
    };
    const credited = await t.services.ctx.scopes.withSystem(
      'test: the bank reports one deposit three times',
      async () => {
        const first = await creditDeposit(t.services, payBank, notice, null);
        const again = await creditDeposit(t.services, payBank, notice, null);
        const fromStatement = await syncStatement(t.services, payBank);
        return { first: first.created, again: again.created, fromStatement };
      },
    );
    expect(credited).toEqual({ first: true, again: false, fromStatement: 0 });
    expect((await payBanks(own.info))[0].accountSum).toBe('1334.56');
  });

  it('finds on the statement a deposit whose notice never arrived', async () => {
    const bank = await t.services.bank.gateway();
    await bank.deposit({
      accountNo: own.accountNo,
      amountFen: 66,
      payerName: '测试企业',
      payerAccountNo: '1',
      remark: '充值',
    });
    const payBank = {
      tenantId: own.tenantId,
      enterpriseId: own.enterpriseId,
      virtualAccountId: own.payBankId,
      accountNo: own.accountNo,
      accountName: '测试企业',
    };
    const credited = await t.services.ctx.scopes.withSystem('test: statement read', () =>
      syncStatement(t.services, payBank),
    );
    expect(credited).toBe(1);
    expect((await payBanks(own.info))[0].accountSum).toBe('1335.22');
  });

  it('refuses malformed amounts with a Chinese message and moves nothing', async () => {
    for (const amount of ['0', '-5', '1.234', 'abc', '10000000.01']) {
      const response = await post(t.app, own.info, '/api/sys/finance/account/topUp', { id: own.payBankId, amount });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/充值金额/);
    }
    expect((await payBanks(own.info))[0].accountSum).toBe('1335.22');
  });
});

describe('the tenant wall', () => {
  it('shows no foreign paying bank to either side', async () => {
    expect(await payBanks(own.info, { tenantId: foreign.tenantId })).toEqual([]);
    expect(await payBanks(own.info, { enterpriseId: foreign.enterpriseId })).toEqual([]);
    expect(await payBanks(staffB, { enterpriseId: own.enterpriseId })).toEqual([]);
    expect((await payBanks(staffA, { enterpriseId: own.enterpriseId })).map((bank) => bank.id)).toEqual([
      own.payBankId,
    ]);
    const list = (await get(t.app, staffA, '/api/sys/finance/account/list')).json().result;
    expect(list.records.map((row: { id: number }) => row.id)).toEqual([own.payBankId]);
  });

  it('refuses a foreign paying bank for flows and top-up', async () => {
    expect(
      (await get(t.app, own.info, '/api/sys/finance/account/flowList', { id: foreign.payBankId })).statusCode,
    ).toBe(404);
    const topUp = await post(t.app, own.info, '/api/sys/finance/account/topUp', { id: foreign.payBankId, amount: '1' });
    expect(topUp.statusCode).toBe(404);
    expect(topUp.json().message).toBe('付款银行不存在');
    expect((await payBanks(foreign.info))[0].accountSum).toBe('0.00');
  });

  it('leaves top-up to the enterprise side', async () => {
    expect(
      (await post(t.app, staffA, '/api/sys/finance/account/topUp', { id: own.payBankId, amount: '1' })).statusCode,
    ).toBe(403);
  });
});

describe('payment SMS codes', () => {
  it('sends a code to the own phone only, once a minute', async () => {
    const sent = await post(t.app, own.info, '/api/sys/password/sendPhone', { phone: own.username });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe('已向该手机号发送验证码');
    expect(await latestCode(own.username)).toMatch(/^\d{6}$/);
    const again = await post(t.app, own.info, '/api/sys/password/sendPhone', { phone: own.username });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/秒后再获取验证码/);
    const stranger = await post(t.app, own.info, '/api/sys/password/sendPhone', { phone: '13312345678' });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe('请使用当前账号绑定的手机号获取验证码');
  });

  it('spends a code once, binds it to one settlement, and lets it expire after 5 minutes', async () => {
    const { sms, ctx } = t.services;
    await ageCodes(own);
    await post(t.app, own.info, '/api/sys/password/sendPhone', { phone: own.username, settlementId: 41 });
    const code = await latestCode(own.username);
    const use = (subject: string, at = Date.now()) =>
      ctx.scopes.withSystem('test: spending a payment code', () =>
        sms.consume({ userId: own.userId, purpose: 'settlementPay', code, subject }, at),
      );
    expect(await use('settlement:42')).toBe(false);
    expect(await use('settlement:41', Date.now() + 5 * 60_000 + 1)).toBe(false);
    expect(await use('settlement:41')).toBe(true);
    expect(await use('settlement:41')).toBe(false);
  });

  it('binds a code sent without a settlement to the first one it pays', async () => {
    const { sms, ctx } = t.services;
    await ageCodes(own);
    await post(t.app, own.info, '/api/sys/password/sendPhone', { phone: own.username });
    const code = await latestCode(own.username);
    const use = (subject: string) =>
      ctx.scopes.withSystem('test: spending a payment code', () =>
        sms.consume({ userId: own.userId, purpose: 'settlementPay', code, subject }),
      );
    expect(await use('settlement:7')).toBe(true);
    expect(await use('settlement:8')).toBe(false);
  });
});

describe('the transaction password', () => {
  async function setPassword(who: EnterpriseSide, password: string, oldPassword?: string) {
    await ageCodes(who);
    await post(t.app, who.info, '/api/sys/password/sendPhone', { phone: who.username, purpose: 'password' });
    const phoneCode = await latestCode(who.username);
    const { keyId, publicKey } = await getKey(t.app);
    return post(t.app, who.info, '/api/sys/password/setPayPassword', {
      keyId,
      password: encryptPassword(publicKey, password),
      ...(oldPassword ? { oldPassword: encryptPassword(publicKey, oldPassword) } : {}),
      phone: who.username,
      phoneCode,
    });
  }

  const verify = (password: string) =>
    t.services.ctx.scopes.withSystem('test: checking the transaction password', () =>
      verifyPayPassword(t.services, own, password, '10.1.2.3'),
    );

  it('is set with the SMS code, stored hashed, and checked', async () => {
    expect((await get(t.app, own.info, '/api/sys/password/payPasswordStatus')).json().result.isSet).toBe(false);
    await expect(verify('135790')).rejects.toThrow('尚未设置交易密码，请先设置交易密码');
    const response = await setPassword(own, '135790');
    expect(response.json()).toMatchObject({ success: true, message: '交易密码设置成功' });
    expect((await get(t.app, own.info, '/api/sys/password/payPasswordStatus')).json().result.isSet).toBe(true);
    const { rows } = await t.database.executeSql(
      'select password_hash from enterprise_pay_passwords where enterprise_id = $1',
      [own.enterpriseId],
    );
    expect(String(rows[0].password_hash)).toMatch(/^\$argon2id\$/);
    await expect(verify('135790')).resolves.toBeUndefined();
  });

  it('refuses a password that is not 6 digits, and a change without the right old one', async () => {
    expect((await setPassword(own, '12ab56', '135790')).json().message).toBe('请输入正确的交易密码');
    const wrongOld = await setPassword(own, '246810', '000000');
    expect(wrongOld.json().message).toBe('交易密码错误');
    expect((await setPassword(own, '246810', '135790')).json().success).toBe(true);
  });

  it('locks after five wrong tries as login does, and forgives after a right one before that', async () => {
    await expect(verify('111111')).rejects.toThrow('交易密码错误');
    await expect(verify('246810')).resolves.toBeUndefined();
    for (let attempt = 0; attempt < 5; attempt++) await expect(verify('111111')).rejects.toThrow('交易密码错误');
    const locked = await verify('246810').catch((error: unknown) => error);
    expect(locked).toBeInstanceOf(AppError);
    expect((locked as AppError).message).toMatch(/^交易密码错误次数过多，请于\d{2}:\d{2}后重试$/);
  });
});
