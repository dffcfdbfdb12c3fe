import crypto from 'node:crypto';
import { ApiCode, type LoginUserInfo, MSG, PROJECT_FORM_MSG, PROJECT_TEXT_UPLOAD } from '@fieldpay/domain';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createEnterpriseUser, login, signInPlatformWithout, useTestApp } from '../../../test/app';
import { pdfOf, uploadFile } from '../../../test/file-fixtures';
import { createLookupWorld, type LookupWorld } from '../../../test/lookups';
import {
  contentItems,
  notices,
  organisations,
  projectAudits,
  projectOperationLogs,
  projects,
  projectServiceTypes,
  projectTexts,
  taxSources,
} from '../../db/schema';
import { seedSensitiveWords } from '../../platform/sensitive-words/service';

const t = useTestApp();
let world: LookupWorld;
let siblingUser: LoginUserInfo;
let taxId: number;
/** the own enterprise's library: two enabled articles, a disabled one, a questionnaire; and a foreign article */
const library = {
  article: 0,
  secondArticle: 0,
  disabledArticle: 0,
  questionnaire: 0,
  siblingArticle: 0,
  foreignTenantArticle: 0,
};
const terminals = { own: 0, sibling: 0 };

beforeAll(async () => {
  world = await createLookupWorld(t);
  const sibling = await createEnterpriseUser(t.database, { tenantIds: [world.tenantA] });
  siblingUser = await login(t.app, 'enterprise', sibling.username, sibling.password);
  [{ id: taxId }] = await t.database.db
    .insert(taxSources)
    .values({ tenantId: world.tenantA, taxName: '海南税源地' })
    .returning({ id: taxSources.id });
  const item = (owner: { tenantId: number; enterpriseId: number }, type: number, title: string, status = 1) =>
    t.database.db
      .insert(contentItems)
      .values({ ...owner, type, title, status })
      .returning({ id: contentItems.id })
      .then(([row]) => row.id);
  library.article = await item(world.own, 1, '心血管健康科普');
  library.secondArticle = await item(world.own, 1, '高血压用药指南');
  library.disabledArticle = await item(world.own, 1, '已下线的文章', 0);
  library.questionnaire = await item(world.own, 2, '店员认知调研');
  library.siblingArticle = await item(world.sibling, 1, '兄弟企业的文章');
  library.foreignTenantArticle = await item(world.foreign, 1, '另一平台企业的文章');
  const terminal = (owner: { tenantId: number; enterpriseId: number }, orgName: string) =>
    t.database.db
      .insert(organisations)
      .values({ ...owner, orgName, orgType: 'hospital', auditStatus: 1 })
      .returning({ id: organisations.id })
      .then(([row]) => row.id);
  terminals.own = await terminal(world.own, `广州市第一人民医院${crypto.randomUUID().slice(0, 8)}`);
  terminals.sibling = await terminal(world.sibling, `广州市红十字会医院${crypto.randomUUID().slice(0, 8)}`);
  await seedSensitiveWords(t.database.db, ['违禁词']);
  await t.services.ctx.scopes.withSystem('test: load the sensitive words', () => t.services.sensitiveWords.rebuild());
});

const basic = (change: Record<string, unknown> = {}) => ({
  projectName: '心血管学术推广项目',
  projectTypeName: '医药',
  startTime: Date.UTC(2026, 0, 1),
  endTime: Date.UTC(2026, 11, 31),
  minPeopleNum: 5,
  maxPeopleNum: 50,
  areaList: [
    { provinceId: '440000', province: '广东省', cityId: '440100', city: '广州市', areaId: '440106', area: '天河区' },
  ],
  ...change,
});
const serviceType = (change: Record<string, unknown> = {}) => ({
  boyaProjectVisitTypeModel: { visitParentId: 'p-ppxc', visitId: 'ppxc', description: '阅读推广文章', ...change },
  // read when the request is sent: the it.each tables are built before beforeAll fills the library;
  // the client's title is not kept, the library's is
  get resourcedArr() {
    return [{ id: library.article, title: '客户端写的标题' }];
  },
});
const createBody = (change: Record<string, unknown> = {}) => ({
  requestId: crypto.randomUUID(),
  taxId,
  projectProjectProjectModel: basic(),
  visitTypeList: [serviceType()],
  projectText: { description: '<p>面向三甲医院心内科的学术推广</p>', steps: '招募、培训、执行' },
  ...change,
});

const post = (session: LoginUserInfo, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: authHeaders(session) });
const get = (session: LoginUserInfo, url: string, query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, query, headers: authHeaders(session) });

async function createProject(change: Record<string, unknown> = {}): Promise<number> {
  const response = await post(world.enterpriseUser, '/api/sys/project/add', createBody(change));
  expect(response.json()).toMatchObject({ success: true });
  return response.json().result.id;
}

const statusOf = async (id: number) =>
  (await t.database.db.select({ s: projects.projectStatus }).from(projects).where(eq(projects.id, id)))[0].s;
const logCount = async (id: number) =>
  (
    await t.database.db.select({ n: count() }).from(projectOperationLogs).where(eq(projectOperationLogs.projectId, id))
  )[0].n;
