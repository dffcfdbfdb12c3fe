/**
 * 企业信息's desensitized view and 企业风险 (spec 3 §3 "Enterprise", §4 "Enterprise page editing", §5
 * "Enterprise limit edit", §7): the risk fields show ** and the contacts are masked until a live token
 * of the caller unmasks them (audited; a forged token or a caller without 企业脱敏查看 is refused);
 * 编辑 sets 注册资本, 经营状态 and 涉诉情况 from their dictionaries, within the platform, with the code.
 */
import { ENTERPRISE_INFO_MSG, type LoginUserInfo } from '@fieldpay/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signInPlatformWithout, unmaskToken, useTestApp } from '../../../test/app';
import { createLookupWorld, type LookupWorld } from '../../../test/lookups';
import { auditLogs, enterprises } from '../../db/schema';

const t = useTestApp();
let world: LookupWorld;
const INFO = '/api/sys/enterprise/info';
const LIMIT = '/api/sys/enterprise/editLimit';

const info = (session: LoginUserInfo, query: Record<string, string | number>) =>
  t.app.inject({
    method: 'GET',
    url: INFO,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    headers: authHeaders(session),
  });
const edit = (session: LoginUserInfo, payload: object) =>
  t.app.inject({ method: 'POST', url: LIMIT, payload, headers: authHeaders(session) });
const limits = (values: Partial<Record<'registeredCapital' | 'manageStatus' | 'cases', string>> = {}) => ({
  enterpriseId: world.own.enterpriseId,
  tenantId: world.own.tenantId,
  registeredCapital: '1000',
  manageStatus: '2',
  cases: '0',
  ...values,
});
const stored = async () =>
  (
    await t.database.db
      .select({ capital: enterprises.registeredCapital, manage: enterprises.manageStatus, cases: enterprises.cases })
      .from(enterprises)
      .where(eq(enterprises.id, world.own.enterpriseId))
  )[0];

beforeAll(async () => {
  world = await createLookupWorld(t);
  await t.database.db
    .update(enterprises)
    .set({ contactPhone: '13912345678', contactEmail: 'finance@xinglian.cn' })
    .where(eq(enterprises.id, world.own.enterpriseId));
});

