import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { askLookup, createLookupWorld, type LookupWorld, labelsOf, marker } from '../../../test/lookups';
import { customers, organisations } from '../../db/schema';

const t = useTestApp();
let world: LookupWorld;
let search: string;

beforeAll(async () => {
  world = await createLookupWorld(t);
  search = marker('院');
  const orgs = await t.database.db
    .insert(organisations)
    .values([
      {
        ...world.own,
        orgName: `${search}第一人民医院`,
        orgType: 'hospital',
        auditStatus: 1,
        province: '浙江省',
        city: '杭州市',
        area: '西湖区',
        address: '文三路12号',
      },
      { ...world.own, orgName: `${search}大药房（解放路店）`, orgType: 'pharmacy', auditStatus: 0 },
      { ...world.own, orgName: `${search}社区卫生服务站`, orgType: 'clinic', auditStatus: 2 },
    ])
    .returning({ id: organisations.id });
  await t.database.db.insert(customers).values([
    {
      ...world.own,
      organisationId: orgs[0].id,
      cusName: `${search}张医生`,
      cusType: 'hospital',
      department: '10',
      auditStatus: 1,
    },
    {
      ...world.own,
      organisationId: orgs[1].id,
      cusName: `${search}李药师`,
      cusType: 'pharmacy',
      department: '2',
      auditStatus: 0,
    },
  ]);
});

describe('organisation lookup', () => {
  it('filters by orgName, orgType and auditStatus and answers type name and address', async () => {
    const all = await askLookup(t.app, world.enterpriseUser, 'organisation', { orgName: search });
    expect(all.total).toBe(3);
    const hospitals = await askLookup(t.app, world.enterpriseUser, 'organisation', {
      orgName: search,
      orgType: 'hospital',
    });
    expect(hospitals.records).toEqual([
      expect.objectContaining({
        label: `${search}第一人民医院`,
        orgType: 'hospital',
        orgTypeName: '医院',
        auditStatus: 1,
        address: '浙江省杭州市西湖区文三路12号',
        description: '医院 · 浙江省杭州市西湖区文三路12号',
      }),
    ]);
    const pending = await askLookup(t.app, world.staffA, 'organisation', { orgName: search, auditStatus: 0 });
    expect(labelsOf(pending)).toEqual([`${search}大药房（解放路店）`]);
    const rejected = await askLookup(t.app, world.staffA, 'organisation', { orgName: search, auditStatus: 2 });
    expect(labelsOf(rejected)).toEqual([`${search}社区卫生服务站`]);
  });

  it("narrows the platform side to one enterprise's terminals with companyId", async () => {
    await t.database.db
      .insert(organisations)
      .values({ ...world.sibling, orgName: `${search}兄弟企业的医院`, orgType: 'hospital' });
    const all = await askLookup(t.app, world.staffA, 'organisation', { orgName: search });
    expect(all.total).toBe(4);
    const own = await askLookup(t.app, world.staffA, 'organisation', {
      orgName: search,
      companyId: world.own.enterpriseId,
    });
    expect(own.total).toBe(3);
    const sibling = await askLookup(t.app, world.staffA, 'organisation', {
      orgName: search,
      companyId: world.sibling.enterpriseId,
    });
    expect(labelsOf(sibling)).toEqual([`${search}兄弟企业的医院`]);
  });

  it('refuses an organisation type outside the dictionary', async () => {
    const answer = await askLookup(t.app, world.staffA, 'organisation', { orgType: 'bank' });
    expect(answer.status).toBe(400);
    expect(answer.message).toMatch(/^终端类型：/);
  });
});

describe('customer lookup', () => {
  it('filters by cusName, cusType and auditStatus and names the terminal', async () => {
    const pharmacists = await askLookup(t.app, world.enterpriseUser, 'customer', {
      cusName: search,
      cusType: 'pharmacy',
    });
    expect(pharmacists.records).toEqual([
      expect.objectContaining({
        label: `${search}李药师`,
        cusTypeName: '药店',
        orgName: `${search}大药房（解放路店）`,
        department: '2',
        auditStatus: 0,
      }),
    ]);
    const passed = await askLookup(t.app, world.admin, 'customer', { cusName: search, auditStatus: 1 });
    expect(labelsOf(passed)).toEqual([`${search}张医生`]);
    const foreign = await askLookup(t.app, world.staffB, 'customer', { cusName: search });
    expect(foreign.total).toBe(0);
  });
});