const projectCount = async () => (await t.database.db.select({ n: count() }).from(projects))[0].n;

/** Moves a project with the platform's staff through the given actions. */
async function drive(id: number, ...steps: Array<'startAudit' | 'approve' | 'reject' | 'pause' | 'resume' | 'end'>) {
  for (const step of steps) {
    const response =
      step === 'approve' || step === 'reject'
        ? await post(world.staffA, '/api/sys/project/audit', {
            projectId: id,
            auditStatus: step === 'approve' ? 4 : 1,
            remarks: step === 'reject' ? '材料不全' : '',
          })
        : await post(world.staffA, `/api/sys/project/${step}`, { projectId: id });
    expect(response.json(), step).toMatchObject({ success: true });
  }
}

describe('creating a project (enterprise side)', () => {
  it('creates it 待审核 with every block, and the detail shows them', async () => {
    const id = await createProject();
    const detail = await get(world.enterpriseUser, '/api/sys/project/queryById', { projectId: String(id) });
    const { result } = detail.json();
    expect(result.project).toMatchObject({
      projectName: '心血管学术推广项目',
      projectStatus: 0,
      projectStatus_dictText: '待审核',
      taxName: '海南税源地',
      minPeopleNum: 5,
      maxPeopleNum: 50,
      clientId: world.own.enterpriseId,
      cycleDate: '2026-01-01 至 2026-12-31',
      stopTime: null,
      parentVisitTypeNames: '品牌宣传',
    });
    expect(result.project.areaList).toHaveLength(1);
    expect(result.project.projectSn).toBe(
      `XM${new Date(Date.now() + 8 * 3_600_000).toISOString().slice(2, 10).replace(/-/g, '')}${String(id).padStart(6, '0')}`,
    );
    expect(result.visitTypeList).toEqual([
      expect.objectContaining({
        visitId: 'ppxc',
        serviceTypeName: '品牌宣传(文章阅读)',
        resourceInfo: [{ id: library.article, title: '心血管健康科普' }],
      }),
    ]);
    expect(result.projectText).toMatchObject({ steps: '招募、培训、执行' });
    expect(result.logList).toEqual([expect.objectContaining({ action: 'create', actionName: '创建项目' })]);
  });

  it('answers a repeated or concurrent create with the first project (no double effect)', async () => {
    const body = createBody();
    const before = await projectCount();
    const answers = await Promise.all([
      post(world.enterpriseUser, '/api/sys/project/add', body),
      post(world.enterpriseUser, '/api/sys/project/add', body),
    ]);
    const again = await post(world.enterpriseUser, '/api/sys/project/add', body);
    const ids = [...answers, again].map((response) => response.json().result.id);
    expect(new Set(ids).size).toBe(1);
    expect(await projectCount()).toBe(before + 1);
  });

  const many = <T>(n: number, item: (i: number) => T) => Array.from({ length: n }, (_, i) => item(i));
  it.each([
    ['no tax source', { taxId: null }, MSG.taxSourceRequired],
    ['no basics', { projectProjectProjectModel: null }, MSG.saveBasicInfoFirst],
    ['no service type', { visitTypeList: [] }, MSG.saveServiceTypeFirst],
    ['no text', { projectText: null }, MSG.saveSupplementaryInfoFirst],
    ['empty headcount', { projectProjectProjectModel: basic({ minPeopleNum: '' }) }, MSG.headcountRequired],
    ['fraction', { projectProjectProjectModel: basic({ minPeopleNum: 1.5 }) }, MSG.headcountRange],
    ['min above max', { projectProjectProjectModel: basic({ minPeopleNum: 60 }) }, MSG.headcountMinAboveMax],
    ['max above 2000', { projectProjectProjectModel: basic({ maxPeopleNum: 2001 }) }, MSG.headcountMaxTooLarge],
    ['no description', { projectText: { description: '<p></p>' } }, MSG.projectDescriptionRequired],
    [
      '51 areas',
      { projectProjectProjectModel: basic({ areaList: many(51, () => basic().areaList[0]) }) },
      MSG.areasLimit,
    ],
    [
      'long service description',
      { visitTypeList: [serviceType({ description: '文'.repeat(501) })] },
      '服务描述不能超过500个字符',
    ],
    [
      'sensitive service description',
      { visitTypeList: [serviceType({ description: '含违禁词的描述' })] },
      '内容包含敏感词：违禁词',
    ],
    [
      '11 articles',
      { visitTypeList: [{ ...serviceType(), resourcedArr: many(11, (i) => ({ id: i + 1, title: `文章${i}` })) }] },
      '最多选择10个文章/问卷',
    ],
    ['a foreign tax source', { taxId: 999_999 }, '税源地不存在'],
    [
      'an area not in GB/T 2260',
      { projectProjectProjectModel: basic({ areaList: [{ provinceId: '440000', province: '北京市' }] }) },
      '请选择正确的区域',
    ],
    [
      'a district outside its city',
      {
        projectProjectProjectModel: basic({
          areaList: [
            {
              provinceId: '440000',
              province: '广东省',
              cityId: '440100',
              city: '广州市',
              areaId: '110101',
              area: '东城区',
            },
          ],
        }),
      },
      '请选择正确的区域',
    ],
  ])('refuses %s with the form message and creates nothing', async (_case, change, message) => {
    const before = await projectCount();
    const response = await post(world.enterpriseUser, '/api/sys/project/add', createBody(change));
    expect(response.json()).toMatchObject({ success: false, message });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(await projectCount()).toBe(before);
  });

  it('is refused to the platform side (the code is the enterprise side)', async () => {
    const response = await post(world.staffA, '/api/sys/project/add', createBody());
    expect(response.statusCode).toBe(403);
  });
});

