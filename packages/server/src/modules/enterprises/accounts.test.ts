/**
 * 企业账户 (decision 0042): the platform's enterprises only (the operator's: all, with a platform
 * filter), the phone masked; 新增企业 registers the enterprise with its administrator (a one-time
 * password, or an existing account joining), one credit code once per platform, nothing on bad input,
 * another platform refused, and the new administrator signs in to the new enterprise.
 */
import { ENTERPRISE_ACCOUNT_MSG, type LoginUserInfo } from '@fieldpay/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeCreditCode } from '../../seed/demo';
import { authHeaders, login, signInPlatformWithout, uniqueMobile, useTestApp } from '../../../test/app';
import { createLookupWorld, type LookupWorld } from '../../../test/lookups';
import { auditLogs, enterpriseMembers, enterprises } from '../../db/schema';

const t = useTestApp();
let world: LookupWorld;

const call = (session: LoginUserInfo, method: 'GET' | 'POST', path: string, input: Record<string, unknown>) =>
  t.app.inject({
    method,
    url: `/api/sys/enterprise/${path}`,
    ...(method === 'GET'
      ? { query: Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value)])) }
      : { payload: input }),
    headers: authHeaders(session),
  });

const company = (values: Record<string, unknown> = {}) => ({
  tenantId: world.tenantA,
  enterpriseName: `杭州新企${Date.now().toString().slice(-6)}科技有限公司`,
  taxNumber: fakeCreditCode(),
  address: '杭州市西湖区文三路 199 号',
  contactPhone: '13912345678',
  contactEmail: 'contact@example.cn',
  username: uniqueMobile(),
  realname: '周新',
  ...values,
});

beforeAll(async () => {
  world = await createLookupWorld(t);
});

describe('企业账户', () => {
  it('lists the platform’s enterprises with the phone masked; the operator sees every platform', async () => {
    await t.database.db
      .update(enterprises)
      .set({ contactPhone: '13912345678' })
      .where(eq(enterprises.id, world.own.enterpriseId));
    const own = (await call(world.staffA, 'GET', 'list', { pageNo: 1, pageSize: 100 })).json().result;
    const ids = own.records.map((row: { id: number }) => row.id);
    expect(ids).toEqual(expect.arrayContaining([world.own.enterpriseId, world.sibling.enterpriseId]));
    expect(ids).not.toContain(world.foreign.enterpriseId);
    expect(own.records.find((row: { id: number }) => row.id === world.own.enterpriseId)).toMatchObject({
      contactPhone: '139****5678',
      status: 1,
      agreements: 0,
    });
    const all = (await call(world.admin, 'GET', 'list', { pageNo: 1, pageSize: 100, tenantId: world.tenantB })).json()
      .result;
    expect(all.records.map((row: { id: number }) => row.id)).toContain(world.foreign.enterpriseId);
    expect(all.records.every((row: { tenantId: number }) => row.tenantId === world.tenantB)).toBe(true);
  });

  it('adds an enterprise with its administrator, who signs in to it with the one-time password', async () => {
    const input = company();
    const answer = (await call(world.staffA, 'POST', 'add', input)).json();
    expect(answer).toMatchObject({ success: true, message: ENTERPRISE_ACCOUNT_MSG.added });
    const { id, account, password } = answer.result;
    expect(account).toBe(input.username);
    expect(password).toMatch(/^\S{12}$/);
    const [row] = await t.database.db.select().from(enterprises).where(eq(enterprises.id, id));
    expect(row).toMatchObject({ tenantId: world.tenantA, name: input.enterpriseName, taxNumber: input.taxNumber });
    expect(row.enterpriseSn).toMatch(/^QY\d{6,}$/);
    const members = await t.database.db.select().from(enterpriseMembers).where(eq(enterpriseMembers.enterpriseId, id));
    expect(members).toHaveLength(1);
    const admin = await login(t.app, 'enterprise', input.username, password);
    expect(admin.enterprise?.id).toBe(id);
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.targetId, String(id)));
    expect(audits.map((audit) => audit.action)).toContain('enterprise.add');
  });

  it('refuses a credit code the platform has, bad input, another platform and a missing code, adding nothing', async () => {
    const first = company();
    expect((await call(world.staffA, 'POST', 'add', first)).json().success).toBe(true);
    const before = await t.database.db.select().from(enterprises);
    const again = (await call(world.staffA, 'POST', 'add', company({ taxNumber: first.taxNumber }))).json();
    expect(again).toMatchObject({ success: false, message: ENTERPRISE_ACCOUNT_MSG.taxNumberTaken });
    for (const [values, message] of [
      [{ taxNumber: '123' }, '统一社会信用代码'],
      [{ contactEmail: 'not-an-email' }, '邮箱'],
      [{ username: '2380000000' }, '手机号'],
      [{ enterpriseName: '' }, '企业名称'],
    ] as const) {
      const answer = (await call(world.staffA, 'POST', 'add', company(values))).json();
      expect(answer.success, message).toBe(false);
      expect(answer.message, message).toContain(message);
    }
    expect((await call(world.staffA, 'POST', 'add', company({ tenantId: world.tenantB }))).statusCode).toBe(404);
    const without = await signInPlatformWithout(t, world.tenantA, 'enterpriseAccountManage:list:add');
    expect((await call(without, 'POST', 'add', company())).statusCode).toBe(403);
    expect(await t.database.db.select().from(enterprises)).toHaveLength(before.length);
  });
});
