import { MSG } from '@fieldpay/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEnterpriseUser, createTenant, login, useTestApp } from '../../../test/app';
import { askLookup, createLookupWorld, type LookupWorld, labelsOf, marker, setEnterprise } from '../../../test/lookups';
import { labels, tags, users } from '../../db/schema';
import { eq } from 'drizzle-orm';

const t = useTestApp();
let world: LookupWorld;
beforeAll(async () => {
  world = await createLookupWorld(t);
});

describe('enterprise lookup', () => {
  it('flags disabled enterprises (status 2) unless a status filter is given', async () => {
    const search = marker('企');
    await setEnterprise(t.database, world.own.enterpriseId, {
      name: `${search}启用企业`,
      status: 1,
      contactPhone: '13912345678',
    });
    await setEnterprise(t.database, world.sibling.enterpriseId, { name: `${search}禁用企业`, status: 2 });
    const answer = await askLookup(t.app, world.staffA, 'enterprise', { name: search });
    expect(answer.records.map((r) => [r.label, r.disabled])).toEqual([
      [`${search}启用企业`, false],
      [`${search}禁用企业`, true],
    ]);
    const filtered = await askLookup(t.app, world.staffA, 'enterprise', { name: search, status: 2 });
    expect(filtered.records).toEqual([expect.objectContaining({ label: `${search}禁用企业`, disabled: false })]);
    // the platform's name and the contact phone, masked (spec 3 §7)
    expect(answer.records[0]).toMatchObject({
      tenantId: world.tenantA,
      tenantName: expect.any(String),
      enterpriseSn: expect.any(String),
      contactPhone: '139****5678',
    });
  });
});

describe('tenants under an enterprise', () => {
  it('needs an enterprise on the platform side', async () => {
    const answer = await askLookup(t.app, world.admin, 'enterpriseTenant');
    expect(answer).toMatchObject({ status: 400, message: MSG.chooseEnterpriseFirst });
  });

  it('lists the tenants the company works on, within the principal’s tenants', async () => {
    const c = await createTenant(t.database);
    const company = await createEnterpriseUser(t.database, { tenantIds: [world.tenantA, c] });
    const [onA, onC] = company.enterpriseIds;
    const admin = await askLookup(t.app, world.admin, 'enterpriseTenant', { enterpriseId: onA });
    expect(admin.records.map((r) => [r.value, r.enterpriseId])).toEqual([
      [world.tenantA, onA],
      [c, onC],
    ]);
    expect(
      (await askLookup(t.app, world.staffA, 'enterpriseTenant', { enterpriseId: onA })).records.map((r) => r.value),
    ).toEqual([world.tenantA]);
    // staff of tenant A may not read a company through its row on another tenant
    expect((await askLookup(t.app, world.staffA, 'enterpriseTenant', { enterpriseId: onC })).total).toBe(0);

    const member = await login(t.app, 'enterprise', company.username, company.password);
    expect((await askLookup(t.app, member, 'enterpriseTenant')).records.map((r) => r.value)).toEqual([
      world.tenantA,
      c,
    ]);
    // another company's id finds nothing for an enterprise user
    expect(
      (await askLookup(t.app, member, 'enterpriseTenant', { enterpriseId: world.foreign.enterpriseId })).total,
    ).toBe(0);
  });
});

describe('enterprise account lookup', () => {
  it('answers one record per user with the login number masked', async () => {
    const search = marker('账');
    const company = await createEnterpriseUser(t.database, { tenantIds: [world.tenantA, world.tenantB] });
    await t.database.db
      .update(users)
      .set({ realname: `${search}陈静` })
      .where(eq(users.id, company.id));
    const admin = await askLookup(t.app, world.admin, 'enterpriseAccount', { realName: search });
    expect(admin.total).toBe(1);
    expect(admin.records[0]).toMatchObject({ value: company.id, realName: `${search}陈静` });
    expect(admin.records[0].account).toMatch(/^139\*{4}\d{4}$/);
    expect(JSON.stringify(admin.records)).not.toContain(company.username);
    const staffB = await askLookup(t.app, world.staffB, 'enterpriseAccount', { realName: search });
    expect(staffB.records[0].enterpriseId).toBe(company.enterpriseIds[1]);
  });
});

describe('tag and label lookups', () => {
  it('enterprise users see the tags of every tenant they work on; type and tenantId narrow', async () => {
    const search = marker('签');
    await t.database.db.insert(tags).values([
      { tenantId: world.tenantA, tag: `${search}重点客户`, type: 1 },
      { tenantId: world.tenantA, tag: `${search}资深代表`, type: 2 },
      { tenantId: world.tenantB, tag: `${search}长期合作`, type: 1 },
    ]);
    const company = await createEnterpriseUser(t.database, { tenantIds: [world.tenantA, world.tenantB] });
    const member = await login(t.app, 'enterprise', company.username, company.password);
    expect(labelsOf(await askLookup(t.app, member, 'tag', { tag: search, type: 1 }))).toEqual(
      [`${search}重点客户`, `${search}长期合作`].sort(),
    );
    expect(labelsOf(await askLookup(t.app, member, 'tag', { tag: search, tenantId: world.tenantB }))).toEqual([
      `${search}长期合作`,
    ]);
    const staff = await askLookup(t.app, world.staffA, 'tag', { tag: search });
    expect(staff.records.map((r) => [r.label, r.description])).toEqual([
      [`${search}重点客户`, '企业标签'],
      [`${search}资深代表`, '人员标签'],
    ]);
  });

  it('labels belong to one enterprise', async () => {
    const search = marker('注');
    await t.database.db.insert(labels).values([
      { ...world.own, name: `${search}华东大区` },
      { ...world.sibling, name: `${search}院内市场` },
    ]);
    expect(labelsOf(await askLookup(t.app, world.enterpriseUser, 'label', { name: search }))).toEqual([
      `${search}华东大区`,
    ]);
  });
});
