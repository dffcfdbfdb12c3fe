/**
 * Test helpers of the remote-select lookups: a small world of two tenants and three enterprises
 * (two on tenant A, one on tenant B) with a session for each kind of viewer, factories for the
 * lookup tables, and one call to ask a lookup.
 */
import crypto from 'node:crypto';
import type { LoginUserInfo, LookupKind } from '@fieldpay/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client';
import { articleShares, bankPlatforms, contracts, enterprises, persons, projects, wechatUsers } from '../src/db/schema';
import { authHeaders, createEnterpriseUser, createPlatformUser, createTenant, login, type TestContext } from './app';

export interface Owner {
  tenantId: number;
  enterpriseId: number;
}

export interface LookupWorld {
  tenantA: number;
  tenantB: number;
  /** the enterprise of the enterprise-side session, on tenant A */
  own: Owner;
  /** another enterprise on tenant A */
  sibling: Owner;
  /** an enterprise on tenant B */
  foreign: Owner;
  admin: LoginUserInfo;
  staffA: LoginUserInfo;
  staffB: LoginUserInfo;
  enterpriseUser: LoginUserInfo;
}

export async function createLookupWorld(t: TestContext): Promise<LookupWorld> {
  const tenantA = await createTenant(t.database);
  const tenantB = await createTenant(t.database);
  const ownUser = await createEnterpriseUser(t.database, { tenantIds: [tenantA] });
  const siblingUser = await createEnterpriseUser(t.database, { tenantIds: [tenantA] });
  const foreignUser = await createEnterpriseUser(t.database, { tenantIds: [tenantB] });
  const admin = await createPlatformUser(t.database, { tenantId: 0 });
  const staffA = await createPlatformUser(t.database, { tenantId: tenantA });
  const staffB = await createPlatformUser(t.database, { tenantId: tenantB });
  return {
    tenantA,
    tenantB,
    own: { tenantId: tenantA, enterpriseId: ownUser.enterpriseIds[0] },
    sibling: { tenantId: tenantA, enterpriseId: siblingUser.enterpriseIds[0] },
    foreign: { tenantId: tenantB, enterpriseId: foreignUser.enterpriseIds[0] },
    admin: await login(t.app, 'platform', admin.username, admin.password),
    staffA: await login(t.app, 'platform', staffA.username, staffA.password),
    staffB: await login(t.app, 'platform', staffB.username, staffB.password),
    enterpriseUser: await login(t.app, 'enterprise', ownUser.username, ownUser.password),
  };
}

export interface LookupAnswer<R = Record<string, unknown>> {
  status: number;
  success: boolean;
  message: string;
  records: R[];
  total: number;
}

/** GET /api/sys/lookup/{kind} as the given session. */
export async function askLookup<R = Record<string, unknown>>(
  app: FastifyInstance,
  session: LoginUserInfo,
  kind: LookupKind | string,
  query: Record<string, string | number> = {},
): Promise<LookupAnswer<R>> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/sys/lookup/${kind}`,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    headers: authHeaders(session),
  });
  const body = response.json();
  return {
    status: response.statusCode,
    success: body.success,
    message: body.message,
    records: body.result?.records ?? [],
    total: body.result?.total ?? 0,
  };
}

/** A marker unique to one test, to search for that test's rows only. */
export const marker = (prefix = '查'): string => `${prefix}${crypto.randomBytes(3).toString('hex')}`;

let serial = 0;
const next = () => `${Date.now() % 100000}${++serial}`;
/**
 * A mobile number no other person of this test file has: counted up from a random start above the
 * demo's (137 0000 xxxx), since random numbers alone met twice among a thousand persons now and then.
 */
let mobileSerial = 10_000_000 + Math.floor(Math.random() * 80_000_000);
const mobile = () => `137${++mobileSerial}`;

export async function insertProject(
  database: Database,
  owner: Owner,
  values: { projectName: string; processed?: number; projectStatus?: number },
): Promise<number> {
  const [row] = await database.db
    .insert(projects)
    .values({ ...owner, projectSn: `XM${next()}`, ...values })
    .returning({ id: projects.id });
  return row.id;
}

export async function insertPerson(
  database: Database,
  tenantId: number,
  values: { name: string; loginFlag?: number; phone?: string },
): Promise<number> {
  const [row] = await database.db
    .insert(persons)
    .values({ tenantId, userSn: `ZRR${next()}`, phone: values.phone ?? mobile(), ...values })
    .returning({ id: persons.id });
  return row.id;
}

export async function insertContract(
  database: Database,
  tenantId: number,
  values: { contractName: string; type: 1 | 2; enterpriseId?: number | null },
): Promise<number> {
  const [row] = await database.db
    .insert(contracts)
    .values({ tenantId, contractSn: `HT${next()}`, ...values })
    .returning({ id: contracts.id });
  return row.id;
}

export async function insertBankPlatform(database: Database, tenantId: number, platformName: string, bankNo = 'CMB') {
  const [row] = await database.db
    .insert(bankPlatforms)
    .values({ tenantId, platformName, bankNo })
    .returning({ id: bankPlatforms.id });
  return row.id;
}

export async function insertWechatUser(database: Database, owner: Owner, userName: string): Promise<number> {
  const [row] = await database.db
    .insert(wechatUsers)
    .values({ ...owner, openId: `o${crypto.randomBytes(12).toString('hex')}`, userName })
    .returning({ id: wechatUsers.id });
  return row.id;
}

/** One share hop: `first` started the chain, `sender` sent it to `reader`. */
export async function insertShare(
  database: Database,
  owner: Owner,
  users: { first: number; sender: number; reader: number },
): Promise<void> {
  await database.db.insert(articleShares).values({
    ...owner,
    title: '高血压患者居家用药指南',
    firstUserId: users.first,
    sendUserId: users.sender,
    readerId: users.reader,
  });
}

export async function setEnterprise(
  database: Database,
  enterpriseId: number,
  values: { name?: string; status?: number; contactPhone?: string },
) {
  await database.db.update(enterprises).set(values).where(eq(enterprises.id, enterpriseId));
}

/** The labels of a lookup answer, sorted, for set comparisons. */
export const labelsOf = (answer: LookupAnswer): string[] => answer.records.map((r) => String(r.label)).sort();
