import { ApiCode, MSG } from '@fieldpay/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signInPlatformWithout, useTestApp } from '../../../test/app';
import { askLookup, createLookupWorld, insertProject, type LookupWorld, labelsOf, marker } from '../../../test/lookups';
import { eq } from 'drizzle-orm';
import { persons, projectDataRelations, projectPersons, projects } from '../../db/schema';

const t = useTestApp();
let world: LookupWorld;
let search: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  world = await createLookupWorld(t);
  search = marker('项');
  ids.full = await insertProject(t.database, world.own, { projectName: `${search}心血管学术推广项目`, processed: 1 });
  ids.tasks = await insertProject(t.database, world.own, { projectName: `${search}药店动销项目`, processed: 0 });
  ids.sibling = await insertProject(t.database, world.sibling, { projectName: `${search}眼科市场调研项目` });
  ids.foreign = await insertProject(t.database, world.foreign, { projectName: `${search}疫苗患者教育项目` });
  // own project also shown on tenant B; the foreign project also shown on tenant A
  await t.database.db.insert(projectDataRelations).values([
    { tenantId: world.tenantB, projectId: ids.full },
    { tenantId: world.tenantA, projectId: ids.foreign },
  ]);
});

describe('project lookup', () => {
  it('filters by projectName, processed, clientId and projectId', async () => {
    expect((await askLookup(t.app, world.enterpriseUser, 'project', { projectName: search })).total).toBe(2);
    expect(labelsOf(await askLookup(t.app, world.staffA, 'project', { projectName: search, processed: 0 }))).toEqual([
      `${search}药店动销项目`,
    ]);
    const byClient = await askLookup(t.app, world.staffA, 'project', {
      projectName: search,
      clientId: world.sibling.enterpriseId,
    });
    expect(byClient.records).toEqual([
      expect.objectContaining({ label: `${search}眼科市场调研项目`, clientId: world.sibling.enterpriseId }),
    ]);
    const one = await askLookup(t.app, world.admin, 'project', { projectId: ids.foreign });
    expect(one.records).toEqual([expect.objectContaining({ id: ids.foreign, processed: 1, projectStatus: 0 })]);
    // an id outside the scope finds nothing
    expect((await askLookup(t.app, world.enterpriseUser, 'project', { projectId: ids.sibling })).total).toBe(0);
  });

  it('filters by one project status: the projects in progress, where tasks are published', async () => {
    const live = await insertProject(t.database, world.own, { projectName: `${search}进行中项目`, projectStatus: 4 });
    const inProgress = await askLookup(t.app, world.enterpriseUser, 'project', {
      projectName: search,
      projectStatus: 4,
    });
    expect(inProgress.records.map((row) => row.id)).toEqual([live]);
    const waiting = await askLookup(t.app, world.enterpriseUser, 'project', { projectName: search, projectStatus: 0 });
    expect(waiting.records.map((row) => row.id)).not.toContain(live);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/sys/lookup/project',
      query: { projectStatus: '9' },
      headers: authHeaders(world.enterpriseUser),
    });
    expect(refused.json()).toMatchObject({ success: false });
    await t.database.db.delete(projects).where(eq(projects.id, live));
  });
});

describe('data-relation project lookup', () => {
  it('platform staff see projects related to their tenant; enterprises their own related projects', async () => {
    const forA = await askLookup(t.app, world.staffA, 'dataProject', { name: search });
    expect(forA.records).toEqual([
      expect.objectContaining({ label: `${search}疫苗患者教育项目`, tenantId: world.tenantB }),
    ]);
    expect(labelsOf(await askLookup(t.app, world.staffB, 'dataProject', { name: search }))).toEqual([
      `${search}心血管学术推广项目`,
    ]);
    expect(labelsOf(await askLookup(t.app, world.enterpriseUser, 'dataProject', { name: search }))).toEqual([
      `${search}心血管学术推广项目`,
    ]);
    expect((await askLookup(t.app, world.admin, 'dataProject', { name: search })).total).toBe(2);
  });
});

describe('project list permission', () => {
  it('answers 403 without projectManage:list:view, even to a role holding every other code of the side', async () => {
    const list = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/sys/project/queryList', query: { projectName: search }, headers });
    const allowed = await list(authHeaders(world.staffA));
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().result.total).toBeGreaterThan(0);

    const without = await signInPlatformWithout(t, world.tenantA, 'projectManage:list:view');
    const refused = await list(authHeaders(without));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: ApiCode.forbidden, message: MSG.forbidden });
  });
});

