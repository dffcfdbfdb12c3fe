/**
 * 禁用 / 启用 an enterprise (spec 3 §4 "Enterprise status"): the toggle and its messages, the
 * members' sessions ended at once and their login refused while disabled, a stale or double toggle
 * refused, another platform's enterprise, the code, the audit.
 */
import { ENTERPRISE_INFO_MSG, type LoginUserInfo } from '@fieldpay/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  createEnterpriseUser,
  createPlatformUser,
  createTenant,
  login,
  loginRequest,
  signInPlatformWithout,
  useTestApp,
} from '../../../test/app';
import { auditLogs, enterprises } from '../../db/schema';

const t = useTestApp();
const BLOCK = '/api/sys/enterprise/block';

let tenantA: number;
let tenantB: number;
let staffA: LoginUserInfo;
let staffB: LoginUserInfo;
let member: { username: string; password: string; enterpriseIds: number[] };

const block = (who: LoginUserInfo, payload: object) =>
  t.app.inject({ method: 'POST', url: BLOCK, payload, headers: authHeaders(who) });
const statusOf = async (id: number) =>
  (await t.database.db.select({ status: enterprises.status }).from(enterprises).where(eq(enterprises.id, id)))[0]
    .status;
const whoAmI = (who: LoginUserInfo) =>
  t.app.inject({
    method: 'GET',
    url: '/api/sys/enterprise/info',
    query: { id: String(member.enterpriseIds[0]) },
    headers: authHeaders(who),
  });

beforeAll(async () => {
  tenantA = await createTenant(t.database);
  tenantB = await createTenant(t.database);
  const a = await createPlatformUser(t.database, { tenantId: tenantA });
  const b = await createPlatformUser(t.database, { tenantId: tenantB });
  staffA = await login(t.app, 'platform', a.username, a.password);
  staffB = await login(t.app, 'platform', b.username, b.password);
  member = await createEnterpriseUser(t.database, { tenantIds: [tenantA] });
});

describe('禁用 / 启用 an enterprise', () => {
  it('disables it, ending its members’ sessions at once, and enables it again', async () => {
    const enterpriseId = member.enterpriseIds[0];
    const session = await login(t.app, 'enterprise', member.username, member.password);
    expect((await whoAmI(session)).statusCode).toBe(200);

    const disabled = await block(staffA, { enterpriseId, tenantId: tenantA, status: 2 });
    expect(disabled.json()).toMatchObject({
      success: true,
      message: ENTERPRISE_INFO_MSG.disabled,
      result: { status: 2 },
    });
    expect(await statusOf(enterpriseId)).toBe(2);
    expect((await whoAmI(session)).json().code).toBe(10001);
    const refused = await loginRequest(t.app, 'enterprise', member.username, member.password);
    expect(refused.json().success).toBe(false);

    const enabled = await block(staffA, { enterpriseId, tenantId: tenantA, status: 1 });
    expect(enabled.json()).toMatchObject({
      success: true,
      message: ENTERPRISE_INFO_MSG.enabled,
      result: { status: 1 },
    });
    // the session ended with the disabling stays ended; a new login works
    expect((await whoAmI(session)).json().code).toBe(10001);
    const again = await login(t.app, 'enterprise', member.username, member.password);
    expect((await whoAmI(again)).statusCode).toBe(200);

    const audited = await t.database.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'enterprise'), eq(auditLogs.targetId, String(enterpriseId))));
    expect(audited.map((row) => row.action).sort()).toEqual(['enterprise.disable', 'enterprise.enable']);
  });

  it('changes it once when asked twice, or twice at once', async () => {
    const enterpriseId = member.enterpriseIds[0];
    const answers = await Promise.all([
      block(staffA, { enterpriseId, tenantId: tenantA, status: 2 }),
      block(staffA, { enterpriseId, tenantId: tenantA, status: 2 }),
    ]);
    const bodies = answers.map((answer) => answer.json());
    expect(bodies.filter((body) => body.success)).toHaveLength(1);
    expect(bodies.find((body) => !body.success)).toMatchObject({ message: ENTERPRISE_INFO_MSG.statusChanged });
    expect(await statusOf(enterpriseId)).toBe(2);
    await block(staffA, { enterpriseId, tenantId: tenantA, status: 1 });
  });

  it('is nobody else’s: another platform’s staff and a wrong platform get 企业不存在', async () => {
    const enterpriseId = member.enterpriseIds[0];
    const foreign = await block(staffB, { enterpriseId, tenantId: tenantA, status: 2 });
    expect(foreign.json()).toMatchObject({ success: false, message: ENTERPRISE_INFO_MSG.notFound });
    const wrongTenant = await block(staffB, { enterpriseId, tenantId: tenantB, status: 2 });
    expect(wrongTenant.json()).toMatchObject({ success: false, message: ENTERPRISE_INFO_MSG.notFound });
    expect(await statusOf(enterpriseId)).toBe(1);
  });

  it('needs enterpriseAccountManage:list:disable and a status of 1 or 2', async () => {
    const enterpriseId = member.enterpriseIds[0];
    const without = await signInPlatformWithout(t, tenantA, 'enterpriseAccountManage:list:disable');
    expect((await block(without, { enterpriseId, tenantId: tenantA, status: 2 })).statusCode).toBe(403);
    expect((await block(staffA, { enterpriseId, tenantId: tenantA, status: 0 })).json().success).toBe(false);
    expect(await statusOf(enterpriseId)).toBe(1);
  });
});
