import type { LoginUserInfo } from '@fieldpay/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from '../../../test/app';
import { createLookupWorld, insertProject, type LookupWorld } from '../../../test/lookups';

const t = useTestApp();
let world: LookupWorld;
beforeAll(async () => {
  world = await createLookupWorld(t);
  await insertProject(t.database, world.own, { projectName: '心血管学术推广项目', projectStatus: 4 });
  await insertProject(t.database, world.sibling, { projectName: '眼科市场调研项目', projectStatus: 0 });
  await insertProject(t.database, world.foreign, { projectName: '疫苗患者教育项目', projectStatus: 4 });
});

const overview = async (session: LoginUserInfo, tenantId?: number | string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/sys/dashboard/overview',
    query: tenantId === undefined ? {} : { tenantId: String(tenantId) },
    headers: authHeaders(session),
  });
  return { status: response.statusCode, ...response.json() };
};

describe('dashboard tenant filter', () => {
  it('narrows the operator’s figures to one tenant', async () => {
    const { result } = await overview(world.admin, world.tenantA);
    expect(result).toMatchObject({ tenantCount: 1, enterpriseCount: 2, projectCount: 2, projectsInProgress: 1 });
    expect(result.enterprisesByTenant).toHaveLength(1);
    const b = (await overview(world.admin, world.tenantB)).result;
    expect(b).toMatchObject({ tenantCount: 1, enterpriseCount: 1, projectCount: 1, projectsInProgress: 1 });
  });

  it('never widens a tenant’s own scope', async () => {
    const { result } = await overview(world.staffA, world.tenantB);
    expect(result).toMatchObject({ tenantCount: 0, enterpriseCount: 0, projectCount: 0, userCount: 0 });
    const own = (await overview(world.staffA, world.tenantA)).result;
    expect(own).toEqual((await overview(world.staffA)).result);
  });

  it('gives an enterprise its own projects by status, not its tenant’s', async () => {
    const { result } = await overview(world.enterpriseUser);
    expect(result).toMatchObject({ projectCount: 1, projectsInProgress: 1 });
    expect(result.projectsByStatus).toEqual([{ name: '进行中', value: 1 }]);
    const tenant = (await overview(world.staffA)).result;
    expect(
      tenant.projectsByStatus.map((row: { value: number }) => row.value).reduce((a: number, b: number) => a + b),
    ).toBe(2);
  });

  it('refuses a tenant id that is not a number', async () => {
    const answer = await overview(world.admin, 'abc');
    expect(answer.status).toBe(400);
    expect(answer.message).toMatch(/^平台ID：/);
  });
});
