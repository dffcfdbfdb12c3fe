import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import {
  firstProjectMessage,
  PROJECT_FORM_MSG,
  projectBasicFormSchema,
  projectServiceTypeFormSchema,
  projectTextFormSchema,
  projectWholeMessage,
  truncateAreas,
} from './forms';
import { canEditProject, illegalProjectMoveMessage, PROJECT_ACTIONS, projectTransition } from './lifecycle';
import { PROJECT_STATUS } from './statuses';

const basic = {
  projectName: '心血管学术推广',
  startTime: Date.UTC(2026, 0, 1),
  endTime: Date.UTC(2026, 5, 30),
  minPeopleNum: 1,
  maxPeopleNum: 20,
};
const area = {
  provinceId: '440000',
  province: '广东省',
  cityId: '440100',
  city: '广州市',
  areaId: '440106',
  area: '天河区',
};

describe('project basic form', () => {
  it('accepts a full form and reads typed headcounts as numbers', () => {
    const parsed = projectBasicFormSchema.parse({
      ...basic,
      minPeopleNum: ' 3 ',
      maxPeopleNum: '30',
      areaList: [area],
    });
    expect(parsed).toMatchObject({ minPeopleNum: 3, maxPeopleNum: 30, areaList: [area] });
  });

  it.each([
    [{ minPeopleNum: '' }, MSG.headcountRequired],
    [{ maxPeopleNum: null }, MSG.headcountRequired],
    [{ minPeopleNum: '1.5' }, MSG.headcountRange],
    [{ minPeopleNum: -1 }, MSG.headcountRange],
    [{ maxPeopleNum: 2001 }, MSG.headcountMaxTooLarge],
    [{ minPeopleNum: 30, maxPeopleNum: 20 }, MSG.headcountMinAboveMax],
    [{ areaList: Array.from({ length: 51 }, () => area) }, MSG.areasLimit],
    [{ projectName: ' ' }, PROJECT_FORM_MSG.projectNameRequired],
    [{ endTime: basic.startTime - 1 }, PROJECT_FORM_MSG.cycleOrder],
    [{ productAssociation: 1 }, PROJECT_FORM_MSG.productsRequired],
  ])('%j -> %s', (change, message) => {
    expect(firstProjectMessage(projectBasicFormSchema, { ...basic, ...change })).toBe(message);
  });

  it('shows the first field of the form first', () => {
    expect(firstProjectMessage(projectBasicFormSchema, { ...basic, projectName: '', maxPeopleNum: '' })).toBe(
      PROJECT_FORM_MSG.projectNameRequired,
    );
  });

  it('truncates picked areas to 50', () => {
    expect(truncateAreas(Array.from({ length: 60 }, (_, i) => i))).toHaveLength(50);
  });
});

describe('service type and text forms', () => {
  const type = { visitParentId: 'p-ppxc', visitId: 'ppxc' };
  it.each([
    [{ description: 'x'.repeat(501) }, PROJECT_FORM_MSG.serviceDescriptionTooLong],
    [
      { resourceInfo: Array.from({ length: 11 }, (_, i) => ({ id: i + 1, title: `文章${i}` })) },
      '最多选择10个文章/问卷',
    ],
    [{ visitId: '' }, PROJECT_FORM_MSG.serviceTypeRequired],
    [
      { visitParentId: 'dhbf', visitId: 'dhbf', resourceInfo: [{ id: 1, title: '文章' }] },
      PROJECT_FORM_MSG.resourcesNotAllowed,
    ],
    [
      {
        resourceInfo: [
          { id: 1, title: '文章' },
          { id: 1, title: '文章' },
        ],
      },
      PROJECT_FORM_MSG.resourceRepeated,
    ],
    [
      {
        visitParentId: 'cgfw',
        visitId: 'cgfw',
        orgList: [
          { id: 3, orgName: '人民医院' },
          { id: 3, orgName: '人民医院' },
        ],
      },
      PROJECT_FORM_MSG.organisationRepeated,
    ],
  ])('%j -> %s', (change, message) => {
    expect(firstProjectMessage(projectServiceTypeFormSchema, { ...type, ...change })).toBe(message);
  });
  it('accepts 500 characters and 10 resources', () => {
    const resources = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, title: `问卷${i}` }));
    expect(
      firstProjectMessage(projectServiceTypeFormSchema, {
        ...type,
        description: 'x'.repeat(500),
        resourceInfo: resources,
      }),
    ).toBeNull();
  });
  it('needs a description that is more than empty markup', () => {
    expect(firstProjectMessage(projectTextFormSchema, { description: '<p> &nbsp;</p>' })).toBe(
      MSG.projectDescriptionRequired,
    );
    expect(firstProjectMessage(projectTextFormSchema, {})).toBe(MSG.projectDescriptionRequired);
    expect(firstProjectMessage(projectTextFormSchema, { description: '<p>说明</p>' })).toBeNull();
  });
});

describe('whole validation order', () => {
  const all = { projectStatus: 0, taxId: 3, basicSaved: true, serviceTypesSaved: true, textSaved: true };
  it('asks for the tax source first, except in progress, then each block in order', () => {
    expect(projectWholeMessage({ ...all, taxId: null, basicSaved: false })).toBe(MSG.taxSourceRequired);
    expect(projectWholeMessage({ ...all, taxId: null, projectStatus: 4 })).toBeNull();
    expect(projectWholeMessage({ ...all, basicSaved: false, textSaved: false })).toBe(MSG.saveBasicInfoFirst);
    expect(projectWholeMessage({ ...all, serviceTypesSaved: false, textSaved: false })).toBe(MSG.saveServiceTypeFirst);
    expect(projectWholeMessage({ ...all, textSaved: false })).toBe(MSG.saveSupplementaryInfoFirst);
    expect(projectWholeMessage(all)).toBeNull();
  });
});

describe('project lifecycle', () => {
  it('allows exactly the moves of the table', () => {
    const statuses = Object.keys(PROJECT_STATUS).map(Number);
    const allowed: string[] = [];
    for (const action of Object.keys(PROJECT_ACTIONS) as (keyof typeof PROJECT_ACTIONS)[])
      for (const from of statuses) {
        const to = projectTransition(action, from);
        if (to !== null) allowed.push(`${action}:${from}->${to}`);
      }
    expect(allowed.sort()).toEqual(
      ['approve:6->4', 'end:3->2', 'end:4->2', 'pause:4->3', 'reject:6->1', 'resume:3->4', 'startAudit:0->6'].sort(),
    );
    expect(illegalProjectMoveMessage('pause', 2)).toBe('项目当前状态为已结束，不能暂停');
  });
  it('edits only on the platform side with the code in status 4, 3 or 0', () => {
    const platform = { side: 'platform', can: () => true };
    expect([0, 1, 2, 3, 4, 5, 6].filter((status) => canEditProject(platform, status))).toEqual([0, 3, 4]);
    expect(canEditProject({ side: 'enterprise', can: () => true }, 4)).toBe(false);
    expect(canEditProject({ side: 'platform', can: () => false }, 4)).toBe(false);
  });
});