describe('企业风险 and the desensitized view', () => {
  it('shows nothing to mask before anything is set', async () => {
    const result = (await info(world.staffA, { id: world.own.enterpriseId })).json().result;
    expect(result).toMatchObject({
      unmasked: false,
      registeredCapital: '',
      manageStatus: '',
      manageStatus_dictText: '',
      cases_dictText: '',
    });
  });

  it('edits the risk fields with 编辑成功, then shows them as ** until unmasked', async () => {
    const saved = await edit(world.staffA, limits());
    expect(saved.json()).toMatchObject({ success: true, message: ENTERPRISE_INFO_MSG.limitSaved });
    expect(await stored()).toEqual({ capital: '1000', manage: '2', cases: '0' });

    const masked = (await info(world.staffA, { id: world.own.enterpriseId })).json().result;
    expect(masked).toMatchObject({
      unmasked: false,
      registeredCapital: '**',
      manageStatus: '',
      manageStatus_dictText: '**',
      cases: '',
      cases_dictText: '**',
      contactPhone: '139****5678',
    });

    const token = await unmaskToken(t, world.staffA);
    const clear = (await info(world.staffA, { id: world.own.enterpriseId, tempToken: token })).json().result;
    expect(clear).toMatchObject({
      unmasked: true,
      registeredCapital: '1000',
      manageStatus: '2',
      manageStatus_dictText: '在业',
      cases: '0',
      cases_dictText: '无涉诉',
      contactPhone: '13912345678',
      contactEmail: 'finance@xinglian.cn',
    });
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'enterprise.unmask'), eq(auditLogs.targetId, String(world.own.enterpriseId))));
    expect(audits).toHaveLength(1);
    const edits = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'enterprise.limit'));
    expect(edits.length).toBeGreaterThanOrEqual(1);

    // cleared again with empty values
    await edit(world.staffA, limits({ registeredCapital: '', manageStatus: '', cases: '' }));
    expect(await stored()).toEqual({ capital: '', manage: '', cases: '' });
  });

  it('refuses a forged token, and a token of a caller without 企业脱敏查看', async () => {
    const forged = await info(world.staffA, { id: world.own.enterpriseId, tempToken: 'x'.repeat(43) });
    expect(forged.json().success).toBe(false);
    const without = await signInPlatformWithout(t, world.tenantA, 'enterpriseAccountManage:info:desensitization');
    const token = await unmaskToken(t, without);
    expect((await info(without, { id: world.own.enterpriseId, tempToken: token })).statusCode).toBe(403);
    // another user's token does not unmask for this one
    const others = await unmaskToken(t, world.admin);
    expect((await info(world.staffA, { id: world.own.enterpriseId, tempToken: others })).json().success).toBe(false);
  });

  it('checks the form: the capital as a number of at most 8 characters, the dictionaries’ values', async () => {
    await edit(world.staffA, limits());
    const cases: [object, string][] = [
      [limits({ registeredCapital: '12a' }), '注册资本：请输入数字，最多保留两位小数'],
      [limits({ registeredCapital: '123456789' }), '注册资本：注册资本最多8个字符'],
      [limits({ manageStatus: '99' }), ENTERPRISE_INFO_MSG.manageStatusUnknown],
      [limits({ cases: '9' }), ENTERPRISE_INFO_MSG.casesUnknown],
    ];
    for (const [payload, message] of cases) {
      const response = await edit(world.staffA, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message, message).toBe(message);
    }
    expect(await stored()).toEqual({ capital: '1000', manage: '2', cases: '0' });
  });

  it('keeps to the platform and the code', async () => {
    expect((await edit(world.staffB, limits({ registeredCapital: '1' }))).json().message).toBe('企业不存在');
    expect((await edit(world.enterpriseUser, limits({ registeredCapital: '1' }))).statusCode).toBe(403);
    const without = await signInPlatformWithout(t, world.tenantA, 'enterpriseAccountManage:info:modify');
    expect((await edit(without, limits({ registeredCapital: '1' }))).statusCode).toBe(403);
    expect((await stored()).capital).toBe('1000');
  });
});

describe('联系电话', () => {
  const CONTACT = '/api/sys/enterprise/editResource';
  const change = (session: LoginUserInfo, contactPhone: string) =>
    t.app.inject({
      method: 'POST',
      url: CONTACT,
      payload: { enterpriseId: world.own.enterpriseId, tenantId: world.own.tenantId, contactPhone },
      headers: authHeaders(session),
    });
  const phone = async () =>
    (
      await t.database.db
        .select({ phone: enterprises.contactPhone })
        .from(enterprises)
        .where(eq(enterprises.id, world.own.enterpriseId))
    )[0].phone;

  it('changes the contact phone, audited, and refuses what is not a mobile number', async () => {
    const saved = await change(world.staffA, ' 13700001111 ');
    expect(saved.json()).toMatchObject({ success: true, message: '编辑成功' });
    expect(await phone()).toBe('13700001111');
    const audits = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'enterprise.contact'));
    expect(audits.at(-1)).toMatchObject({ before: { contactPhone: '13912345678' } });
    for (const [value, message] of [
      ['', '联系电话：请输入联系电话'],
      ['0571888800', '联系电话：请输入正确的手机号码'],
      ['137000011112', '联系电话：请输入正确的手机号码'],
    ]) {
      const refused = await change(world.staffA, value);
      expect(refused.statusCode, value).toBe(400);
      expect(refused.json().message, value).toBe(message);
    }
    expect(await phone()).toBe('13700001111');
  });

  it('keeps to the platform and the code', async () => {
    expect((await change(world.staffB, '13700002222')).json().message).toBe('企业不存在');
    expect((await change(world.enterpriseUser, '13700002222')).statusCode).toBe(403);
    const without = await signInPlatformWithout(t, world.tenantA, 'enterpriseAccountManage:info:modify');
    expect((await change(without, '13700002222')).statusCode).toBe(403);
    expect(await phone()).toBe('13700001111');
  });
});
