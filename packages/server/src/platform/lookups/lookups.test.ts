import crypto from 'node:crypto';
import { LOOKUP_KINDS, LOOKUP_PAGE, LOOKUPS, type LookupKind, MSG, maskAccountNo } from '@fieldpay/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import {
  askLookup,
  createLookupWorld,
  insertBankPlatform,
  insertContract,
  insertPerson,
  insertProject,
  insertShare,
  insertWechatUser,
  type LookupWorld,
  labelsOf,
  marker,
  type Owner,
  setEnterprise,
} from '../../../test/lookups';
import type { Database } from '../../db/client';
import {
  bankBranches,
  channelAccounts,
  contractEnterprises,
  contractPersons,
  customers,
  enterpriseMembers,
  labels,
  organisations,
  personAgreements,
  productAuthorisations,
  products,
  projectPersons,
  roles,
  tags,
  taxSources,
  users,
  virtualAccounts,
} from '../../db/schema';
import { hashPassword } from '../auth/passwords';

const t = useTestApp();
let world: LookupWorld;
beforeAll(async () => {
  world = await createLookupWorld(t);
});

type Visibility = 'enterprise' | 'tenant' | 'global';
type Seeder = (database: Database, owner: Owner, name: string) => Promise<void>;

const random = (digits: number) =>
  Array.from(crypto.randomBytes(digits), (byte) => String(byte % 10))
    .join('')
    .replace(/^0/, '6');

async function enterpriseRoleId(database: Database, tenantId: number): Promise<number> {
  const [role] = await database.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.code, 'enterprise_admin')));
  return role.id;
}

/**
 * For every kind whose rows an owner (tenant, enterprise) holds: how to make one row named
 * `name`, and whose rows each kind of viewer may see.
 */
