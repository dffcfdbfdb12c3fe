import crypto from 'node:crypto';
import { ApiCode, type LoginUserInfo, MSG } from '@fieldpay/domain';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  createEnterpriseUser,
  createPlatformUser,
  createRole,
  login,
  useTestApp,
} from '../../../test/app';
import { createLookupWorld, type LookupWorld } from '../../../test/lookups';
import { notices, projectAudits, projectOperationLogs, projects, taxSources } from '../../db/schema';
import { seedSensitiveWords } from '../../platform/sensitive-words/service';
import { builtInRoleCodes } from '../../seed/reference-data';

const t = useTestApp();
let world: LookupWorld;
let siblingUser: LoginUserInfo;
let taxId: number;

beforeAll(async () => {
  world = await createLookupWorld(t);
  const sibling = await createEnterpriseUser(t.database, { tenantIds: [world.tenantA] });
  siblingUser = await login(t.app, 'enterprise', sibling.username, sibling.password);
  [{ id: taxId }] = await t.database.db
    .insert(taxSources)
    .values({ tenantId: world.tenantA, taxName: '海南税源地' })
    .returning({ id: taxSources.id });
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
  resourcedArr: [{ id: 1, title: '心血管健康科普' }],
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
        resourceInfo: [{ id: 1, title: '心血管健康科普' }],
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
    const roleCode = await createRole(t.database, {
      tenantId: world.tenantA,
      side: 'platform',
      permissions: builtInRoleCodes('platform', false).filter((code) => code !== 'projectManage:pro:modify'),
    });
    const user = await createPlatformUser(t.database, { tenantId: world.tenantA, roleCode });
    const without = await login(t.app, 'platform', user.username, user.password);
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
