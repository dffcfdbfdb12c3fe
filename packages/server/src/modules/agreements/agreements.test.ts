import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import {
  askLookup,
  createLookupWorld,
  insertContract,
  insertPerson,
  type LookupWorld,
  labelsOf,
  marker,
} from '../../../test/lookups';
import { contractPersons, personAgreements } from '../../db/schema';

const t = useTestApp();
let world: LookupWorld;
let search: string;

beforeAll(async () => {
  world = await createLookupWorld(t);
  search = marker('协');
});

describe('contract lookup', () => {
  it('filters by type; enterprise users see their tenant’s platform agreements and only their own project agreements', async () => {
    await insertContract(t.database, world.tenantA, { contractName: `${search}平台服务协议`, type: 1 });
    await insertContract(t.database, world.tenantA, {
      contractName: `${search}本企业项目协议`,
      type: 2,
      enterpriseId: world.own.enterpriseId,
    });
    await insertContract(t.database, world.tenantA, {
      contractName: `${search}他企业项目协议`,
      type: 2,
      enterpriseId: world.sibling.enterpriseId,
    });
    await insertContract(t.database, world.tenantB, { contractName: `${search}他平台协议`, type: 1 });
    expect(labelsOf(await askLookup(t.app, world.enterpriseUser, 'contract', { name: search }))).toEqual(
      [`${search}平台服务协议`, `${search}本企业项目协议`].sort(),
    );
    expect(labelsOf(await askLookup(t.app, world.staffA, 'contract', { name: search, type: 2 }))).toEqual(
      [`${search}他企业项目协议`, `${search}本企业项目协议`].sort(),
    );
    const platform = await askLookup(t.app, world.admin, 'contract', { name: search, type: 1 });
    expect(labelsOf(platform)).toEqual([`${search}他平台协议`, `${search}平台服务协议`].sort());
    expect(platform.records[0].description).toMatch(/ · 平台协议$/);
  });
});

describe('contract person lookup', () => {
  it('filters by status 0 (valid) and masks phones', async () => {
    await t.database.db.insert(contractPersons).values([
      { ...world.own, name: `${search}赵敏`, phone: '13900001111', status: 0 },
      { ...world.own, name: `${search}钱进`, phone: '13900002222', status: 1 },
    ]);
    const valid = await askLookup(t.app, world.enterpriseUser, 'contractPerson', { name: search, status: 0 });
    expect(valid.records).toEqual([
      expect.objectContaining({ label: `${search}赵敏`, phone: '139****1111', status: 0 }),
    ]);
    expect((await askLookup(t.app, world.enterpriseUser, 'contractPerson', { name: search })).total).toBe(2);
  });
});

describe('signer lookup', () => {
  it('lists persons who signed, filtered by login flag; unsigned agreements do not count', async () => {
    const platformAgreement = await insertContract(t.database, world.tenantA, {
      contractName: '平台服务协议',
      type: 1,
    });
    const projectAgreement = await insertContract(t.database, world.tenantA, {
      contractName: '项目协议',
      type: 2,
      enterpriseId: world.own.enterpriseId,
    });
    const signedProject = await insertPerson(t.database, world.tenantA, { name: `${search}签了项目`, loginFlag: 0 });
    const signedPlatform = await insertPerson(t.database, world.tenantA, { name: `${search}签了平台`, loginFlag: 1 });
    const unsigned = await insertPerson(t.database, world.tenantA, { name: `${search}未签署`, loginFlag: 0 });
    await t.database.db.insert(personAgreements).values([
      {
        ...world.own,
        contractId: projectAgreement,
        personId: signedProject,
        contractSn: `${search}-1`,
        signedAt: new Date(),
      },
      {
        tenantId: world.tenantA,
        contractId: platformAgreement,
        personId: signedPlatform,
        contractSn: `${search}-2`,
        signedAt: new Date(),
      },
      { ...world.own, contractId: projectAgreement, personId: unsigned, contractSn: `${search}-3`, signedAt: null },
    ]);
    expect(labelsOf(await askLookup(t.app, world.staffA, 'signer', { name: search }))).toEqual(
      [`${search}签了项目`, `${search}签了平台`].sort(),
    );
    expect(labelsOf(await askLookup(t.app, world.staffA, 'signer', { name: search, loginFlagType: 1 }))).toEqual([
      `${search}签了平台`,
    ]);
    // the enterprise sees who signed its own project agreements, not the platform's agreements
    expect(labelsOf(await askLookup(t.app, world.enterpriseUser, 'signer', { name: search }))).toEqual([
      `${search}签了项目`,
    ]);
    const refused = await askLookup(t.app, world.staffA, 'signer', { loginFlagType: 9 });
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/^登录状态：/);
  });
});