describe('the lifecycle', () => {
  it('audits (6 -> 4) with an audit record and a notice, then pauses, resumes and ends with stopTime', async () => {
    const id = await createProject();
    await drive(id, 'startAudit');
    expect(await statusOf(id)).toBe(6);
    await drive(id, 'approve');
    expect(await statusOf(id)).toBe(4);
    const detail = (await get(world.enterpriseUser, '/api/sys/project/queryById', { projectId: String(id) })).json()
      .result;
    expect(detail.project).toMatchObject({ projectStatus_dictText: '进行中', auditUserName: '测试员' });
    expect(detail.auditList).toEqual([expect.objectContaining({ auditStatus: 4, auditStatus_dictText: '审核通过' })]);
    const [notice] = await t.database.db
      .select()
      .from(notices)
      .where(and(eq(notices.bizId, String(id)), eq(notices.type, 'project')));
    expect(notice).toMatchObject({ title: '项目审核通过', link: `/projectManage/project/detail?id=${id}` });

    await drive(id, 'pause');
    expect(await statusOf(id)).toBe(3);
    await drive(id, 'resume', 'pause', 'end');
    const ended = (await get(world.staffA, '/api/sys/project/queryById', { projectId: String(id) })).json().result;
    expect(ended.project).toMatchObject({ projectStatus: 2, projectStatus_dictText: '已结束' });
    expect(ended.project.stopTime).toBeGreaterThan(0);
    expect(ended.logList.map((log: { action: string }) => log.action)).toEqual([
      'end',
      'pause',
      'resume',
      'pause',
      'approve',
      'startAudit',
      'create',
    ]);
  });

  it('rejects (6 -> 1) only with a reason, and tells the enterprise why', async () => {
    const id = await createProject();
    await drive(id, 'startAudit');
    const noReason = await post(world.staffA, '/api/sys/project/audit', {
      projectId: id,
      auditStatus: 1,
      remarks: ' ',
    });
    expect(noReason.json()).toMatchObject({ success: false, message: '请输入驳回原因' });
    await drive(id, 'reject');
    expect(await statusOf(id)).toBe(1);
    const [notice] = await t.database.db
      .select()
      .from(notices)
      .where(eq(notices.bizId, String(id)));
    expect(notice).toMatchObject({ title: '项目审核未通过', content: expect.stringContaining('材料不全') });
  });

  it.each([
    ['pause', 0, '/api/sys/project/pause', {}, '项目当前状态为待审核，不能暂停'],
    [
      'audit before review starts',
      0,
      '/api/sys/project/audit',
      { auditStatus: 4 },
      '项目当前状态为待审核，不能审核通过',
    ],
    ['end', 0, '/api/sys/project/end', {}, '项目当前状态为待审核，不能结束'],
    ['start review again', 6, '/api/sys/project/startAudit', {}, '项目当前状态为审核中，不能开始审核'],
    ['resume', 4, '/api/sys/project/resume', {}, '项目当前状态为进行中，不能恢复'],
    [
      'reject after approval',
      4,
      '/api/sys/project/audit',
      { auditStatus: 1, remarks: '改判' },
      '项目当前状态为进行中，不能审核驳回',
    ],
    ['pause', 2, '/api/sys/project/pause', {}, '项目当前状态为已结束，不能暂停'],
    ['end twice', 2, '/api/sys/project/end', {}, '项目当前状态为已结束，不能结束'],
    ['pause', 1, '/api/sys/project/pause', {}, '项目当前状态为未通过，不能暂停'],
  ] as const)('refuses %s in status %i, changing nothing', async (_case, status, url, extra, message) => {
    const id = await createProject();
    const path = {
      0: [],
      6: ['startAudit'],
      4: ['startAudit', 'approve'],
      2: ['startAudit', 'approve', 'end'],
      1: ['startAudit', 'reject'],
    }[status] as Parameters<typeof drive>[1][];
    await drive(id, ...path);
    const logs = await logCount(id);
    const response = await post(world.staffA, url, { projectId: id, ...extra });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ success: false, message });
    expect(await statusOf(id)).toBe(status);
    expect(await logCount(id)).toBe(logs);
  });

  it('answers the same audit sent twice once, with one record and one log row', async () => {
    const id = await createProject();
    await drive(id, 'startAudit');
    const body = { projectId: id, auditStatus: 4, remarks: '' };
    const answers = await Promise.all([
      post(world.staffA, '/api/sys/project/audit', body),
      post(world.staffA, '/api/sys/project/audit', body),
    ]);
    expect(answers.map((response) => response.json().success)).toEqual([true, true]);
    const records = await t.database.db.select().from(projectAudits).where(eq(projectAudits.projectId, id));
    expect(records).toHaveLength(1);
    expect(await logCount(id)).toBe(3);
  });

  it('lets the enterprise pause and end its own project, not review it', async () => {
    const id = await createProject();
    await drive(id, 'startAudit', 'approve');
    expect((await post(world.enterpriseUser, '/api/sys/project/pause', { projectId: id })).json().success).toBe(true);
    expect((await post(world.enterpriseUser, '/api/sys/project/end', { projectId: id })).json().success).toBe(true);
    expect(await statusOf(id)).toBe(2);
    const audit = await post(world.enterpriseUser, '/api/sys/project/startAudit', { projectId: id });
    expect(audit.statusCode).toBe(403);
  });
});

