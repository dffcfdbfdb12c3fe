/**
 * 客户审核 (decision 0030): the platform's customer list — filters, paging, the creation-time sort, the
 * tenant wall, the permission code, and a review from the list changing the row's state.
 */
import type { CustomerListRecord, LoginUserInfo } from '@fieldpay/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createPlatformUser, createRole, login, useTestApp } from '../../../test/app';
import { createLookupWorld, type LookupWorld, marker, type Owner } from '../../../test/lookups';
import { customers, organisations } from '../../db/schema';

const t = useTestApp();
const LIST = '/api/sys/customer/queryList';
let world: LookupWorld;
let viewOnly: LoginUserInfo;
let withoutCode: LoginUserInfo;
/** every customer of this file carries it in its name, so other rows never count */
const tag = marker('客');
const ids = {} as Record<
  | 'pendingDoctor'
  | 'pendingPharmacist'
  | 'rejected'
  | 'certified'
  | 'certPending'
  | 'certRejected'
  | 'sibling'
  | 'foreign',
  number
>;

const list = (session: LoginUserInfo, query: Record<string, string | number> = {}) =>
  t.app.inject({
    method: 'GET',
    url: LIST,
    query: Object.fromEntries(Object.entries({ cusName: tag, ...query }).map(([key, value]) => [key, String(value)])),
    headers: authHeaders(session),
  });

