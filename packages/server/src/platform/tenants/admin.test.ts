import { MSG, TENANT_MSG } from '@fieldpay/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  authHeaders,
  createEnterpriseUser,
  createPlatformUser,
  createTenant,
  login,
  loginRequest,
  useTestApp,
} from '../../../test/app';
import { askLookup } from '../../../test/lookups';
import { auditLogs, roles, tenants } from '../../db/schema';

const t = useTestApp();
type Headers = ReturnType<typeof authHeaders>;

async function operatorSession() {
  const user = await createPlatformUser(t.database, { tenantId: 0 });
  return login(t.app, 'platform', user.username, user.password);
}
const operator = async (): Promise<Headers> => authHeaders(await operatorSession());

const post = (headers: Headers, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/sys2/tenant/${url}`, headers, payload: payload as object });
const list = (headers: Headers, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/sys2/tenant/admin/list', headers, query });

const rowOf = async (id: number) => (await t.database.db.select().from(tenants).where(eq(tenants.id, id)))[0];
const auditOf = (id: number) =>
  t.database.db
    .select({ action: auditLogs.action, before: auditLogs.before, after: auditLogs.after })
    .from(auditLogs)
    .where(and(eq(auditLogs.targetType, 'tenant'), eq(auditLogs.targetId, String(id))))
    .orderBy(auditLogs.id);

describe('平台管理', () => {
  it('the operator adds a tenant with its built-in roles, finds it, edits it; each change audited', async () => {
    const headers = await operator();
    const name = `华北众包${Date.now() % 1e6}`;
    const added = await post(headers, 'add', {
      name: ` ${name} `,
      company: '华北众包服务有限公司',
      contracts: '王经理 13800000000',
    });
    expect(added.json()).toMatchObject({ success: true, message: '新增成功' });
    const id: number = added.json().result.id;
    const builtIn = await t.database.db.select({ code: roles.code }).from(roles).where(eq(roles.tenantId, id));
    expect(builtIn.map((r) => r.code).sort()).toEqual(['enterprise_admin', 'tenant_admin']);

    // the newest heads the unfiltered list, as the screen reloads it after adding
    const first = await list(headers, { pageNo: '1', pageSize: '20' });
    expect(first.json().result.records[0]).toMatchObject({ id, name });
    const found = await list(headers, { name });
    expect(found.json().result).toMatchObject({
      total: 1,
      records: [{ id, name, company: '华北众包服务有限公司', contracts: '王经理 13800000000', status: 1 }],
    });
    expect(typeof found.json().result.records[0].createTime).toBe('number');

    const edited = await post(headers, 'edit', { id, name: `${name}新`, company: '华北众包有限公司', contracts: '' });
    expect(edited.json()).toMatchObject({ success: true, message: MSG.saveSuccess });
    expect(await rowOf(id)).toMatchObject({ name: `${name}新`, company: '华北众包有限公司', contracts: '' });
    expect(await auditOf(id)).toEqual([
      {
        action: 'tenant.add',
        before: null,
        after: { name, company: '华北众包服务有限公司', contracts: '王经理 13800000000' },
      },
      {
        action: 'tenant.edit',
        before: { name, company: '华北众包服务有限公司', contracts: '王经理 13800000000' },
        after: { name: `${name}新`, company: '华北众包有限公司', contracts: '' },
      },
    ]);
  });

  it('checks every field and refuses a name in use, the platform itself and unknown ids', async () => {
    const headers = await operator();
    const taken = await createTenant(t.database);
    const takenName = (await rowOf(taken)).name;
    const cases: Array<[unknown, string]> = [
      [{ name: '  ', company: '某公司' }, TENANT_MSG.nameRequired],
      [{ name: '名'.repeat(31), company: '某公司' }, TENANT_MSG.nameTooLong],
      [{ name: '新平台', company: '' }, TENANT_MSG.companyRequired],
      [{ name: '新平台', company: '司'.repeat(51) }, TENANT_MSG.companyTooLong],
      [{ name: '新平台', company: '某公司', contracts: '人'.repeat(51) }, TENANT_MSG.contractsTooLong],
    ];
    for (const [payload, message] of cases) {
      const response = await post(headers, 'add', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const duplicate = await post(headers, 'add', { name: takenName, company: '某公司' });
    expect(duplicate.json()).toMatchObject({ success: false, message: TENANT_MSG.nameTaken });

    const other = await createTenant(t.database);
    const renameToTaken = await post(headers, 'edit', { id: other, name: takenName, company: '某公司' });
    expect(renameToTaken.json().message).toBe(TENANT_MSG.nameTaken);
    // keeping its own name is no conflict
    expect((await post(headers, 'edit', { id: taken, name: takenName, company: '某公司' })).json().success).toBe(true);

    for (const id of [0, 987654]) {
      expect((await post(headers, 'edit', { id, name: '改名', company: '某公司' })).statusCode).toBe(404);
      expect((await post(headers, 'setStatus', { id, status: 0 })).json().message).toBe(TENANT_MSG.missing);
    }
    expect((await rowOf(0)).status).toBe(1);
    // the platform itself is never listed
    const all = await list(headers, { pageSize: '200' });
    expect(all.json().result.records.map((r: { id: number }) => r.id)).not.toContain(0);
  });

  it('disabling ends the sessions of the tenant and refuses its logins; enabling lets them in again', async () => {
    const session = await operatorSession();
    const headers = authHeaders(session);
    const tenantId = await createTenant(t.database);
    const staff = await createPlatformUser(t.database, { tenantId });
    const member = await createEnterpriseUser(t.database, { tenantIds: [tenantId] });
    const staffSession = authHeaders(await login(t.app, 'platform', staff.username, staff.password));
    const memberSession = authHeaders(await login(t.app, 'enterprise', member.username, member.password));
    const probe = (h: Headers) => t.app.inject({ method: 'GET', url: '/api/sys2/tenant/queryList', headers: h });
    expect((await probe(staffSession)).statusCode).toBe(200);

    const disabled = await post(headers, 'setStatus', { id: tenantId, status: 0 });
    expect(disabled.json()).toMatchObject({ success: true });
    expect((await rowOf(tenantId)).status).toBe(0);
    expect((await probe(staffSession)).statusCode).toBe(401);
    expect((await probe(memberSession)).statusCode).toBe(401);
    const refused = await loginRequest(t.app, 'platform', staff.username, staff.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.noTenantAvailable);
    const memberRefused = await loginRequest(t.app, 'enterprise', member.username, member.password);
    expect(memberRefused.json().message).toBe(MSG.noTenantAvailable);

    // the lookup shows it disabled (the web prefixes 【已禁用】) and the list filters by status
    const tenantName = (await rowOf(tenantId)).name;
    const lookup = await askLookup(t.app, session, 'tenant', { name: tenantName });
    expect(lookup.records).toEqual([expect.objectContaining({ value: tenantId, disabled: true })]);
    expect((await list(headers, { name: tenantName, status: '0' })).json().result.total).toBe(1);
    expect((await list(headers, { name: tenantName, status: '1' })).json().result.total).toBe(0);

    // the same status again changes nothing and writes no second audit row
    await post(headers, 'setStatus', { id: tenantId, status: 0 });
    expect((await post(headers, 'setStatus', { id: tenantId, status: 1 })).json().success).toBe(true);
    expect((await auditOf(tenantId)).map((a) => a.action)).toEqual(['tenant.disable', 'tenant.enable']);
    expect((await loginRequest(t.app, 'platform', staff.username, staff.password)).statusCode).toBe(200);
  });

  it('tenant staff and enterprise users get 403 on every call and nothing changes', async () => {
    const tenantId = await createTenant(t.database);
    const staff = await createPlatformUser(t.database, { tenantId });
    const member = await createEnterpriseUser(t.database, { tenantIds: [tenantId] });
    const before = await rowOf(tenantId);
    for (const headers of [
      authHeaders(await login(t.app, 'platform', staff.username, staff.password)),
      authHeaders(await login(t.app, 'enterprise', member.username, member.password)),
    ]) {
      expect((await list(headers)).statusCode).toBe(403);
      expect((await post(headers, 'add', { name: '越权平台', company: '某公司' })).statusCode).toBe(403);
      expect((await post(headers, 'edit', { id: tenantId, name: '越权改名', company: '某公司' })).statusCode).toBe(403);
      expect((await post(headers, 'setStatus', { id: tenantId, status: 0 })).statusCode).toBe(403);
    }
    expect(await rowOf(tenantId)).toEqual(before);
    const [sneaked] = await t.database.db.select().from(tenants).where(eq(tenants.name, '越权平台'));
    expect(sneaked).toBeUndefined();
    expect(await auditOf(tenantId)).toEqual([]);
  });
});