describe('editing blocks (platform side, projectManage:pro:modify, status 4, 3 or 0)', () => {
  it('saves basics, a service type and the text in status 0, each with a log row', async () => {
    const id = await createProject();
    const saveBasic = await post(world.staffA, '/api/sys/project/editBasic', {
      projectId: id,
      projectProjectProjectModel: basic({ projectName: '心血管学术推广项目（二期）', maxPeopleNum: '80' }),
    });
    expect(saveBasic.json()).toMatchObject({ success: true, message: '保存成功' });
    const added = await post(world.staffA, '/api/sys/project/editVisitType', {
      projectId: id,
      boyaProjectVisitTypeModel: { visitParentId: 'cgfw', visitId: 'cgfw', locationScope: 500 },
    });
    expect(added.json()).toMatchObject({ success: true });
    const repeated = await post(world.staffA, '/api/sys/project/editVisitType', {
      projectId: id,
      boyaProjectVisitTypeModel: { visitParentId: 'cgfw', visitId: 'cgfw' },
    });
    expect(repeated.json()).toMatchObject({ success: false, message: '服务类型不能重复' });
    const text = await post(world.staffA, '/api/sys/project/editText', { projectId: id, description: '<p>新说明</p>' });
    expect(text.json()).toMatchObject({ success: true });
    const detail = (await get(world.staffA, '/api/sys/project/queryById', { projectId: String(id) })).json().result;
    expect(detail.project).toMatchObject({ projectName: '心血管学术推广项目（二期）', maxPeopleNum: 80 });
    expect(detail.visitTypeList.map((type: { visitId: string }) => type.visitId)).toEqual(['ppxc', 'cgfw']);
    expect(detail.projectText.description).toBe('<p>新说明</p>');
    expect(detail.logList.map((log: { action: string }) => log.action)).toEqual([
      'editText',
      'editVisitType',
      'editBasic',
      'create',
    ]);
  });

  it.each([
    [
      'headcount',
      { projectProjectProjectModel: basic({ maxPeopleNum: '' }) },
      '/api/sys/project/editBasic',
      MSG.headcountRequired,
    ],
    [
      'areas',
      { projectProjectProjectModel: basic({ areaList: Array.from({ length: 51 }, () => basic().areaList[0]) }) },
      '/api/sys/project/editBasic',
      MSG.areasLimit,
    ],
    ['text', { description: '' }, '/api/sys/project/editText', MSG.projectDescriptionRequired],
    [
      'service description',
      serviceType({ description: '违禁词' }),
      '/api/sys/project/editVisitType',
      '内容包含敏感词：违禁词',
    ],
  ])('refuses a bad %s with the form message', async (_case, payload, url, message) => {
    const id = await createProject();
    const logs = await logCount(id);
    const response = await post(world.staffA, url, { projectId: id, ...payload });
    expect(response.json()).toMatchObject({ success: false, message });
    expect(await logCount(id)).toBe(logs);
  });

  it.each([
    [6, ['startAudit'], '审核中'],
    [1, ['startAudit', 'reject'], '未通过'],
    [2, ['startAudit', 'approve', 'end'], '已结束'],
  ] as const)('refuses edits in status %i', async (_status, path, label) => {
    const id = await createProject();
    await drive(id, ...path);
    const response = await post(world.staffA, '/api/sys/project/editText', { projectId: id, description: '<p>改</p>' });
    expect(response.json()).toMatchObject({ success: false, message: `项目当前状态为${label}，不能修改` });
  });

  it('refuses the enterprise side and a platform role without the code (403), changing nothing', async () => {
    const id = await createProject();
    const without = await signInPlatformWithout(t, world.tenantA, 'projectManage:pro:modify');
    for (const session of [world.enterpriseUser, without]) {
      const response = await post(session, '/api/sys/project/editText', { projectId: id, description: '<p>改</p>' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, code: ApiCode.forbidden });
    }
    const refused = await post(without, '/api/sys/project/editText', { projectId: id, description: '<p>改</p>' });
    expect(refused.json().message).toBe(MSG.forbidden);
    expect(await logCount(id)).toBe(1);
  });
});

