/**
 * 开通付款账户 (decision 0047): a sub-account on the platform's CMB or SCP system, named by its
 * 10-digit code, once per system and enterprise and once per code, numbered after the platform's own
 * account there; the enterprise can then top up and pay through it. Within the platform, with
 * 企业结算信息修改.
 */
import { type LoginUserInfo, MSG, PAY_ACCOUNT_MSG } from '@fieldpay/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signInPlatformWithout, useTestApp } from '../../../test/app';
import { createLookupWorld, type LookupWorld } from '../../../test/lookups';
import { auditLogs, bankPlatforms, channelAccounts, virtualAccounts } from '../../db/schema';

const t = useTestApp();
let world: LookupWorld;
/** tenant A's CMB and SCP systems (CMB with the platform's account), its card-based ICBC, tenant B's CMB */
const platforms = { cmb: 0, scp: 0, icbc: 0, foreignCmb: 0 };
const CHANNEL_ACCOUNT = '571908765432';

const post = (session: LoginUserInfo, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/sys/enterprise/payAccount/open', payload, headers: authHeaders(session) });
const systems = (session: LoginUserInfo, owner: { tenantId: number; enterpriseId: number }) =>
  t.app.inject({
    method: 'GET',
    url: '/api/sys/enterprise/payAccount/systems',
    query: { tenantId: String(owner.tenantId), enterpriseId: String(owner.enterpriseId) },
    headers: authHeaders(session),
  });
const accountsOf = (enterpriseId: number) =>
  t.database.db.select().from(virtualAccounts).where(eq(virtualAccounts.enterpriseId, enterpriseId));

beforeAll(async () => {
  world = await createLookupWorld(t);
  const rows = await t.database.db
    .insert(bankPlatforms)
    .values([
      { tenantId: world.tenantA, platformName: '招商银行CBS直连', bankNo: 'CMB' },
      { tenantId: world.tenantA, platformName: '聚合支付通道', bankNo: 'SCP' },
      { tenantId: world.tenantA, platformName: '工商银行银企互联', bankNo: 'ICBC' },
      { tenantId: world.tenantB, platformName: '招商银行CBS直连', bankNo: 'CMB' },
    ])
    .returning({ id: bankPlatforms.id });
  [platforms.cmb, platforms.scp, platforms.icbc, platforms.foreignCmb] = rows.map((row) => row.id);
  await t.database.db.insert(channelAccounts).values({
    tenantId: world.tenantA,
    platformId: platforms.cmb,
    accountNo: CHANNEL_ACCOUNT,
    accountName: '平台A',
  });
});

describe('开通付款账户', () => {
  it('offers the sub-account systems the enterprise has none on, opens one, and then offers it no more', async () => {
    const before = (await systems(world.staffA, world.own)).json().result;
    expect(before.map((row: { platformId: number }) => row.platformId)).toEqual([platforms.cmb, platforms.scp]);

    const opened = await post(world.staffA, { ...world.own, platformId: platforms.cmb, accountSn: ' 0000100001 ' });
    expect(opened.json()).toMatchObject({
      success: true,
      message: PAY_ACCOUNT_MSG.opened,
      result: { bankAccount: `${CHANNEL_ACCOUNT}0000100001` },
    });
    const [account] = await accountsOf(world.own.enterpriseId);
    expect(account).toMatchObject({ platformId: platforms.cmb, accountSn: '0000100001' });
    const after = (await systems(world.staffA, world.own)).json().result;
    expect(after.map((row: { platformId: number }) => row.platformId)).toEqual([platforms.scp]);
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.action, 'enterprise.payAccount.open'), eq(auditLogs.targetId, String(world.own.enterpriseId))),
      );
    expect(audit.after).toMatchObject({ accountSn: '0000100001', platformId: platforms.cmb });

    // the enterprise's info lists it, and the enterprise can top it up
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/sys2/enterprise/bank/getEnterprisePayBankInfo',
      query: { tenantId: String(world.own.tenantId), enterpriseId: String(world.own.enterpriseId) },
      headers: authHeaders(world.enterpriseUser),
    });
    expect(info.json().result.map((row: { bankNo: string }) => row.bankNo)).toContain('CMB');
    const topUp = await t.app.inject({
      method: 'POST',
      url: '/api/sys/finance/account/topUp',
      payload: { id: account.id, amount: '100.00' },
      headers: authHeaders(world.enterpriseUser),
    });
    expect(topUp.json()).toMatchObject({ success: true, result: { amount: '100.00', accountSum: '100.00' } });
  });

  it('opens one per system and enterprise, a code once per system, and only on sub-account systems', async () => {
    const again = await post(world.staffA, { ...world.own, platformId: platforms.cmb, accountSn: '0000100009' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAY_ACCOUNT_MSG.alreadyOpen);
    const taken = await post(world.staffA, { ...world.sibling, platformId: platforms.cmb, accountSn: '0000100001' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(PAY_ACCOUNT_MSG.codeTaken);
    const cardBased = await post(world.staffA, {
      ...world.sibling,
      platformId: platforms.icbc,
      accountSn: '0000100002',
    });
    expect(cardBased.json().message).toBe(PAY_ACCOUNT_MSG.systemUnavailable);
    const foreignSystem = await post(world.staffA, {
      ...world.sibling,
      platformId: platforms.foreignCmb,
      accountSn: '0000100002',
    });
    expect(foreignSystem.json().message).toBe(PAY_ACCOUNT_MSG.systemUnavailable);
    // SCP has no platform account configured here
    const noChannel = await post(world.staffA, {
      ...world.sibling,
      platformId: platforms.scp,
      accountSn: '0000100002',
    });
    expect(noChannel.json().message).toBe(PAY_ACCOUNT_MSG.noChannelAccount);
    expect(await accountsOf(world.sibling.enterpriseId)).toEqual([]);
  });

  it('asks for a 10-digit code', async () => {
    for (const accountSn of ['', '123456789', '12345678901', '00001000a1']) {
      const refused = await post(world.staffA, { ...world.sibling, platformId: platforms.cmb, accountSn });
      expect(refused.statusCode, accountSn).toBe(400);
      expect(refused.json().message).toMatch(
        accountSn === '' ? PAY_ACCOUNT_MSG.subUnitCodeRequired : MSG.subUnitCodeInvalid,
      );
    }
    expect(await accountsOf(world.sibling.enterpriseId)).toEqual([]);
  });

  it('two opens racing for one code open one account', async () => {
    const [first, second] = await Promise.all([
      post(world.staffA, { ...world.sibling, platformId: platforms.cmb, accountSn: '0000100003' }),
      post(world.staffA, { ...world.sibling, platformId: platforms.cmb, accountSn: '0000100003' }),
    ]);
    expect([first.json().success, second.json().success].sort()).toEqual([false, true]);
    expect(await accountsOf(world.sibling.enterpriseId)).toHaveLength(1);
  });

  it('is refused to another tenant, the enterprise side and staff without the code', async () => {
    const foreign = await post(world.staffB, { ...world.foreign, platformId: platforms.cmb, accountSn: '0000100004' });
    expect(foreign.json().message).toBe(PAY_ACCOUNT_MSG.systemUnavailable);
    const otherTenant = await post(world.staffA, {
      ...world.foreign,
      platformId: platforms.cmb,
      accountSn: '0000100004',
    });
    expect(otherTenant.statusCode).toBe(404);
    expect(
      (await post(world.enterpriseUser, { ...world.own, platformId: platforms.scp, accountSn: '0000100005' }))
        .statusCode,
    ).toBe(403);
    const without = await signInPlatformWithout(t, world.tenantA, 'enterpriseAccountManage:info:modifyAccount');
    expect((await post(without, { ...world.own, platformId: platforms.scp, accountSn: '0000100005' })).statusCode).toBe(
      403,
    );
    expect((await systems(without, world.own)).statusCode).toBe(403);
    expect(await accountsOf(world.foreign.enterpriseId)).toEqual([]);
  });
});