const SCOPED: Array<{ kind: LookupKind; visibility: Visibility; seed: Seeder; numeric?: boolean }> = [
  { kind: 'enterprise', visibility: 'enterprise', seed: (db, o, name) => setEnterprise(db, o.enterpriseId, { name }) },
  {
    kind: 'organisation',
    visibility: 'enterprise',
    seed: async (db, o, orgName) => {
      await db.db.insert(organisations).values({ ...o, orgName, orgType: 'hospital' });
    },
  },
  {
    kind: 'customer',
    visibility: 'enterprise',
    seed: async (db, o, cusName) => {
      const [org] = await db.db
        .insert(organisations)
        .values({ ...o, orgName: `${cusName}所在医院`, orgType: 'hospital' })
        .returning({ id: organisations.id });
      await db.db.insert(customers).values({ ...o, organisationId: org.id, cusName, cusType: 'hospital' });
    },
  },
  {
    kind: 'product',
    visibility: 'enterprise',
    seed: async (db, o, productName) => {
      await db.db.insert(products).values({ ...o, productName });
    },
  },
  {
    kind: 'tax',
    visibility: 'tenant',
    seed: async (db, o, taxName) => {
      await db.db.insert(taxSources).values({ tenantId: o.tenantId, taxName });
    },
  },
  {
    kind: 'enterpriseAccount',
    visibility: 'enterprise',
    seed: async (db, o, realname) => {
      const [user] = await db.db
        .insert(users)
        .values({
          side: 'enterprise',
          username: `136${random(8)}`,
          realname,
          passwordHash: await hashPassword('Enterprise@12345'),
        })
        .returning({ id: users.id });
      await db.db
        .insert(enterpriseMembers)
        .values({ userId: user.id, ...o, roleId: await enterpriseRoleId(db, o.tenantId) });
    },
  },
  {
    kind: 'employee',
    visibility: 'enterprise',
    seed: async (db, o, name) => {
      const projectId = await insertProject(db, o, { projectName: `${name}的项目` });
      const personId = await insertPerson(db, o.tenantId, { name });
      await db.db.insert(projectPersons).values({ ...o, projectId, personId });
    },
  },
  {
    kind: 'project',
    visibility: 'enterprise',
    seed: async (db, o, projectName) => {
      await insertProject(db, o, { projectName });
    },
  },
  {
    kind: 'signer',
    visibility: 'enterprise',
    seed: async (db, o, name) => {
      const personId = await insertPerson(db, o.tenantId, { name });
      const contractId = await insertContract(db, o.tenantId, {
        contractName: '项目服务协议',
        type: 2,
        enterpriseId: o.enterpriseId,
      });
      await db.db
        .insert(personAgreements)
        .values({ ...o, contractId, personId, contractSn: `QS${random(12)}`, signedAt: new Date() });
    },
  },
  {
    kind: 'authorisedProduct',
    visibility: 'enterprise',
    seed: async (db, o, productName) => {
      const [product] = await db.db
        .insert(products)
        .values({ ...o, productName })
        .returning({ id: products.id });
      await db.db.insert(productAuthorisations).values({ ...o, productId: product.id, authorisedOn: '2026-03-01' });
    },
  },
  {
    kind: 'tag',
    visibility: 'tenant',
    seed: async (db, o, tag) => {
      await db.db.insert(tags).values({ tenantId: o.tenantId, tag, type: 1 });
    },
  },
  {
    kind: 'wechatUser',
    visibility: 'enterprise',
    seed: async (db, o, name) => {
      await insertWechatUser(db, o, name);
    },
  },
  {
    kind: 'firstSender',
    visibility: 'enterprise',
    seed: async (db, o, name) => {
      const first = await insertWechatUser(db, o, name);
      const reader = await insertWechatUser(db, o, '读者');
      await insertShare(db, o, { first, sender: first, reader });
    },
  },
  {
    kind: 'sender',
    visibility: 'enterprise',
    seed: async (db, o, name) => {
      const first = await insertWechatUser(db, o, '发起人');
      const sender = await insertWechatUser(db, o, name);
      const reader = await insertWechatUser(db, o, '读者');
      await insertShare(db, o, { first, sender, reader });
    },
  },
  {
    kind: 'contractEnterprise',
    visibility: 'enterprise',
    seed: async (db, o, name) => {
      await db.db.insert(contractEnterprises).values({ ...o, name, taxNumber: `91330106${random(10)}` });
    },
  },
  {
    kind: 'contract',
    visibility: 'enterprise',
    seed: async (db, o, contractName) => {
      await insertContract(db, o.tenantId, { contractName, type: 2, enterpriseId: o.enterpriseId });
    },
  },
  {
    kind: 'contractPerson',
    visibility: 'enterprise',
    seed: async (db, o, name) => {
      await db.db.insert(contractPersons).values({ ...o, name, phone: `135${random(8)}` });
    },
  },
  {
    kind: 'label',
    visibility: 'enterprise',
    seed: async (db, o, name) => {
      await db.db.insert(labels).values({ ...o, name });
    },
  },
  {
    kind: 'bankPlatform',
    visibility: 'tenant',
    seed: async (db, o, name) => {
      await insertBankPlatform(db, o.tenantId, name);
    },
  },
  {
    kind: 'virtualAccount',
    visibility: 'enterprise',
    seed: async (db, o, accountName) => {
      const platformId = await insertBankPlatform(db, o.tenantId, `${accountName}的平台`);
      await db.db.insert(virtualAccounts).values({ ...o, platformId, accountName, accountNo: random(10) });
    },
  },
  {
    kind: 'bankBranch',
    visibility: 'global',
    seed: async (db, _o, bankBranchName) => {
      await db.db.insert(bankBranches).values({ cnapsCode: random(12), bankNo: 'ICBC', bankBranchName });
    },
  },
  {
    kind: 'channelAccount',
    visibility: 'tenant',
    numeric: true,
    seed: async (db, o, accountNo) => {
      const platformId = await insertBankPlatform(db, o.tenantId, `通道${accountNo}`);
      await db.db
        .insert(channelAccounts)
        .values({ tenantId: o.tenantId, platformId, accountNo, accountName: '上海易众信息技术有限公司' });
    },
  },
];