describe('articles, questionnaires and terminals of a service type (checked against the enterprise)', () => {
  const typesOf = async (id: number) =>
    t.database.db
      .select({
        visitId: projectServiceTypes.visitId,
        resourceInfo: projectServiceTypes.resourceInfo,
        orgList: projectServiceTypes.orgList,
      })
      .from(projectServiceTypes)
      .where(eq(projectServiceTypes.projectId, id))
      .orderBy(projectServiceTypes.id);
  const ppxcTypeId = async (id: number) =>
    (await get(world.staffA, '/api/sys/project/queryById', { projectId: String(id) })).json().result.visitTypeList[0]
      .id as number;

  it('keeps the library titles, in the order picked, on create and on edit', async () => {
    const id = await createProject();
    expect((await typesOf(id))[0].resourceInfo).toEqual([{ id: library.article, title: '心血管健康科普' }]);
    const picked = [
      { id: library.secondArticle, title: '改过的标题' },
      { id: library.article, title: '' },
    ];
    const edited = await post(world.staffA, '/api/sys/project/editVisitType', {
      projectId: id,
      boyaProjectVisitTypeModel: { id: await ppxcTypeId(id), visitParentId: 'p-ppxc', visitId: 'ppxc' },
      resourcedArr: picked,
    });
    expect(edited.json()).toMatchObject({ success: true });
    const survey = await post(world.staffA, '/api/sys/project/editVisitType', {
      projectId: id,
      boyaProjectVisitTypeModel: { visitParentId: 'p-wjdy', visitId: 'wjdy' },
      resourcedArr: [{ id: library.questionnaire, title: '问卷' }],
    });
    expect(survey.json()).toMatchObject({ success: true });
    const detail = (await get(world.enterpriseUser, '/api/sys/project/queryById', { projectId: String(id) })).json()
      .result;
    expect(detail.visitTypeList.map((type: { resourceInfo: unknown }) => type.resourceInfo)).toEqual([
      [
        { id: library.secondArticle, title: '高血压用药指南' },
        { id: library.article, title: '心血管健康科普' },
      ],
      [{ id: library.questionnaire, title: '店员认知调研' }],
    ]);
  });

  const ppxc = (resourcedArr: unknown[]) => ({
    boyaProjectVisitTypeModel: { visitParentId: 'p-ppxc', visitId: 'ppxc' },
    resourcedArr,
  });
  const cases: Array<
    [string, () => { boyaProjectVisitTypeModel: Record<string, unknown>; resourcedArr?: unknown[] }, string]
  > = [
    [
      "another enterprise's article",
      () => ppxc([{ id: library.siblingArticle, title: '兄弟企业的文章' }]),
      '所选文章/问卷不存在或已停用',
    ],
    [
      "an article of another tenant's enterprise",
      () => ppxc([{ id: library.foreignTenantArticle, title: '另一平台企业的文章' }]),
      '所选文章/问卷不存在或已停用',
    ],
    [
      'a disabled article',
      () => ppxc([{ id: library.disabledArticle, title: '已下线的文章' }]),
      '所选文章/问卷不存在或已停用',
    ],
    ['a missing article', () => ppxc([{ id: 99_999_999, title: '不存在' }]), '所选文章/问卷不存在或已停用'],
    [
      'a questionnaire under p-ppxc',
      () => ppxc([{ id: library.questionnaire, title: '店员认知调研' }]),
      '该服务类型只能选择文章',
    ],
    [
      'an article under p-wjdy',
      () => ({
        boyaProjectVisitTypeModel: { visitParentId: 'p-wjdy', visitId: 'wjdy' },
        resourcedArr: [{ id: library.article, title: '心血管健康科普' }],
      }),
      '该服务类型只能选择问卷',
    ],
    [
      'an article under a type that takes none',
      () => ({
        boyaProjectVisitTypeModel: { visitParentId: 'dhbf', visitId: 'dhbf' },
        resourcedArr: [{ id: library.article, title: '心血管健康科普' }],
      }),
      '该服务类型不能选择文章/问卷',
    ],
    [
      'the same article twice',
      () =>
        ppxc([
          { id: library.article, title: '心血管健康科普' },
          { id: library.article, title: '心血管健康科普' },
        ]),
      '文章/问卷不能重复选择',
    ],
    [
      '11 articles',
      () => ppxc(Array.from({ length: 11 }, (_, i) => ({ id: library.article + i, title: `文章${i}` }))),
      '最多选择10个文章/问卷',
    ],
    [
      "another enterprise's terminal",
      () => ({
        boyaProjectVisitTypeModel: {
          visitParentId: 'cgfw',
          visitId: 'cgfw',
          orgList: [{ id: terminals.sibling, orgName: '广州市红十字会医院' }],
        },
      }),
      '所选终端不存在',
    ],
  ];

  it.each(cases)('refuses %s on create, creating nothing', async (_case, type, message) => {
    const before = await projectCount();
    const response = await post(world.enterpriseUser, '/api/sys/project/add', createBody({ visitTypeList: [type()] }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message });
    expect(await projectCount()).toBe(before);
  });

  it.each(cases)('refuses %s on edit, changing nothing', async (_case, type, message) => {
    const id = await createProject();
    const before = await typesOf(id);
    const logs = await logCount(id);
    const body = type();
    // the project's own ppxc type is edited where the case is a ppxc one, another type is added otherwise
    const typeId = body.boyaProjectVisitTypeModel.visitId === 'ppxc' ? await ppxcTypeId(id) : undefined;
    const response = await post(world.staffA, '/api/sys/project/editVisitType', {
      projectId: id,
      ...body,
      boyaProjectVisitTypeModel: { ...body.boyaProjectVisitTypeModel, id: typeId },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message });
    expect(await typesOf(id)).toEqual(before);
    expect(await logCount(id)).toBe(logs);
  });

  it('keeps the terminals (with their stored names) and sign limits of an ordinary service', async () => {
    const id = await createProject();
    const signInLimit = { signIn: 1, location: 1, photo: 2, album: 0 };
    const signOutLimit = { signOut: 1, location: 0, photo: 1, album: 0, uploadFile: 1, minutes: 15 };
    const added = await post(world.staffA, '/api/sys/project/editVisitType', {
      projectId: id,
      boyaProjectVisitTypeModel: {
        visitParentId: 'cgfw',
        visitId: 'cgfw',
        locationScope: 800,
        orgList: [{ id: terminals.own, orgName: '客户端写的名字' }],
        signInLimit,
        signOutLimit,
      },
    });
    expect(added.json()).toMatchObject({ success: true });
    const detail = (await get(world.staffA, '/api/sys/project/queryById', { projectId: String(id) })).json().result;
    const cgfw = detail.visitTypeList.find((type: { visitId: string }) => type.visitId === 'cgfw');
    const [terminal] = await t.database.db
      .select({ orgName: organisations.orgName })
      .from(organisations)
      .where(eq(organisations.id, terminals.own));
    expect(cgfw).toMatchObject({
      locationScope: 800,
      orgList: [{ id: terminals.own, orgName: terminal.orgName }],
      signInLimit,
      signOutLimit,
    });
    // switching a leg off is kept as 0, not dropped
    const edited = await post(world.staffA, '/api/sys/project/editVisitType', {
      projectId: id,
      boyaProjectVisitTypeModel: { ...cgfw, signInLimit: { ...signInLimit, signIn: 0 } },
    });
    expect(edited.json()).toMatchObject({ success: true });
    const again = (await get(world.staffA, '/api/sys/project/queryById', { projectId: String(id) })).json().result;
    expect(again.visitTypeList.find((type: { visitId: string }) => type.visitId === 'cgfw').signInLimit).toEqual({
      ...signInLimit,
      signIn: 0,
    });
  });
});

