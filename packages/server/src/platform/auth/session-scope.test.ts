import { MSG } from '@fieldpay/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createEnterpriseUser,
  createPlatformUser,
  createTenant,
  login,
  loginRequest,
  useTestApp,
} from '../../../test/app';
import { enterpriseMembers, enterprises, tenants } from '../../db/schema';
import { SESSION_CACHE_MS } from './sessions';

const t = useTestApp();

/** What the session answers once this process's cache window has passed (each call one window later). */
let windowsPassed = 0;
const afterCacheWindow = (token: string) =>
  t.services.sessions.resolve(token, Date.now() + ++windowsPassed * (SESSION_CACHE_MS + 1));

describe('sessions end with the tenant, enterprise or membership they work in', () => {
  it('disabling an enterprise ends its users’ sessions there and refuses new logins', async () => {
    const tenantId = await createTenant(t.database);
    const user = await createEnterpriseUser(t.database, { tenantIds: [tenantId] });
    const info = await login(t.app, 'enterprise', user.username, user.password);
    expect(await afterCacheWindow(info.token)).not.toBeNull();

    await t.database.db.update(enterprises).set({ status: 2 }).where(eq(enterprises.id, user.enterpriseIds[0]));
    expect(await afterCacheWindow(info.token)).toBeNull();
    const again = await loginRequest(t.app, 'enterprise', user.username, user.password);
    expect(again.json()).toMatchObject({ success: false, message: MSG.noTenantAvailable });
  });

  it('disabling a tenant ends the sessions of its staff and of enterprise users working in it', async () => {
    const tenantId = await createTenant(t.database);
    const staff = await createPlatformUser(t.database, { tenantId });
    const member = await createEnterpriseUser(t.database, { tenantIds: [tenantId] });
    const staffInfo = await login(t.app, 'platform', staff.username, staff.password);
    const memberInfo = await login(t.app, 'enterprise', member.username, member.password);
    const operator = await createPlatformUser(t.database, { tenantId: 0 });
    const operatorInfo = await login(t.app, 'platform', operator.username, operator.password);

    await t.database.db.update(tenants).set({ status: 0 }).where(eq(tenants.id, tenantId));
    expect(await afterCacheWindow(staffInfo.token)).toBeNull();
    expect(await afterCacheWindow(memberInfo.token)).toBeNull();
    // the operator works on tenant 0, which is never disabled by this
    expect(await afterCacheWindow(operatorInfo.token)).not.toBeNull();
    const again = await loginRequest(t.app, 'platform', staff.username, staff.password);
    expect(again.json()).toMatchObject({ success: false, message: MSG.noTenantAvailable });
  });

  it('removing a membership ends the sessions on that tenant only', async () => {
    const [first, second] = [await createTenant(t.database), await createTenant(t.database)];
    const user = await createEnterpriseUser(t.database, { tenantIds: [first, second] });
    const onFirst = await login(t.app, 'enterprise', user.username, user.password);
    expect(onFirst.tenant.id).toBe(first);

    await t.database.db
      .delete(enterpriseMembers)
      .where(and(eq(enterpriseMembers.userId, user.id), eq(enterpriseMembers.tenantId, first)));
    expect(await afterCacheWindow(onFirst.token)).toBeNull();
    const onSecond = await login(t.app, 'enterprise', user.username, user.password);
    expect(onSecond.tenant.id).toBe(second);
    expect(await afterCacheWindow(onSecond.token)).not.toBeNull();
  });
});
