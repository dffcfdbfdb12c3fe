/**
 * The read-only enterprise info (decision 0027): its fields, masked contact data, paying banks and fee
 * configuration; the wall (another tenant's or another enterprise's enterprise is 企业不存在), the
 * code, bad input.
 */
import type { LoginUserInfo } from '@fieldpay/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createPlatformUser, createRole, login, useTestApp } from '../../../test/app';
import { createLookupWorld, type LookupWorld } from '../../../test/lookups';
import { bankPlatforms, enterpriseFeeConfigs, enterprises, virtualAccounts } from '../../db/schema';

const t = useTestApp();
let world: LookupWorld;
let withoutCode: LoginUserInfo;
const INFO = '/api/sys/enterprise/info';

const get = (session: LoginUserInfo, query: Record<string, string | number>) =>
  t.app.inject({
    method: 'GET',
    url: INFO,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    headers: authHeaders(session),
  });

beforeAll(async () => {
  world = await createLookupWorld(t);
  const role = await createRole(t.database, { tenantId: world.tenantA, side: 'platform', permissions: [] });
  const bare = await createPlatformUser(t.database, { tenantId: world.tenantA, roleCode: role });
  withoutCode = await login(t.app, 'platform', bare.username, bare.password);
  await t.database.db
    .update(enterprises)
    .set({
      address: '浙江省杭州市西湖区文三路 478 号',
      contactPhone: '13912345678',
      contactEmail: 'finance@xinglian.cn',
    })
    .where(eq(enterprises.id, world.own.enterpriseId));
  const [platform] = await t.database.db
    .insert(bankPlatforms)
    .values({ tenantId: world.tenantA, platformName: '招商银行云直联', bankNo: 'CMB' })
    .returning({ id: bankPlatforms.id });
  await t.database.db.insert(virtualAccounts).values({
    ...world.own,
    platformId: platform.id,
    accountName: '杭州星联医药科技有限公司',
    accountNo: '571908765432100012',
  });
  await t.database.db.insert(enterpriseFeeConfigs).values({
    ...world.own,
    base: 'payable',
    tiers: [
      { upToFen: 3_000_000, rateBp: 600 },
      { upToFen: null, rateBp: 750 },
    ],
  });
});

describe('enterprise info', () => {
  it('answers basic info, masked contacts, the paying banks and the tiered fee', async () => {
    for (const session of [world.staffA, world.admin, world.enterpriseUser]) {
      const response = await get(session, { id: world.own.enterpriseId, tenantId: world.tenantA });
      expect(response.json().success, session.username).toBe(true);
      const info = response.json().result;
      expect(info).toMatchObject({
        id: world.own.enterpriseId,
        tenantId: world.tenantA,
        address: '浙江省杭州市西湖区文三路 478 号',
        contactPhone: '139****5678',
        status: 1,
        projectCount: 0,
        fee: {
          feeMode: 1,
          chargingMode: 1,
          feeList: [
            { start: '0', end: '30000', fee: '6.00' },
            { start: '30000', end: null, fee: '7.50' },
          ],
        },
        pendingFee: null,
      });
      expect(info.contactEmail).not.toBe('finance@xinglian.cn');
      expect(info.payVos).toHaveLength(1);
      expect(info.payVos[0].bankAccount).not.toBe('571908765432100012');
      expect(info.payVos[0].bankAccount.endsWith('0012')).toBe(true);
    }
  });

  it('answers fee null without a configuration', async () => {
    const info = (await get(world.staffA, { id: world.sibling.enterpriseId })).json().result;
    expect(info).toMatchObject({ id: world.sibling.enterpriseId, fee: null, payVos: [] });
  });

  it('walls other tenants and enterprises: 企业不存在', async () => {
    for (const [session, id] of [
      [world.enterpriseUser, world.sibling.enterpriseId],
      [world.enterpriseUser, world.foreign.enterpriseId],
      [world.staffA, world.foreign.enterpriseId],
      [world.staffB, world.own.enterpriseId],
    ] as const) {
      const response = await get(session, { id });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('企业不存在');
    }
    // the right enterprise on the wrong platform is not found either
    expect((await get(world.admin, { id: world.own.enterpriseId, tenantId: world.tenantB })).statusCode).toBe(404);
    expect((await get(world.admin, { id: world.foreign.enterpriseId })).json().success).toBe(true);
  });

  it('refuses bad input and a session without the code', async () => {
    const bad = await get(world.staffA, { id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^业务编号：/);
    const negative = await get(world.staffA, { id: world.own.enterpriseId, tenantId: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toMatch(/^平台ID：/);
    expect((await get(withoutCode, { id: world.own.enterpriseId })).statusCode).toBe(403);
  });
});