describe('the work-location dialog (工作地点): a service type’s terminals with their addresses', () => {
  it('pages the picked terminals with type, review and address as they are now, inside the wall', async () => {
    const located = (orgName: string, area: string, address: string, orgType = 'hospital') =>
      t.database.db
        .insert(organisations)
        .values({ ...world.own, orgName, orgType, auditStatus: 1, province: '广东省', city: '广州市', area, address })
        .returning({ id: organisations.id })
        .then(([row]) => row.id);
    const suffix = crypto.randomUUID().slice(0, 8);
    const first = await located(`中山大学附属第一医院${suffix}`, '越秀区', '中山二路 58 号');
    const second = await located(`大参林药店${suffix}`, '天河区', '体育西路 101 号', 'pharmacy');
    const id = await createProject({
      visitTypeList: [
        {
          boyaProjectVisitTypeModel: {
            visitParentId: 'cgfw',
            visitId: 'cgfw',
            locationScope: 500,
            orgList: [
              { id: second, orgName: '' },
              { id: first, orgName: '' },
            ],
          },
        },
      ],
    });
    const other = await createProject();
    const typeId = async (projectId: number) =>
      (
        await t.database.db
          .select({ id: projectServiceTypes.id })
          .from(projectServiceTypes)
          .where(eq(projectServiceTypes.projectId, projectId))
      )[0].id;
    const serviceTypeId = String(await typeId(id));
    const ask = (session: LoginUserInfo, query: Record<string, string>) =>
      get(session, '/api/sys/project/workLocations', { projectId: String(id), serviceTypeId, ...query });

    for (const session of [world.enterpriseUser, world.staffA, world.admin]) {
      const page = await ask(session, { pageNo: '1', pageSize: '1' });
      expect(page.json(), 'first page').toMatchObject({
        success: true,
        result: {
          total: 2,
          records: [
            {
              id: first,
              orgName: `中山大学附属第一医院${suffix}`,
              orgType: 'hospital',
              orgTypeName: '医院',
              auditStatus: 1,
              province: '广东省',
              city: '广州市',
              area: '越秀区',
              address: '中山二路 58 号',
            },
          ],
        },
      });
    }
    // the address as the terminal keeps it now, not as it was when picked
    await t.database.db.update(organisations).set({ address: '体育西路 103 号' }).where(eq(organisations.id, second));
    const secondPage = (await ask(world.enterpriseUser, { pageNo: '2', pageSize: '1' })).json().result;
    expect(secondPage.records).toEqual([
      expect.objectContaining({ id: second, orgTypeName: '药店', area: '天河区', address: '体育西路 103 号' }),
    ]);

    // another tenant's staff and a sibling enterprise: the project does not exist for them
    for (const session of [world.staffB, siblingUser])
      expect((await ask(session, {})).json()).toMatchObject({ success: false, code: ApiCode.projectMissing });
    // a service type of another project
    const foreignType = await get(world.staffA, '/api/sys/project/workLocations', {
      projectId: String(id),
      serviceTypeId: String(await typeId(other)),
    });
    expect(foreignType.statusCode).toBe(404);
    expect(foreignType.json()).toMatchObject({ success: false, message: '项目没有该服务类型' });
    // a service type without terminals answers an empty page
    const empty = await get(world.staffA, '/api/sys/project/workLocations', {
      projectId: String(other),
      serviceTypeId: String(await typeId(other)),
    });
    expect(empty.json().result).toEqual({ records: [], total: 0 });
    // without the project list's code
    const without = await signInPlatformWithout(t, world.tenantA, 'projectManage:list:view');
    expect((await ask(without, {})).statusCode).toBe(403);
  });
});

