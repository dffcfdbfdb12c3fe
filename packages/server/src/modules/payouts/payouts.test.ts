import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import {
  askLookup,
  createLookupWorld,
  insertBankPlatform,
  type LookupWorld,
  labelsOf,
  marker,
} from '../../../test/lookups';
import { bankBranches, channelAccounts, virtualAccounts } from '../../db/schema';

const t = useTestApp();
let world: LookupWorld;
let search: string;
let cmb: number;
let scp: number;

beforeAll(async () => {
  world = await createLookupWorld(t);
  search = marker('银');
  cmb = await insertBankPlatform(t.database, world.tenantA, `${search}招商银行CBS直连`, 'CMB');
  scp = await insertBankPlatform(t.database, world.tenantA, `${search}聚合支付通道`, 'SCP');
});

describe('bank platform lookup', () => {
  it('names the bank from the bank_type dictionary', async () => {
    const answer = await askLookup(t.app, world.enterpriseUser, 'bankPlatform', { platformName: search });
    expect(answer.records.map((r) => [r.bankNo, r.bankNoText])).toEqual([
      ['CMB', '招商银行'],
      ['SCP', '聚合支付通道'],
    ]);
  });
});

describe('virtual account lookup', () => {
  it('filters by accountName and platformId', async () => {
    await t.database.db.insert(virtualAccounts).values([
      { ...world.own, platformId: cmb, accountName: `${search}星联医药`, accountNo: '7310000001' },
      { ...world.own, platformId: scp, accountName: `${search}星联医药`, accountNo: '7310000002' },
    ]);
    const onCmb = await askLookup(t.app, world.enterpriseUser, 'virtualAccount', {
      accountName: search,
      platformId: cmb,
    });
    // enterprise users see the number masked (personal-data.test.ts)
    expect(onCmb.records).toEqual([
      expect.objectContaining({
        accountNo: '**** **** **** 0001',
        platformName: `${search}招商银行CBS直连`,
        description: `**** **** **** 0001 · ${search}招商银行CBS直连`,
      }),
    ]);
    expect((await askLookup(t.app, world.enterpriseUser, 'virtualAccount', { accountName: search })).total).toBe(2);
  });
});

describe('channel account lookup', () => {
  it('searches by account number', async () => {
    await t.database.db.insert(channelAccounts).values([
      {
        tenantId: world.tenantA,
        platformId: cmb,
        accountNo: '571912345678901',
        accountName: '上海易众信息技术有限公司',
      },
      {
        tenantId: world.tenantA,
        platformId: scp,
        accountNo: '571998765432109',
        accountName: '上海易众信息技术有限公司',
      },
    ]);
    const answer = await askLookup(t.app, world.staffA, 'channelAccount', { accountNo: '5719123' });
    expect(answer.records).toEqual([
      expect.objectContaining({ label: '571912345678901', platformId: cmb, tenantId: world.tenantA }),
    ]);
  });
});

describe('bank branch lookup', () => {
  it('searches the branch directory by name and names the bank', async () => {
    await t.database.db.insert(bankBranches).values([
      { cnapsCode: '308331000018', bankNo: 'CMB', bankBranchName: `招商银行股份有限公司杭州分行营业部${search}` },
      { cnapsCode: '102331000027', bankNo: 'ICBC', bankBranchName: `中国工商银行股份有限公司杭州西湖支行${search}` },
    ]);
    const answer = await askLookup(t.app, world.enterpriseUser, 'bankBranch', {
      bankBranchName: `杭州分行营业部${search}`,
    });
    expect(answer.records).toEqual([
      expect.objectContaining({
        cnapsCode: '308331000018',
        bankNo: 'CMB',
        bankName: '招商银行',
        description: '联行号 308331000018',
      }),
    ]);
    expect(labelsOf(await askLookup(t.app, world.staffB, 'bankBranch', { bankBranchName: search }))).toHaveLength(2);
  });
});
