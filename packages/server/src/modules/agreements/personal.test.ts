import {
  type LoginUserInfo,
  MSG,
  PERSONAL_AGREEMENT_MSG,
  PERSONAL_CONTRACT_FILE_PATH,
  type PersonalAgreementRecord,
} from '@fieldpay/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signInPlatformWithout, useTestApp } from '../../../test/app';
import { pdfText } from '../../../test/file-fixtures';
import {
  createLookupWorld,
  insertContract,
  insertPerson,
  insertProject,
  type LookupWorld,
  marker,
} from '../../../test/lookups';
import { contracts, personAgreements, persons, projects } from '../../db/schema';

const t = useTestApp();
let world: LookupWorld;
let search: string;

const LIST = '/api/sys/personalAgreement/list';
const ADDRESS = '/api/sys/personalAgreement/contractAddress';
const ID_CARD = '330106199003071234';

const get = (who: LoginUserInfo, url: string, query: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    headers: authHeaders(who),
  });
const list = async (who: LoginUserInfo, query: Record<string, unknown> = {}) => {
  const answer = (await get(who, LIST, { userName: search, pageSize: 100, ...query })).json();
  expect(answer.success).toBe(true);
  return answer.result as { records: PersonalAgreementRecord[]; total: number };
};
const snsOf = (page: { records: PersonalAgreementRecord[] }) => page.records.map((row) => row.contractSn).sort();

interface Fixture {
  personA: number;
  personB: number;
  projectId: number;
  /** signed platform agreement of person A (tenant A) */
  platformSn: string;
  /** signed project agreement of person A with the own enterprise */
  projectSn: string;
  /** unsigned project agreement of person A with the sibling enterprise */
  unsignedSn: string;
  /** signed platform agreement of person B (tenant B) */
  foreignSn: string;
}
let f: Fixture;

async function agreement(
  tenantId: number,
  personId: number,
  contractId: number,
  values: { enterpriseId?: number; signedAt?: Date | null; createdAt?: Date },
): Promise<string> {
  const contractSn = marker('XY');
  await t.database.db.insert(personAgreements).values({ tenantId, personId, contractId, contractSn, ...values });
  return contractSn;
}

beforeAll(async () => {
  world = await createLookupWorld(t);
  search = marker('协');
  const personA = await insertPerson(t.database, world.tenantA, { name: `${search}甲`, phone: '13612340001' });
  await t.database.db.update(persons).set({ idCard: ID_CARD }).where(eq(persons.id, personA));
  const personB = await insertPerson(t.database, world.tenantB, { name: `${search}乙` });
  const platformContract = await insertContract(t.database, world.tenantA, {
    contractName: '灵活用工平台服务协议',
    type: 1,
  });
  await t.database.db
    .update(contracts)
    .set({ content: '第一条 协议目的：乙方自愿承接任务。\n第二条 结算方式：审核通过后发放。' })
    .where(eq(contracts.id, platformContract));
  const projectContract = await insertContract(t.database, world.tenantA, {
    contractName: '门店拜访服务协议',
    type: 2,
    enterpriseId: world.own.enterpriseId,
  });
  const siblingContract = await insertContract(t.database, world.tenantA, {
    contractName: '兄弟企业项目协议',
    type: 2,
    enterpriseId: world.sibling.enterpriseId,
  });
  const foreignContract = await insertContract(t.database, world.tenantB, { contractName: '外平台服务协议', type: 1 });
  const projectId = await insertProject(t.database, world.own, { projectName: '华东门店拜访项目' });
  await t.database.db.update(projects).set({ projectAgreementId: projectContract }).where(eq(projects.id, projectId));
  f = {
    personA,
    personB,
    projectId,
    platformSn: await agreement(world.tenantA, personA, platformContract, {
      signedAt: new Date('2025-03-01T02:00:00Z'),
      createdAt: new Date('2025-02-28T02:00:00Z'),
    }),
    projectSn: await agreement(world.tenantA, personA, projectContract, {
      enterpriseId: world.own.enterpriseId,
      signedAt: new Date('2026-06-10T08:30:00Z'),
      createdAt: new Date('2026-06-09T08:00:00Z'),
    }),
    unsignedSn: await agreement(world.tenantA, personA, siblingContract, {
      enterpriseId: world.sibling.enterpriseId,
      createdAt: new Date('2026-10-01T08:00:00Z'),
    }),
    foreignSn: await agreement(world.tenantB, personB, foreignContract, { signedAt: new Date('2026-01-05T02:00:00Z') }),
  };
});