describe('the project text (补充信息): sanitised rich text and the project’s own documents', () => {
  /** A PDF uploaded by `who` as the 补充信息 attachment (or under another upload path); its address. */
  const upload = async (who: LoginUserInfo, fileName: string, uploadPath: string = PROJECT_TEXT_UPLOAD.uploadPath) => {
    const response = await uploadFile(t, who, { scene: 'document', uploadPath }, fileName, pdfOf('项目说明'));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result.address as string;
  };
  const storedText = async (id: number) =>
    (await t.database.db.select().from(projectTexts).where(eq(projectTexts.projectId, id)))[0];

  it('keeps the description through the article allowlist, and refuses markup without text', async () => {
    const id = await createProject();
    const saved = await post(world.staffA, '/api/sys/project/editText', {
      projectId: id,
      description:
        '<h3 onclick="steal()">背景</h3><p style="position:fixed">说明<script>alert(1)</script></p>' +
        '<a href="javascript:alert(1)">链接</a><iframe src="https://evil.example"></iframe>',
    });
    expect(saved.json()).toMatchObject({ success: true });
    const { description } = await storedText(id);
    expect(description).toBe('<h3>背景</h3><p>说明</p><a rel="noopener noreferrer">链接</a>');
    const logs = await logCount(id);
    for (const empty of [
      '<p><br></p>',
      '<p><script>alert(1)</script></p>',
      '<img src="https://example.com/a.png" />',
    ]) {
      const refused = await post(world.staffA, '/api/sys/project/editText', { projectId: id, description: empty });
      expect(refused.json(), empty).toMatchObject({ success: false, message: MSG.projectDescriptionRequired });
    }
    expect((await storedText(id)).description).toBe(description);
    expect(await logCount(id)).toBe(logs);
  });

  it('attaches the enterprise’s uploaded document with the stored name and type, and a signed link in the detail', async () => {
    const address = await upload(world.enterpriseUser, '项目执行说明.pdf');
    const id = await createProject({
      projectText: {
        description: '<p>说明</p>',
        fileList: [
          { fileName: '改过的名字.exe', fileType: 'exe', fileAddress: address },
          { fileName: '重复', fileType: 'pdf', fileAddress: address },
        ],
      },
    });
    const detail = (await get(world.staffA, '/api/sys/project/queryById', { projectId: String(id) })).json().result;
    expect(detail.projectText.fileList).toEqual([
      { fileName: '项目执行说明.pdf', fileType: 'pdf', fileAddress: address, url: expect.stringContaining(address) },
    ]);
    // the link opens without a session, for whichever side is looking at the project
    const opened = await t.app.inject({ method: 'GET', url: detail.projectText.fileList[0].url });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    // the platform's staff add their own document beside it
    const own = await upload(world.staffA, '平台补充材料.pdf');
    const edited = await post(world.staffA, '/api/sys/project/editText', {
      projectId: id,
      description: '<p>说明</p>',
      fileList: [
        { fileName: 'a', fileType: 'pdf', fileAddress: address },
        { fileName: 'b', fileType: 'pdf', fileAddress: own },
      ],
    });
    expect(edited.json()).toMatchObject({ success: true });
    expect((await storedText(id)).fileList.map((file) => file.fileName)).toEqual([
      '项目执行说明.pdf',
      '平台补充材料.pdf',
    ]);
    const fromLog = detail.logList[0].id as number;
    const logged = (await get(world.staffA, '/api/sys/project/queryByLogId', { id: String(fromLog) })).json().result;
    expect(logged.logAfter.projectText.fileList[0].url).toContain(address);
  });

  it('refuses an address that is not the project’s own upload, and writes nothing', async () => {
    const refusals: Array<[string, () => Promise<string>]> = [
      ['a foreign URL', async () => 'https://evil.example/brief.pdf'],
      ['a made-up address', async () => '/api/resource/file/1/AAAAAAAAAAAAAAAAAAAAAA'],
      ['another upload path', () => upload(world.enterpriseUser, '结算附件.pdf', 'settlement')],
      ['a sibling enterprise’s file', () => upload(siblingUser, '兄弟企业.pdf')],
      ['another tenant’s file', () => upload(world.staffB, '另一平台.pdf')],
    ];
    const before = await projectCount();
    for (const [label, addressOf] of refusals) {
      const fileAddress = await addressOf();
      const response = await post(
        world.enterpriseUser,
        '/api/sys/project/add',
        createBody({
          projectText: { description: '<p>说明</p>', fileList: [{ fileName: 'x.pdf', fileType: 'pdf', fileAddress }] },
        }),
      );
      expect(response.json(), label).toMatchObject({ success: false, message: PROJECT_FORM_MSG.attachmentUnavailable });
    }
    expect(await projectCount()).toBe(before);
    const id = await createProject();
    const foreign = await upload(world.staffB, '另一平台.pdf');
    const edit = await post(world.staffA, '/api/sys/project/editText', {
      projectId: id,
      description: '<p>改</p>',
      fileList: [{ fileName: 'x.pdf', fileType: 'pdf', fileAddress: foreign }],
    });
    expect(edit.json()).toMatchObject({ success: false, message: PROJECT_FORM_MSG.attachmentUnavailable });
    expect((await storedText(id)).description).toBe('<p>面向三甲医院心内科的学术推广</p>');
  });
});