describe('众包项目列表 on the enterprise side (spec 1 §2)', () => {
  const list = (session: typeof world.enterpriseUser, query: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: '/api/sys/project/queryList',
      query: { projectName: search, ...query },
      headers: authHeaders(session),
    });
  const namesOf = (records: { projectName: string }[]) => records.map((row) => row.projectName).sort();

  it("is in the enterprise's menu, and its list answers the enterprise's own projects only", async () => {
    const perm = await t.app.inject({
      method: 'GET',
      url: '/enterprise/v2/queryPerm',
      headers: authHeaders(world.enterpriseUser),
    });
    expect(JSON.stringify(perm.json().result.menuList)).toContain('/projectManage/project/crowdList');
    const own = (await list(world.enterpriseUser, {})).json().result;
    expect(namesOf(own.records)).toEqual([`${search}心血管学术推广项目`, `${search}药店动销项目`]);
    expect(own.records.every((row: { clientId: number }) => row.clientId === world.own.enterpriseId)).toBe(true);
    // the same tenant's other enterprise, and another tenant's, are not in it
    const platform = namesOf((await list(world.staffA, {})).json().result.records);
    expect(platform).toContain(`${search}眼科市场调研项目`);
  });

  it('says on which other platforms each of its projects is shown (可见平台), and only on the enterprise side', async () => {
    const [tenantB] = (await t.database.executeSql('select name from tenants where id = $1', [world.tenantB])).rows.map(
      (row) => String(row.name),
    );
    const shown = (records: { id: number; otherTenantNames: string[] }[]) =>
      Object.fromEntries(records.map((row) => [row.id, row.otherTenantNames]));
    const own = shown((await list(world.enterpriseUser, {})).json().result.records);
    expect(own).toEqual({ [ids.full]: [tenantB], [ids.tasks]: [] });
    // the platform side reads no other tenant: its rows carry none
    const staff = shown((await list(world.staffA, {})).json().result.records);
    expect(Object.values(staff).every((names) => names.length === 0)).toBe(true);
    // the detail names them to everyone who can open the project
    for (const session of [world.enterpriseUser, world.staffA, world.admin]) {
      const detail = await t.app.inject({
        method: 'GET',
        url: '/api/sys/project/queryById',
        query: { projectId: String(ids.full) },
        headers: authHeaders(session),
      });
      expect(detail.json().result.project.otherTenantVos).toEqual([{ tenantName: tenantB }]);
    }
  });

  it("never answers another enterprise's projects, even when its id is asked (the embedded address)", async () => {
    const asked: Record<string, string>[] = [
      { clientId: String(world.sibling.enterpriseId) },
      { clientId: String(world.foreign.enterpriseId), tenantId: String(world.tenantB) },
      { tenantId: String(world.tenantB) },
    ];
    for (const query of asked) {
      const response = await list(world.enterpriseUser, query);
      const records = response.json().result?.records ?? [];
      expect(
        records.filter((row: { clientId: number }) => row.clientId !== world.own.enterpriseId),
        JSON.stringify(query),
      ).toEqual([]);
    }
  });
});

describe('personal project list (userId)', () => {
  const personal = (session: typeof world.staffA, query: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/sys/project/queryListByUser', query, headers: authHeaders(session) });
  const names = async (session: typeof world.staffA, userId: number, extra: Record<string, string> = {}) => {
    const response = await personal(session, { userId: String(userId), pageNo: '1', pageSize: '20', ...extra });
    expect(response.statusCode, response.body).toBe(200);
    const { records, total } = response.json().result as { records: { projectName: string }[]; total: number };
    expect(total).toBe(records.length);
    return records.map((row) => row.projectName).sort();
  };

  it('answers the projects the person served on, within what the viewer may list', async () => {
    const [zhou, wu] = await t.database.db
      .insert(persons)
      .values([
        { tenantId: world.tenantA, userSn: 'ZRRP0001', name: '周志强', phone: '13700000001' },
        { tenantId: world.tenantA, userSn: 'ZRRP0002', name: '吴晓峰', phone: '13700000002' },
      ])
      .returning({ id: persons.id });
    const serve = (owner: typeof world.own, projectId: number, personId: number, status = 1) =>
      t.database.db.insert(projectPersons).values({ ...owner, projectId, personId, status });
    await serve(world.own, ids.full, zhou.id);
    await serve(world.own, ids.tasks, zhou.id, 0);
    await serve(world.sibling, ids.sibling, zhou.id);
    await serve(world.own, ids.tasks, wu.id);

    // the platform's staff: every project of the tenant the person served on, left ones too
    expect(await names(world.staffA, zhou.id)).toEqual(
      [`${search}心血管学术推广项目`, `${search}眼科市场调研项目`, `${search}药店动销项目`].sort(),
    );
    // the list's own filters still apply
    expect(await names(world.staffA, zhou.id, { projectName: '眼科' })).toEqual([`${search}眼科市场调研项目`]);
    // the enterprise: its own projects only; another platform's staff: none
    expect(await names(world.enterpriseUser, zhou.id)).toEqual(
      [`${search}心血管学术推广项目`, `${search}药店动销项目`].sort(),
    );
    expect(await names(world.staffB, zhou.id)).toEqual([]);
    expect(await names(world.staffA, wu.id)).toEqual([`${search}药店动销项目`]);
    // a person joining a project changes the total at once (the remembered total follows project_persons)
    await serve(world.own, ids.full, wu.id);
    expect(await names(world.staffA, wu.id)).toEqual([`${search}心血管学术推广项目`, `${search}药店动销项目`].sort());
  });

  it('needs a person and the project list permission', async () => {
    const missing = await personal(world.staffA, { pageNo: '1', pageSize: '20' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false });
    const session = await signInPlatformWithout(t, world.tenantA, 'projectManage:list:view');
    expect((await personal(session, { userId: '1' })).statusCode).toBe(403);
  });
});