describe('个人协议 list', () => {
  it('shows the platform its own persons’ agreements masked, the operator every platform’s', async () => {
    const own = await list(world.staffA);
    expect(snsOf(own)).toEqual([f.platformSn, f.projectSn, f.unsignedSn].sort());
    const project = own.records.find((row) => row.contractSn === f.projectSn);
    expect(project).toMatchObject({
      agreementType: 2,
      contractName: '门店拜访服务协议',
      userId: f.personA,
      phone: '136****0001',
      projectName: '华东门店拜访项目',
      signStatus: 1,
      contractStartDate: new Date('2026-06-10T08:30:00Z').getTime(),
      tenantId: world.tenantA,
    });
    expect(project?.idCard).not.toContain('19900307');
    expect(own.records.find((row) => row.contractSn === f.unsignedSn)).toMatchObject({
      signStatus: 0,
      contractStartDate: null,
      projectName: '',
    });
    expect(snsOf(await list(world.admin))).toEqual([f.platformSn, f.projectSn, f.unsignedSn, f.foreignSn].sort());
    expect(snsOf(await list(world.admin, { tenantId: world.tenantB }))).toEqual([f.foreignSn]);
    // a platform asking for another platform's rows gets none of them
    expect((await list(world.staffA, { tenantId: world.tenantB })).total).toBe(0);
  });

  it('shows an enterprise only its own project agreements', async () => {
    expect(snsOf(await list(world.enterpriseUser))).toEqual([f.projectSn]);
    expect((await list(world.enterpriseUser, { enterpriseId: world.sibling.enterpriseId })).total).toBe(0);
  });

  it('filters by number, type, enterprise, project, person and both time ranges', async () => {
    expect(snsOf(await list(world.staffA, { contractSn: f.projectSn.slice(2) }))).toEqual([f.projectSn]);
    expect(snsOf(await list(world.staffA, { agreementType: 1 }))).toEqual([f.platformSn]);
    expect(snsOf(await list(world.staffA, { enterpriseId: world.sibling.enterpriseId }))).toEqual([f.unsignedSn]);
    expect(snsOf(await list(world.staffA, { projectId: f.projectId }))).toEqual([f.projectSn]);
    expect(snsOf(await list(world.staffA, { userName: '', userId: f.personA }))).toHaveLength(3);
    const signedIn2026 = await list(world.staffA, {
      startSignTime: '2026-01-01 00:00:00',
      endSignTime: '2026-12-31 23:59:59',
    });
    expect(snsOf(signedIn2026)).toEqual([f.projectSn]);
    // created on 2025-02-28 10:00 China time
    const createdThatDay = await list(world.staffA, {
      startTime: '2025-02-28 00:00:00',
      endTime: '2025-02-28 23:59:59',
    });
    expect(snsOf(createdThatDay)).toEqual([f.platformSn]);
  });

  it('orders by signing time on request, newest first by default', async () => {
    const ascending = await list(world.staffA, { orderField: 'contractStartDate', orderSort: 0 });
    expect(ascending.records.slice(0, 2).map((row) => row.contractSn)).toEqual([f.platformSn, f.projectSn]);
    const newestFirst = await list(world.staffA);
    expect(newestFirst.records.map((row) => row.contractSn)).toEqual([f.unsignedSn, f.projectSn, f.platformSn]);
  });

  it('refuses a number or a name over 50 characters, naming the field', async () => {
    const long = 'x'.repeat(51);
    const bySn = (await get(world.staffA, LIST, { contractSn: long })).json();
    expect(bySn).toMatchObject({ success: false, message: `协议编号：${PERSONAL_AGREEMENT_MSG.contractSnTooLong}` });
    const byName = (await get(world.staffA, LIST, { userName: long })).json();
    expect(byName).toMatchObject({ success: false, message: `用户名称：${PERSONAL_AGREEMENT_MSG.userNameTooLong}` });
  });

  it('needs personalAgreement:list:view', async () => {
    const without = await signInPlatformWithout(t, world.tenantA, 'personalAgreement:list:view');
    expect((await get(without, LIST)).statusCode).toBe(403);
  });
});