describe('the tenant wall', () => {
  it('answers 项目不存在 (10013) to another tenant and another enterprise, and changes nothing', async () => {
    const id = await createProject();
    for (const session of [world.staffB, siblingUser]) {
      const detail = await get(session, '/api/sys/project/queryById', { projectId: String(id) });
      expect(detail.statusCode).toBe(404);
      expect(detail.json()).toMatchObject({ success: false, code: ApiCode.projectMissing, message: '项目不存在' });
      const summary = await get(session, '/api/sys/project/summary', { projectId: String(id) });
      expect(summary.json()).toMatchObject({ code: ApiCode.projectMissing });
    }
    for (const url of ['/api/sys/project/startAudit', '/api/sys/project/editText']) {
      const response = await post(world.staffB, url, { projectId: id, description: '<p>外</p>' });
      expect(response.json()).toMatchObject({ code: ApiCode.projectMissing });
    }
    const pause = await post(siblingUser, '/api/sys/project/pause', { projectId: id });
    expect(pause.json()).toMatchObject({ code: ApiCode.projectMissing });
    expect(await statusOf(id)).toBe(0);
    expect(await logCount(id)).toBe(1);
    // the platform operator sees every tenant
    expect((await get(world.admin, '/api/sys/project/queryById', { projectId: String(id) })).statusCode).toBe(200);
  });

  it('answers a missing project with 项目不存在', async () => {
    const response = await get(world.staffA, '/api/sys/project/queryById', { projectId: '99999999' });
    expect(response.json()).toMatchObject({ success: false, code: 10013, message: '项目不存在' });
  });
});

describe('city tree', () => {
  it('answers GB/T 2260 divisions with 6-digit codes', async () => {
    const tree = (await get(world.enterpriseUser, '/api/sys/city/tree', {})).json().result;
    const guangdong = tree.find((node: { label: string }) => node.label === '广东省');
    expect(guangdong.value).toBe('440000');
    const guangzhou = guangdong.children.find((node: { label: string }) => node.label === '广州市');
    expect(guangzhou.value).toBe('440100');
    expect(guangzhou.children).toContainEqual({ value: '440106', label: '天河区' });
  });
});

describe('summary and the operation log', () => {
  it('answers the four blocks; areas not yet built count 0', async () => {
    const id = await createProject();
    const response = await get(world.enterpriseUser, '/api/sys/project/summary', { projectId: String(id) });
    expect(response.json().result).toEqual({
      agreement: { agreementTotal: 0, agreementUsed: 0 },
      settle: { amount: '0.00', personNum: 0, settlementNum: 0, totalTask: 0 },
      project: expect.objectContaining({ id, projectStatus_dictText: '待审核', cycleDate: '2026-01-01 至 2026-12-31' }),
      invoice: { invoiceNum: 0 },
    });
  });

  it('shows the project as each log row left it, and hides foreign rows', async () => {
    const id = await createProject();
    await drive(id, 'startAudit', 'approve');
    const detail = (await get(world.staffA, '/api/sys/project/queryById', { projectId: String(id) })).json().result;
    const [approved, started, created] = detail.logList;
    const statusIn = async (logId: number) =>
      (await get(world.enterpriseUser, '/api/sys/project/queryByLogId', { id: String(logId) })).json().result.logAfter
        .project.projectStatus;
    expect([await statusIn(created.id), await statusIn(started.id), await statusIn(approved.id)]).toEqual([0, 6, 4]);
    const approvedLog = (await get(world.staffA, '/api/sys/project/queryByLogId', { id: String(approved.id) })).json()
      .result;
    expect(approvedLog.logAfter.auditList).toHaveLength(1);
    const foreign = await get(world.staffB, '/api/sys/project/queryByLogId', { id: String(approved.id) });
    expect(foreign.json()).toMatchObject({ code: ApiCode.projectMissing, message: '项目不存在' });
  });
});