describe('every lookup is scoped to the session', () => {
  it('the table covers every kind except those scoped their own way (tested below and per module)', () => {
    const special: LookupKind[] = ['tenant', 'enterpriseTenant', 'dataProject', 'taskType'];
    expect([...SCOPED.map((s) => s.kind), ...special].sort()).toEqual([...LOOKUP_KINDS].sort());
  });

  it.each(SCOPED)('$kind: a foreign tenant’s rows never appear', async ({ kind, visibility, seed, numeric }) => {
    const search = numeric ? random(9) : marker();
    const names = { own: `${search}1`, sibling: `${search}2`, foreign: `${search}3` };
    await seed(t.database, world.own, names.own);
    await seed(t.database, world.sibling, names.sibling);
    await seed(t.database, world.foreign, names.foreign);
    const query = { [LOOKUPS[kind].searchKey]: search };
    const seen = async (session: keyof Pick<LookupWorld, 'admin' | 'staffA' | 'staffB' | 'enterpriseUser'>) => {
      const answer = await askLookup(t.app, world[session], kind, query);
      expect(answer.status, `${kind} as ${session}: ${answer.message}`).toBe(200);
      expect(answer.total).toBe(answer.records.length);
      return labelsOf(answer);
    };
    const all = [names.own, names.sibling, names.foreign];
    expect(await seen('admin')).toEqual(all);
    if (visibility === 'global') {
      for (const viewer of ['staffA', 'staffB', 'enterpriseUser'] as const) expect(await seen(viewer)).toEqual(all);
      return;
    }
    expect(await seen('staffA')).toEqual([names.own, names.sibling]);
    expect(await seen('staffB')).toEqual([names.foreign]);
    if (kind === 'channelAccount') {
      // enterprise users see account numbers masked and find them by the digits shown (personal-data.test.ts)
      const answer = await askLookup(t.app, world.enterpriseUser, kind, { accountNo: search.slice(-3) });
      const labels = labelsOf(answer);
      expect(labels).toEqual(expect.arrayContaining([maskAccountNo(names.own), maskAccountNo(names.sibling)]));
      expect(labels).not.toContain(maskAccountNo(names.foreign));
      return;
    }
    expect(await seen('enterpriseUser')).toEqual(visibility === 'tenant' ? [names.own, names.sibling] : [names.own]);
  });

  it('the tenant lookup answers the tenants of the session, like /api/sys2/tenant/queryList', async () => {
    const ids = async (session: LookupWorld['admin']) =>
      (await askLookup(t.app, session, 'tenant', { pageSize: 100 })).records.map((r) => r.value);
    expect(await ids(world.staffA)).toEqual([world.tenantA]);
    expect(await ids(world.enterpriseUser)).toEqual([world.tenantA]);
    const all = await ids(world.admin);
    expect(all).toEqual(expect.arrayContaining([world.tenantA, world.tenantB]));
    expect(all).not.toContain(0);
  });

  it('a tenant id from the client narrows the scope but never widens it', async () => {
    const search = marker();
    await t.database.db.insert(taxSources).values([
      { tenantId: world.tenantA, taxName: `${search}甲` },
      { tenantId: world.tenantB, taxName: `${search}乙` },
    ]);
    const narrowed = await askLookup(t.app, world.admin, 'tax', { taxName: search, tenantId: world.tenantB });
    expect(labelsOf(narrowed)).toEqual([`${search}乙`]);
    const foreign = await askLookup(t.app, world.staffA, 'tax', { taxName: search, tenantId: world.tenantB });
    expect(foreign).toMatchObject({ status: 200, records: [], total: 0 });
    const ownAsked = await askLookup(t.app, world.enterpriseUser, 'tax', { taxName: search, tenantId: world.tenantA });
    expect(labelsOf(ownAsked)).toEqual([`${search}甲`]);
  });
});

