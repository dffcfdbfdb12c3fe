import { TASK_TYPES } from '@fieldpay/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { askLookup, createLookupWorld, type LookupWorld } from '../../../test/lookups';

const t = useTestApp();
let world: LookupWorld;
beforeAll(async () => {
  world = await createLookupWorld(t);
});

describe('task type lookup', () => {
  it('lists every task type of the domain, not the parents, with the parent’s name', async () => {
    const answer = await askLookup(t.app, world.enterpriseUser, 'taskType', { pageSize: 100 });
    expect(answer.records.map((r) => r.value).sort()).toEqual(Object.keys(TASK_TYPES).sort());
    expect(answer.records.find((r) => r.value === 'xueShu_keShi')).toMatchObject({
      label: '学术会议(科室会)',
      parentId: 'p-xueShu',
      parentName: '学术会议',
    });
    expect(answer.records.find((r) => r.value === 'dhbf')).toMatchObject({ parentId: '', parentName: '' });
  });

  it('searches by name', async () => {
    const answer = await askLookup(t.app, world.staffB, 'taskType', { name: '学术会议' });
    expect(answer.records.map((r) => r.value).sort()).toEqual(['xueShu_chengShi', 'xueShu_keShi', 'xueShu_tongYong']);
  });
});
