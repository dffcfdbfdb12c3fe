import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import {
  askLookup,
  createLookupWorld,
  insertPerson,
  insertProject,
  type LookupWorld,
  labelsOf,
  marker,
} from '../../../test/lookups';
import { projectPersons } from '../../db/schema';

const t = useTestApp();
let world: LookupWorld;
let search: string;
let projectA: number;
let projectB: number;

beforeAll(async () => {
  world = await createLookupWorld(t);
  search = marker('员');
  projectA = await insertProject(t.database, world.own, { projectName: '心血管学术推广项目' });
  projectB = await insertProject(t.database, world.own, { projectName: '慢病管理终端拜访项目' });
  const both = await insertPerson(t.database, world.tenantA, { name: `${search}王芳`, phone: '13812345678' });
  const left = await insertPerson(t.database, world.tenantA, { name: `${search}刘洋` });
  await insertPerson(t.database, world.tenantA, { name: `${search}未参与` });
  await t.database.db.insert(projectPersons).values([
    { ...world.own, projectId: projectA, personId: both },
    { ...world.own, projectId: projectB, personId: both },
    { ...world.own, projectId: projectB, personId: left, status: 2 },
  ]);
});

describe('employee lookup', () => {
  it('lists each serving person once, with the phone masked', async () => {
    const answer = await askLookup(t.app, world.enterpriseUser, 'employee', { name: search });
    expect(answer.total).toBe(2);
    expect(answer.records.find((r) => r.label === `${search}王芳`)).toMatchObject({
      phone: '138****5678',
      description: '138****5678',
    });
    expect(JSON.stringify(answer.records)).not.toContain('13812345678');
  });

  it('narrows by projectId and by status', async () => {
    expect(
      labelsOf(await askLookup(t.app, world.enterpriseUser, 'employee', { name: search, projectId: projectA })),
    ).toEqual([`${search}王芳`]);
    expect(
      labelsOf(await askLookup(t.app, world.staffA, 'employee', { name: search, projectId: projectB, status: 2 })),
    ).toEqual([`${search}刘洋`]);
    expect((await askLookup(t.app, world.staffB, 'employee', { name: search })).total).toBe(0);
  });
});