describe('paging', () => {
  let search: string;
  beforeAll(async () => {
    search = marker('页');
    await t.database.db
      .insert(taxSources)
      .values(Array.from({ length: 125 }, (_, i) => ({ tenantId: world.tenantA, taxName: `${search}${i}` })));
  });

  it('pages 20 at a time from page 1 by default', async () => {
    const first = await askLookup(t.app, world.staffA, 'tax', { taxName: search });
    expect(first.records).toHaveLength(20);
    expect(first.total).toBe(125);
    const seventh = await askLookup(t.app, world.staffA, 'tax', { taxName: search, pageNo: 7 });
    expect(seventh.records).toHaveLength(5);
    const names = new Set<unknown>();
    for (let pageNo = 1; pageNo <= 7; pageNo++) {
      for (const r of (await askLookup(t.app, world.staffA, 'tax', { taxName: search, pageNo })).records)
        names.add(r.label);
    }
    expect(names.size).toBe(125);
  });

  it('clamps huge, negative and unreadable page values instead of failing', async () => {
    const huge = await askLookup(t.app, world.staffA, 'tax', { taxName: search, pageSize: 100000000, pageNo: 1 });
    expect(huge.status).toBe(200);
    expect(huge.records).toHaveLength(LOOKUP_PAGE.maxPageSize);
    const far = await askLookup(t.app, world.staffA, 'tax', { taxName: search, pageNo: '999999999999999999999' });
    expect(far).toMatchObject({ status: 200, records: [], total: 125 });
    const tiny = await askLookup(t.app, world.staffA, 'tax', { taxName: search, pageSize: -5, pageNo: -2 });
    expect(tiny.records).toHaveLength(1);
    const junk = await askLookup(t.app, world.staffA, 'tax', { taxName: search, pageSize: 'abc', pageNo: '1;drop' });
    expect(junk.records).toHaveLength(20);
  });
});

describe('search text', () => {
  it('treats LIKE wildcards and the escape character as plain characters', async () => {
    const search = marker('配');
    const names = [
      `${search}100%达标`,
      `${search}100x达标`,
      `${search}a_b`,
      `${search}axb`,
      `${search}c\\d`,
      `${search}cd`,
    ];
    await t.database.db.insert(taxSources).values(names.map((taxName) => ({ tenantId: world.tenantA, taxName })));
    const find = async (text: string) =>
      labelsOf(await askLookup(t.app, world.staffA, 'tax', { taxName: `${search}${text}` }));
    expect(await find('100%')).toEqual([`${search}100%达标`]);
    expect(await find('a_b')).toEqual([`${search}a_b`]);
    expect(await find('c\\d')).toEqual([`${search}c\\d`]);
    expect(labelsOf(await askLookup(t.app, world.staffA, 'tax', { taxName: '%' }))).toEqual([`${search}100%达标`]);
  });

  it('refuses over 30 characters with a message naming the field, and ignores unknown keys', async () => {
    const long = await askLookup(t.app, world.staffA, 'tax', { taxName: '税'.repeat(31) });
    expect(long).toMatchObject({ status: 400, success: false, message: '税源地名称：最多输入30个字符' });
    const unknown = await askLookup(t.app, world.staffA, 'tax', {
      taxName: marker(),
      table: 'users',
      column: 'password_hash',
      orderBy: 'id; drop table users',
    });
    expect(unknown).toMatchObject({ status: 200, records: [], total: 0 });
    const badFilter = await askLookup(t.app, world.staffA, 'organisation', { auditStatus: 'x' });
    expect(badFilter.status).toBe(400);
    expect(badFilter.message).toMatch(/^审核状态：/);
  });
});

describe('the lookup path', () => {
  it('answers 暂无数据-ready empty pages, 404 for kinds outside the catalogue and 401 without a session', async () => {
    const empty = await askLookup(t.app, world.admin, 'label', { name: marker() });
    expect(empty).toMatchObject({ status: 200, success: true, records: [], total: 0 });
    const unknown = await askLookup(t.app, world.admin, 'users');
    expect(unknown).toMatchObject({ status: 404, success: false, message: MSG.lookupUnknown });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/sys/lookup/tax' });
    expect(anonymous.statusCode).toBe(401);
    const anonymousUnknown = await t.app.inject({ method: 'GET', url: '/api/sys/lookup/users' });
    expect(anonymousUnknown.statusCode).toBe(401);
  });

  it('documents every kind in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const kind of LOOKUP_KINDS) expect(Object.keys(document.paths)).toContain(`/api/sys/lookup/${kind}`);
    expect(Object.keys(document.paths)).not.toContain('/api/sys/lookup/{kind}');
  });
});
