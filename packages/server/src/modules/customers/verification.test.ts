/**
 * Customer verification (decision 0027): the check, the detail and the reviews, on the tenant wall
 * (another tenant's or another enterprise's customer answers 客户不存在), with the permission codes
 * and the audit rules of spec 3 §4.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LoginUserInfo } from '@fieldpay/domain';
import { authHeaders, createPlatformUser, createRole, login, useTestApp } from '../../../test/app';
import { createLookupWorld, type LookupWorld } from '../../../test/lookups';
import { auditLogs, customers, organisations } from '../../db/schema';

const t = useTestApp();
let world: LookupWorld;
let rejectOnly: LoginUserInfo;
let withoutCode: LoginUserInfo;
const ids = {} as Record<
  'certified' | 'pending' | 'pendingHospital' | 'atRejectedTerminal' | 'sibling' | 'foreign' | 'pharmacist',
  number
>;

const get = (session: LoginUserInfo, url: string, id: number | string) =>
  t.app.inject({ method: 'GET', url, query: { id: String(id) }, headers: authHeaders(session) });
const post = (session: LoginUserInfo, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: authHeaders(session) });
const CHECK = '/api/sys/customer/checkVerify';
const DETAIL = '/api/sys/customer/queryById';
const REVIEW = '/api/sys/customer/review';
const CERT = '/api/sys/customer/certReview';

async function org(owner: { tenantId: number; enterpriseId: number }, orgName: string, auditStatus: number) {
  const [row] = await t.database.db
    .insert(organisations)
    .values({ ...owner, orgName, orgType: 'hospital', auditStatus, province: '上海市', city: '上海市' })
    .returning({ id: organisations.id });
  return row.id;
}

async function customer(
  owner: { tenantId: number; enterpriseId: number },
  organisationId: number,
  values: Partial<typeof customers.$inferInsert> & { cusName: string },
) {
  const [row] = await t.database.db
    .insert(customers)
    .values({ ...owner, organisationId, cusType: 'hospital', department: '10', ...values })
    .returning({ id: customers.id });
  return row.id;
}

beforeAll(async () => {
  world = await createLookupWorld(t);
  const roleReject = await createRole(t.database, {
    tenantId: world.tenantA,
    side: 'platform',
    permissions: ['cusVerify:list:view', 'cusVerify:list:reject'],
  });
  const reviewer = await createPlatformUser(t.database, { tenantId: world.tenantA, roleCode: roleReject });
  rejectOnly = await login(t.app, 'platform', reviewer.username, reviewer.password);
  const roleNone = await createRole(t.database, { tenantId: world.tenantA, side: 'platform', permissions: [] });
  const bare = await createPlatformUser(t.database, { tenantId: world.tenantA, roleCode: roleNone });
  withoutCode = await login(t.app, 'platform', bare.username, bare.password);

  const hospital = await org(world.own, '上海浦东新区人民医院', 1);
  const rejected = await org(world.own, '浦东某未通过终端', 2);
  ids.certified = await customer(world.own, hospital, {
    cusName: '张建华',
    sex: 1,
    title: '主任医师',
    posit: '科室主任',
    certNo: '110310000123457',
    auditStatus: 1,
    authStatus: 1,
    auditUserName: '王审核',
    auditTime: new Date('2026-09-30T02:05:00Z'),
    createdByName: '李明',
  });
  ids.pending = await customer(world.own, hospital, { cusName: '刘芳', sex: 2 });
  ids.pendingHospital = await customer(world.own, hospital, { cusName: '李文博', certNo: '110510000345672' });
  ids.atRejectedTerminal = await customer(world.own, rejected, { cusName: '赵医生' });
  ids.pharmacist = await customer(world.own, hospital, { cusName: '钱药师', cusType: 'pharmacy', department: '2' });
  ids.sibling = await customer(world.sibling, await org(world.sibling, '兄弟企业的医院', 1), {
    cusName: '孙医生',
    auditStatus: 1,
    authStatus: 1,
  });
  ids.foreign = await customer(world.foreign, await org(world.foreign, '外平台医院', 1), {
    cusName: '周医生',
    auditStatus: 1,
    authStatus: 1,
  });
});

describe('verification check', () => {
  it('passes a certified customer and answers the reason otherwise', async () => {
    expect((await get(world.enterpriseUser, CHECK, ids.certified)).json()).toMatchObject({
      success: true,
      result: { id: ids.certified },
    });
    const pending = await get(world.staffA, CHECK, ids.pending);
    expect(pending.statusCode).toBe(422);
    expect(pending.json()).toMatchObject({ success: false, message: '该客户暂未通过认证，暂无认证信息' });
  });

  it('walls other tenants and enterprises: 客户不存在', async () => {
    for (const [session, id] of [
      [world.enterpriseUser, ids.sibling],
      [world.enterpriseUser, ids.foreign],
      [world.staffA, ids.foreign],
      [world.staffB, ids.certified],
    ] as const) {
      const response = await get(session, CHECK, id);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('客户不存在');
    }
    expect((await get(world.admin, CHECK, ids.foreign)).json().success).toBe(true);
  });

  it('refuses bad ids and sessions without the code', async () => {
    const bad = await get(world.staffA, CHECK, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('业务编号：格式不正确，应为数字');
    expect((await get(withoutCode, CHECK, ids.certified)).statusCode).toBe(403);
    expect((await get(withoutCode, DETAIL, ids.certified)).statusCode).toBe(403);
  });
});

describe('customer detail', () => {
  it('answers the dialog fields: dictionary department, sex, title, creator, audit', async () => {
    const detail = (await get(world.enterpriseUser, DETAIL, ids.certified)).json().result;
    expect(detail).toMatchObject({
      cusName: '张建华',
      cusType: 'hospital',
      cusTypeName: '医院',
      sex: 1,
      orgName: '上海浦东新区人民医院',
      orgNotPassed: false,
      department: '10',
      department_dic: '心血管内科',
      title: '主任医师',
      posit: '科室主任',
      createByString: '李明',
      certNo: '110310000123457',
      certImage: '',
      auditStatus: 1,
      auditStatus_dictText: '审核通过',
      authStatus: 1,
      authStatus_dictText: '已认证',
      auditName: '王审核',
      auditTime: Date.parse('2026-09-30T02:05:00Z'),
    });
    const terminal = (await get(world.staffA, DETAIL, ids.atRejectedTerminal)).json().result;
    expect(terminal).toMatchObject({ orgNotPassed: true, orgAuditStatus: 2, auditStatus: 0 });
    // no certificate for a pharmacy; its department from the pharmacy dictionary
    const pharmacist = (await get(world.staffA, DETAIL, ids.pharmacist)).json().result;
    expect(pharmacist).toMatchObject({ cusTypeName: '药店', department_dic: '执业药师', certNo: '', sex: null });
  });

  it('answers nothing foreign', async () => {
    expect((await get(world.enterpriseUser, DETAIL, ids.sibling)).statusCode).toBe(404);
    expect((await get(world.staffB, DETAIL, ids.certified)).statusCode).toBe(404);
    expect((await get(world.staffA, DETAIL, ids.foreign)).statusCode).toBe(404);
  });
});

describe('review (spec 3 §4 "Customer audit")', () => {
  it('rejects with a reason, once; the reason is required and at most 500', async () => {
    const missing = await post(rejectOnly, REVIEW, { id: ids.pending, auditStatus: 2, remarks: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('请输入驳回原因');
    const long = await post(rejectOnly, REVIEW, { id: ids.pending, auditStatus: 2, remarks: '长'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('驳回原因不能超过500个字');
    const rejected = await post(rejectOnly, REVIEW, { id: ids.pending, auditStatus: 2, remarks: '执业地点与终端不符' });
    expect(rejected.json()).toMatchObject({
      success: true,
      message: '操作成功',
      result: { auditStatus: 2, reason: '执业地点与终端不符', auditStatus_dictText: '审核驳回' },
    });
    expect(rejected.json().result.auditName).not.toBe('');
    const again = await post(world.staffA, REVIEW, { id: ids.pending, auditStatus: 1 });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('该客户当前状态不可审核');
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'customer.reject'), eq(auditLogs.targetId, String(ids.pending))));
    expect(audit).toBeTruthy();
  });

  it('needs cusVerify:list:adopt to pass and refuses the enterprise side and foreign tenants', async () => {
    expect((await post(rejectOnly, REVIEW, { id: ids.pendingHospital, auditStatus: 1 })).statusCode).toBe(403);
    expect((await post(world.enterpriseUser, REVIEW, { id: ids.pendingHospital, auditStatus: 1 })).statusCode).toBe(
      403,
    );
    expect((await post(world.staffB, REVIEW, { id: ids.pendingHospital, auditStatus: 1 })).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, ids.pendingHospital));
    expect(row.auditStatus).toBe(0);
  });

  it('refuses to pass a customer of a terminal that has not passed review with code 200001', async () => {
    const response = await post(world.staffA, REVIEW, { id: ids.atRejectedTerminal, auditStatus: 1 });
    expect(response.json()).toMatchObject({ success: false, code: 200001 });
    expect(response.json().message).toBe('该客户所在终端未通过审核，不能通过该客户');
  });

  it('passes a hospital customer, whose certificate then awaits review; 1 certifies it and the check passes', async () => {
    const passed = await post(world.staffA, REVIEW, { id: ids.pendingHospital, auditStatus: 1, posit: '住院总医师' });
    expect(passed.json().result).toMatchObject({ auditStatus: 1, authStatus: 2, posit: '住院总医师' });
    expect((await get(world.staffA, CHECK, ids.pendingHospital)).statusCode).toBe(422);
    const noReason = await post(world.staffA, CERT, { id: ids.pendingHospital, authStatus: 3 });
    expect(noReason.json().message).toBe('请输入驳回原因');
    const certified = await post(world.staffA, CERT, { id: ids.pendingHospital, authStatus: 1 });
    expect(certified.json().result).toMatchObject({ authStatus: 1, authStatus_dictText: '已认证' });
    expect((await get(world.enterpriseUser, CHECK, ids.pendingHospital)).json().success).toBe(true);
    // a certified customer has no certificate awaiting review any more
    expect((await post(world.staffA, CERT, { id: ids.pendingHospital, authStatus: 3, remarks: 'x' })).statusCode).toBe(
      422,
    );
    expect((await post(world.staffA, CERT, { id: ids.foreign, authStatus: 1 })).statusCode).toBe(404);
  });

  it('refuses review values outside 1 and 2', async () => {
    const response = await post(world.staffA, REVIEW, { id: ids.pharmacist, auditStatus: 3 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^审核状态：/);
  });
});