describe('the signed contract', () => {
  it('is downloaded from the address the list’s row asks for, as a PDF with the agreement’s text', async () => {
    const address = (await get(world.staffA, ADDRESS, { contractSn: f.platformSn, userId: f.personA })).json();
    expect(address.success).toBe(true);
    expect(address.result.startsWith(`${PERSONAL_CONTRACT_FILE_PATH}?`)).toBe(true);
    const file = await t.app.inject({ method: 'GET', url: address.result, headers: authHeaders(world.staffA) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.headers['content-disposition']).toContain(
      `attachment; filename="contract.pdf"; filename*=UTF-8''${encodeURIComponent('灵活用工平台服务协议.pdf')}`,
    );
    const text = await pdfText(file.rawPayload);
    expect(text).toContain('灵活用工平台服务协议');
    expect(text).toContain(f.platformSn);
    expect(text).toContain('第二条 结算方式：审核通过后发放。');
    expect(text).toContain('2025-03-01 10:00:00');
    expect(text).toContain('136****0001');
    expect(text).not.toContain(ID_CARD);
    // the same agreement gives the same document
    const again = await t.app.inject({ method: 'GET', url: address.result, headers: authHeaders(world.staffA) });
    expect(again.rawPayload.equals(file.rawPayload)).toBe(true);
  });

  it('opens inline for the online view; the enterprise gets its own project contract', async () => {
    const inline = await t.app.inject({
      method: 'GET',
      url: PERSONAL_CONTRACT_FILE_PATH,
      query: { contractSn: f.projectSn, userId: String(f.personA), disposition: 'inline' },
      headers: authHeaders(world.enterpriseUser),
    });
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
    const text = await pdfText(inline.rawPayload);
    expect(text).toContain('华东门店拜访项目');
  });

  it('has no address before the person signs: 无签署合同', async () => {
    const address = (await get(world.staffA, ADDRESS, { contractSn: f.unsignedSn, userId: f.personA })).json();
    expect(address).toMatchObject({ success: true, result: '' });
    const file = await get(world.staffA, PERSONAL_CONTRACT_FILE_PATH, { contractSn: f.unsignedSn, userId: f.personA });
    expect(file.json()).toMatchObject({ success: false, message: MSG.noSignedContract });
  });

  it('is nobody else’s: another platform, another enterprise, another person', async () => {
    const foreign = (await get(world.staffA, ADDRESS, { contractSn: f.foreignSn, userId: f.personB })).json();
    expect(foreign).toMatchObject({ success: false, message: PERSONAL_AGREEMENT_MSG.notFound });
    const platformAsEnterprise = await get(world.enterpriseUser, PERSONAL_CONTRACT_FILE_PATH, {
      contractSn: f.platformSn,
      userId: f.personA,
    });
    expect(platformAsEnterprise.json()).toMatchObject({ success: false, message: PERSONAL_AGREEMENT_MSG.notFound });
    const wrongPerson = (await get(world.staffA, ADDRESS, { contractSn: f.platformSn, userId: f.personB })).json();
    expect(wrongPerson.success).toBe(false);
  });

  it('needs personalAgreement:list:download', async () => {
    const without = await signInPlatformWithout(t, world.tenantA, 'personalAgreement:list:download');
    expect((await get(without, ADDRESS, { contractSn: f.platformSn, userId: f.personA })).statusCode).toBe(403);
    const file = await get(without, PERSONAL_CONTRACT_FILE_PATH, { contractSn: f.platformSn, userId: f.personA });
    expect(file.statusCode).toBe(403);
  });
});
