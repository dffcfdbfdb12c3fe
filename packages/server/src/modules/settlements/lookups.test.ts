/**
 * What the settlement screens look up (spec 2 §4, §7): the maximum selectable time, the enterprise
 * lookup, a project's parent service types, the tax-limit progress; and the create call's
 * 请先选择项目. Each in the session's scope: nothing of another tenant or enterprise answers.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPlatformUser, login, useTestApp } from '../../../test/app';
import {
  addWorker,
  createSettlement,
  createSettlementWorld,
  get,
  post,
  type SettlementWorld,
} from '../../../test/settlements';
import { enterprises, projectServiceTypes, taxSources, projects } from '../../db/schema';

const t = useTestApp();
let world: SettlementWorld;
let foreign: SettlementWorld;

const CHINA_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
/** The time text read back as China time, epoch ms. */
const epochOf = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`).getTime();

beforeAll(async () => {
  world = await createSettlementWorld(t);
  foreign = await createSettlementWorld(t);
  await t.database.db
    .update(enterprises)
    .set({ contactPhone: '13912345678' })
    .where(eq(enterprises.id, world.enterpriseId));
});

describe('getMaxSelectTime', () => {
  const url = '/api/sys/order/getMaxSelectTime';

  it("answers now by the server's clock in China time, for the own enterprise or none named", async () => {
    const before = Date.now();
    const own = await get(t.app, world.enterprise, url, { enterpriseId: world.enterpriseId });
    expect(own.statusCode).toBe(200);
    const text = own.json().result as string;
    expect(text).toMatch(CHINA_TIME);
    // the text is China time: read back at +08:00 it is this moment (to the second)
    expect(epochOf(text)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(epochOf(text)).toBeLessThanOrEqual(Date.now());
    expect((await get(t.app, world.enterprise, url)).json().result).toMatch(CHINA_TIME);
    // the platform staff ask for an enterprise of their tenant
    expect((await get(t.app, world.staff, url, { enterpriseId: world.enterpriseId })).statusCode).toBe(200);
  });

  it('answers 404 for an enterprise outside the session, and 403 without the list permission', async () => {
    const other = await get(t.app, world.enterprise, url, { enterpriseId: foreign.enterpriseId });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('企业不存在');
    expect((await get(t.app, foreign.staff, url, { enterpriseId: world.enterpriseId })).statusCode).toBe(404);
    const bare = await createPlatformUser(t.database, { tenantId: world.tenantId, roleCode: null });
    const session = await login(t.app, 'platform', bare.username, bare.password);
    expect((await get(t.app, session, url, { enterpriseId: world.enterpriseId })).statusCode).toBe(403);
  });
});

describe('getEnterprise', () => {
  const url = '/api/sys2/enterprise/getEnterprise';

  it("answers the enterprise's name, its platform and the contact phone masked in the middle", async () => {
    const answer = await get(t.app, world.staff, url, { enterpriseId: world.enterpriseId, tenantId: world.tenantId });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().result).toMatchObject({
      id: world.enterpriseId,
      tenantId: world.tenantId,
      contactPhone: '139****5678',
    });
    expect(answer.json().result.tenantName).toMatch(/^测试平台/);
    expect(answer.json().result.enterpriseName).toMatch(/^测试企业/);
    expect((await get(t.app, world.enterprise, url, { enterpriseId: world.enterpriseId })).statusCode).toBe(200);
  });

  it('finds nothing of another tenant or enterprise, nor under another tenant id', async () => {
    for (const [who, query] of [
      [foreign.staff, { enterpriseId: world.enterpriseId }],
      [world.enterprise, { enterpriseId: foreign.enterpriseId }],
      [world.staff, { enterpriseId: world.enterpriseId, tenantId: foreign.tenantId }],
    ] as const) {
      const answer = await get(t.app, who, url, query);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe('企业不存在');
    }
    expect((await get(t.app, world.staff, url, {})).statusCode).toBe(400);
  });
});

describe('getParentProjectTypes', () => {
  const url = '/api/sys/order/getParentProjectTypes';

  it("groups the project's service types under their parents, a type without one under itself", async () => {
    await t.database.db.insert(projectServiceTypes).values([
      {
        tenantId: world.tenantId,
        enterpriseId: world.enterpriseId,
        projectId: world.projectId,
        visitParentId: 'p-wjdy',
        visitId: 'wjdy',
      },
      {
        tenantId: world.tenantId,
        enterpriseId: world.enterpriseId,
        projectId: world.projectId,
        visitParentId: 'p-xueShu',
        visitId: 'xueShu_keShi',
      },
      {
        tenantId: world.tenantId,
        enterpriseId: world.enterpriseId,
        projectId: world.projectId,
        visitParentId: 'p-xueShu',
        visitId: 'xueShu_chengShi',
      },
    ]);
    const expected = [
      { value: 'cgfw', label: '采购服务', children: [{ value: 'cgfw', label: '采购服务' }] },
      { value: 'p-wjdy', label: '问卷调研', children: [{ value: 'wjdy', label: '问卷调研' }] },
      {
        value: 'p-xueShu',
        label: '学术会议',
        children: [
          { value: 'xueShu_keShi', label: '学术会议(科室会)' },
          { value: 'xueShu_chengShi', label: '学术会议(城市会)' },
        ],
      },
    ];
    const byEnterprise = await get(t.app, world.enterprise, url, { projectId: world.projectId });
    expect(byEnterprise.statusCode).toBe(200);
    expect(byEnterprise.json().result).toEqual(expected);
    expect((await get(t.app, world.staff, url, { projectId: world.projectId })).json().result).toEqual(expected);
  });

  it('answers 项目不存在 for a project of another tenant or enterprise', async () => {
    for (const who of [foreign.enterprise, foreign.staff]) {
      const answer = await get(t.app, who, url, { projectId: world.projectId });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe('项目不存在');
    }
    expect((await get(t.app, world.enterprise, url, {})).statusCode).toBe(400);
  });
});

describe('taxLimitEnterpriseProgress', () => {
  const url = '/api/sys/tax/taxLimitEnterpriseProgress';

  it("answers each person's pay this month with the enterprise against the tax source's monthly limit", async () => {
    const own = await createSettlementWorld(t);
    const [project] = await t.database.db
      .select({ taxId: projects.taxId })
      .from(projects)
      .where(eq(projects.id, own.projectId));
    await t.database.db
      .update(taxSources)
      .set({ monthlyLimitFen: 10_000_000 })
      .where(eq(taxSources.id, project.taxId as number));
    const a = await addWorker(t, own, { count: 2, priceFen: 2_500_000 });
    const b = await addWorker(t, own, { count: 1, priceFen: 1_000_000 });
    expect((await createSettlement(t, own)).statusCode).toBe(200);
    // a withdrawn settlement pays nothing this month
    const c = await addWorker(t, own, { count: 1, priceFen: 500_000 });
    const withdrawn = (await createSettlement(t, own)).json().result;
    await post(t.app, own.enterprise, '/api/sys/order/auditSettlement', {
      settlementId: withdrawn.id,
      auditStatus: -1,
    });

    const answer = await get(t.app, own.enterprise, url);
    expect(answer.statusCode).toBe(200);
    const { month, records } = answer.json().result;
    const chinaMonth = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
    expect(month).toBe(chinaMonth);
    expect(records).toEqual([
      { userId: a.personId, userName: a.name, used: '50000.00', limit: '100000.00', percent: 50 },
      { userId: b.personId, userName: b.name, used: '10000.00', limit: '100000.00', percent: 10 },
    ]);
    expect(records.some((row: { userId: number }) => row.userId === c.personId)).toBe(false);
    // the platform names the enterprise; the project narrows it
    const byStaff = await get(t.app, own.staff, url, { enterpriseId: own.enterpriseId, projectId: own.projectId });
    expect(byStaff.json().result.records).toEqual(records);
  });

  it("shows no one of another tenant's or enterprise's", async () => {
    await addWorker(t, world, { priceFen: 20_000 });
    expect((await createSettlement(t, world)).statusCode).toBe(200);
    const foreignStaff = await get(t.app, foreign.staff, url, { enterpriseId: world.enterpriseId });
    expect(foreignStaff.statusCode).toBe(200);
    expect(foreignStaff.json().result.records).toEqual([]);
    // the enterprise side reads its own enterprise whatever id it sends
    const foreignEnterprise = await get(t.app, foreign.enterprise, url, { enterpriseId: world.enterpriseId });
    expect(foreignEnterprise.json().result.records).toEqual([]);
    expect((await get(t.app, world.enterprise, url)).json().result.records.length).toBeGreaterThan(0);
  });
});

describe('createSettlementListV2 without a project', () => {
  it('answers 请先选择项目 (named by its field, as every 400) and makes nothing', async () => {
    const settlementCount = async () =>
      (await t.database.executeSql('select count(*)::int as n from settlements where tenant_id = $1', [world.tenantId]))
        .rows[0].n;
    const before = await settlementCount();
    await addWorker(t, world, { priceFen: 10_000 });
    const base = { requestId: crypto.randomUUID(), visitTypeId: 'cgfw' };
    for (const body of [base, { ...base, projectId: '' }, { ...base, projectId: 0 }]) {
      const answer = await post(t.app, world.enterprise, '/api/sys/order/createSettlementListV2', body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe('项目ID：请先选择项目');
    }
    expect(await settlementCount()).toBe(before);
  });
});