async function page(session: LoginUserInfo, query: Record<string, string | number> = {}) {
  const response = await list(session, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as { records: CustomerListRecord[]; total: number };
}

const names = (records: CustomerListRecord[]) => records.map((row) => row.cusName.replace(tag, ''));

async function org(owner: Owner, orgName: string, orgType = 'hospital') {
  const [row] = await t.database.db
    .insert(organisations)
    .values({ ...owner, orgName, orgType, auditStatus: 1, province: '浙江省', city: '杭州市' })
    .returning({ id: organisations.id });
  return row.id;
}

async function customer(
  owner: Owner,
  organisationId: number,
  createdAt: string,
  values: Partial<typeof customers.$inferInsert> & { cusName: string },
) {
  const [row] = await t.database.db
    .insert(customers)
    .values({
      ...owner,
      organisationId,
      cusType: 'hospital',
      department: '10',
      createdByName: '周敏',
      createdAt: new Date(createdAt),
      ...values,
      cusName: `${tag}${values.cusName}`,
    })
    .returning({ id: customers.id });
  return row.id;
}

beforeAll(async () => {
  world = await createLookupWorld(t);
  const viewRole = await createRole(t.database, {
    tenantId: world.tenantA,
    side: 'platform',
    permissions: ['cusVerify:list:query', 'cusVerify:list:view'],
  });
  const viewer = await createPlatformUser(t.database, { tenantId: world.tenantA, roleCode: viewRole });
  viewOnly = await login(t.app, 'platform', viewer.username, viewer.password);
  const noneRole = await createRole(t.database, {
    tenantId: world.tenantA,
    side: 'platform',
    permissions: ['cusVerify:list:view'],
  });
  const bare = await createPlatformUser(t.database, { tenantId: world.tenantA, roleCode: noneRole });
  withoutCode = await login(t.app, 'platform', bare.username, bare.password);

  const hospital = await org(world.own, `${tag}杭州市第一人民医院`);
  const pharmacy = await org(world.own, `${tag}老百姓大药房文三路店`, 'pharmacy');
  ids.pendingDoctor = await customer(world.own, hospital, '2026-10-01T02:00:00Z', {
    cusName: '孙晓燕',
    sex: 2,
    certNo: '110330000456783',
  });
  ids.pendingPharmacist = await customer(world.own, pharmacy, '2026-10-02T02:00:00Z', {
    cusName: '马俊',
    sex: 1,
    cusType: 'pharmacy',
    department: '4',
  });
  ids.rejected = await customer(world.own, hospital, '2026-10-03T02:00:00Z', {
    cusName: '黄丽',
    auditStatus: 2,
    reason: '执业地点与终端不符',
  });
  ids.certified = await customer(world.own, hospital, '2026-10-04T02:00:00Z', {
    cusName: '张建华',
    auditStatus: 1,
    authStatus: 1,
    title: '主任医师',
    posit: '科室主任',
  });
  ids.certPending = await customer(world.own, hospital, '2026-10-05T02:00:00Z', {
    cusName: '李文博',
    auditStatus: 1,
    authStatus: 2,
  });
  ids.certRejected = await customer(world.own, hospital, '2026-10-06T02:00:00Z', {
    cusName: '郑国强',
    auditStatus: 1,
    authStatus: 3,
  });
  // another enterprise of the same tenant: the platform sees it
  ids.sibling = await customer(
    world.sibling,
    await org(world.sibling, `${tag}兄弟企业的诊所`, 'clinic'),
    '2026-10-07T02:00:00Z',
    {
      cusName: '王雪梅',
      cusType: 'clinic',
      department: '1',
    },
  );
  // another tenant's: only the operator sees it
  ids.foreign = await customer(world.foreign, await org(world.foreign, `${tag}外平台医院`), '2026-10-08T02:00:00Z', {
    cusName: '周医生',
  });
});

describe('客户审核 list', () => {
  it('answers the tenant’s customers newest first with the columns of the screen', async () => {
    const result = await page(world.staffA);
    expect(result.total).toBe(7);
    expect(names(result.records)).toEqual(['王雪梅', '郑国强', '李文博', '张建华', '黄丽', '马俊', '孙晓燕']);
    const certified = result.records.find((row) => row.id === ids.certified);
    expect(certified).toMatchObject({
      cusType: 'hospital',
      cusTypeName: '医院',
      orgName: `${tag}杭州市第一人民医院`,
      department: '10',
      department_dic: '心血管内科',
      title: '主任医师',
      posit: '科室主任',
      createByString: '周敏',
      auditStatus: 1,
      auditStatus_dictText: '审核通过',
      authStatus: 1,
      authStatus_dictText: '已认证',
      tenantId: world.tenantA,
      createTime: Date.parse('2026-10-04T02:00:00Z'),
    });
    expect(certified?.enterpriseName).not.toBe('');
    // the department comes from the dictionary of the customer's type
    expect(result.records.find((row) => row.id === ids.pendingPharmacist)).toMatchObject({
      cusTypeName: '药店',
      department_dic: '采购',
      sex: 1,
    });
  });

  it('filters by type, audit and certificate status, terminal name and creation time', async () => {
    expect(names((await page(world.staffA, { cusType: 'pharmacy' })).records)).toEqual(['马俊']);
    expect(names((await page(world.staffA, { auditStatus: 0 })).records)).toEqual(['王雪梅', '马俊', '孙晓燕']);
    expect(names((await page(world.staffA, { auditStatus: 2 })).records)).toEqual(['黄丽']);
    expect(names((await page(world.staffA, { authStatus: 2 })).records)).toEqual(['李文博']);
    expect(names((await page(world.staffA, { auditStatus: 1, authStatus: 3 })).records)).toEqual(['郑国强']);
    expect(names((await page(world.staffA, { orgName: '大药房' })).records)).toEqual(['马俊']);
    expect(names((await page(world.staffA, { cusName: `${tag}张` })).records)).toEqual(['张建华']);
    // China time: 10-03 10:00 to 10-05 10:00 (+08:00) holds the 3rd, 4th and 5th at 10:00 China time
    const range = await page(world.staffA, { startTime: '2026-10-03 10:00:00', endTime: '2026-10-05 10:00:00' });
    expect(names(range.records)).toEqual(['李文博', '张建华', '黄丽']);
    // a name that matches nothing: an empty page
    expect(await page(world.staffA, { cusName: `${tag}无此人` })).toMatchObject({ records: [], total: 0 });
  });

  it('pages and sorts by creation time', async () => {
    const first = await page(world.staffA, { pageNo: 1, pageSize: 3 });
    const third = await page(world.staffA, { pageNo: 3, pageSize: 3 });
    expect(first.total).toBe(7);
    expect(names(first.records)).toEqual(['王雪梅', '郑国强', '李文博']);
    expect(names(third.records)).toEqual(['孙晓燕']);
    const ascending = await page(world.staffA, { orderField: 'createTime', orderSort: 0, pageSize: 2 });
    expect(names(ascending.records)).toEqual(['孙晓燕', '马俊']);
  });

  it('refuses bad filters with the field’s Chinese name', async () => {
    const long = await list(world.staffA, { cusName: '长'.repeat(31) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/^客户名称：/);
    const orgName = await list(world.staffA, { orgName: '长'.repeat(51) });
    expect(orgName.statusCode).toBe(400);
    expect(orgName.json().message).toMatch(/^终端名称：/);
    const status = await list(world.staffA, { auditStatus: 7 });
    expect(status.statusCode).toBe(400);
    expect(status.json().message).toMatch(/^审核状态：/);
    const time = await list(world.staffA, { startTime: '2026-13-01' });
    expect(time.statusCode).toBe(400);
    expect(time.json().message).toMatch(/^开始时间：/);
  });

  it('keeps inside the tenant wall: another tenant’s customers never appear; the operator sees every tenant', async () => {
    const own = await page(world.staffA, { pageSize: 50 });
    expect(own.records.map((row) => row.id)).not.toContain(ids.foreign);
    const other = await page(world.staffB, { pageSize: 50 });
    expect(names(other.records)).toEqual(['周医生']);
    expect(other.records[0].tenantId).toBe(world.tenantB);
    const all = await page(world.admin, { pageSize: 50 });
    expect(all.total).toBe(8);
    expect(all.records.find((row) => row.id === ids.foreign)?.tenantName).not.toBe('');
  });

  it('needs cusVerify:list:query, a platform code: 403 without it and on the enterprise side', async () => {
    expect((await list(withoutCode)).statusCode).toBe(403);
    expect((await list(world.enterpriseUser)).statusCode).toBe(403);
    expect((await page(viewOnly)).total).toBe(7);
  });

  it('a review from the list changes the row’s state, and a view-only role cannot review', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/sys/customer/review',
      payload: { id: ids.pendingPharmacist, auditStatus: 1 },
      headers: authHeaders(viewOnly),
    });
    expect(refused.statusCode).toBe(403);
    const passed = await t.app.inject({
      method: 'POST',
      url: '/api/sys/customer/review',
      payload: { id: ids.pendingDoctor, auditStatus: 1 },
      headers: authHeaders(world.staffA),
    });
    expect(passed.json()).toMatchObject({ success: true, message: '操作成功' });
    const [row] = (await page(world.staffA, { cusName: `${tag}孙晓燕` })).records;
    // a passed hospital customer with a certificate number now waits for the certificate review
    expect(row).toMatchObject({ auditStatus: 1, auditStatus_dictText: '审核通过', authStatus: 2 });
    expect(names((await page(world.staffA, { auditStatus: 0 })).records)).toEqual(['王雪梅', '马俊']);
  });
});
