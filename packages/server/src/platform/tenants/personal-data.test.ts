import { DESENSITIZATION_TOKEN_HEADER, type LoginUserInfo } from '@fieldpay/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, unmaskToken, useTestApp } from '../../../test/app';
import { askLookup, createLookupWorld, insertBankPlatform, type LookupWorld, marker } from '../../../test/lookups';
import { channelAccounts, tenants, virtualAccounts } from '../../db/schema';

const t = useTestApp();
let world: LookupWorld;
let search: string;
const CONTACT = '张伟 13812345678';
const MASKED_CONTACT = '张* 138****5678';

beforeAll(async () => {
  world = await createLookupWorld(t);
  search = marker('账');
  await t.database.db.update(tenants).set({ contracts: CONTACT }).where(eq(tenants.id, world.tenantA));
  const platform = await insertBankPlatform(t.database, world.tenantA, `${search}招商银行CBS直连`, 'CMB');
  await t.database.db
    .insert(virtualAccounts)
    .values({ ...world.own, platformId: platform, accountName: `${search}星联医药`, accountNo: '7310000001' });
  await t.database.db.insert(channelAccounts).values({
    tenantId: world.tenantA,
    platformId: platform,
    accountNo: '571912345678901',
    accountName: `${search}上海易众`,
  });
});

const get = (session: LoginUserInfo, url: string, token?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...authHeaders(session), ...(token ? { [DESENSITIZATION_TOKEN_HEADER]: token } : {}) },
  });

async function contactsSeenBy(session: LoginUserInfo, token?: string): Promise<string[]> {
  const byIds = (await get(session, `/api/sys2/tenant/queryByIds?ids=${world.tenantA}`, token)).json().result;
  const list = (await get(session, '/api/sys2/tenant/queryList?pageSize=100', token)).json().result.records;
  const tenantLookup = (await get(session, '/api/sys/lookup/tenant?pageSize=100', token)).json().result.records;
  const found = [...byIds, ...list, ...tenantLookup].filter((row: { id: number }) => row.id === world.tenantA);
  expect(found).toHaveLength(3);
  return found.map((row: { contracts: string }) => row.contracts);
}

describe("a tenant's contact", () => {
  it('is masked for tenant staff and enterprise users in lists, by ids and in lookups', async () => {
    for (const session of [world.staffA, world.enterpriseUser]) {
      expect(await contactsSeenBy(session)).toEqual([MASKED_CONTACT, MASKED_CONTACT, MASKED_CONTACT]);
    }
    const enterpriseTenants = (await get(world.enterpriseUser, '/api/sys/lookup/enterpriseTenant?pageSize=100')).json()
      .result.records;
    expect(enterpriseTenants.find((row: { id: number }) => row.id === world.tenantA).contracts).toBe(MASKED_CONTACT);
  });

  it('is shown with a live unmask token of the session, and a bad token is refused', async () => {
    const token = await unmaskToken(t, world.enterpriseUser);
    expect(await contactsSeenBy(world.enterpriseUser, token)).toEqual([CONTACT, CONTACT, CONTACT]);
    // another session's token unlocks nothing
    const refused = await get(world.staffA, `/api/sys2/tenant/queryByIds?ids=${world.tenantA}`, token);
    expect(refused.statusCode).toBe(403);
  });

  it('the platform operator, who keeps the tenant register, sees it', async () => {
    expect(await contactsSeenBy(world.admin)).toEqual([CONTACT, CONTACT, CONTACT]);
  });
});

describe('corporate account numbers', () => {
  it('are masked for enterprise users unless they present an unmask token', async () => {
    const virtual = await askLookup(t.app, world.enterpriseUser, 'virtualAccount', { accountName: search });
    expect(virtual.records).toEqual([
      expect.objectContaining({
        accountNo: '**** **** **** 0001',
        description: `**** **** **** 0001 · ${search}招商银行CBS直连`,
      }),
    ]);
    const channel = await askLookup(t.app, world.enterpriseUser, 'channelAccount', { pageSize: 100 });
    const own = channel.records.filter((row) => row.tenantId === world.tenantA);
    expect(own.map((row) => [row.accountNo, row.label])).toEqual([['**** **** **** 8901', '**** **** **** 8901']]);
    expect(JSON.stringify([virtual, channel])).not.toMatch(/7310000001|571912345678901/);
    // searching a masked number matches only the digits it shows, else the search would spell it out
    const probe = await askLookup(t.app, world.enterpriseUser, 'channelAccount', { accountNo: '5719123' });
    expect(probe.records.filter((row) => row.tenantId === world.tenantA)).toEqual([]);
    const byShown = await askLookup(t.app, world.enterpriseUser, 'channelAccount', { accountNo: '8901' });
    expect(byShown.records.filter((row) => row.tenantId === world.tenantA)).toHaveLength(1);

    const token = await unmaskToken(t, world.enterpriseUser);
    const unmasked = await get(
      world.enterpriseUser,
      `/api/sys/lookup/virtualAccount?accountName=${encodeURIComponent(search)}`,
      token,
    );
    expect(unmasked.json().result.records[0].accountNo).toBe('7310000001');
  });

  it('tenant staff see their own channel accounts in full', async () => {
    const channel = await askLookup(t.app, world.staffA, 'channelAccount', { accountNo: '5719123' });
    expect(channel.records.map((row) => row.label)).toEqual(['571912345678901']);
  });
});
