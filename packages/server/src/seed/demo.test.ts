import { isUnifiedSocialCreditCode } from '@fieldpay/domain';
import { describe, expect, it } from 'vitest';
import { authHeaders, login, useTestApp } from '../../test/app';
import { DEMO_ACCOUNTS, fakeCreditCode, seedDemoData } from './demo';

const t = useTestApp();

describe('demo data', () => {
  it('seeds once, and the README accounts log in with the right scope', async () => {
    expect(await seedDemoData(t.database.db)).toBe(true);
    expect(await seedDemoData(t.database.db)).toBe(false);

    const admin = await login(
      t.app,
      'platform',
      DEMO_ACCOUNTS.platformAdmin.username,
      DEMO_ACCOUNTS.platformAdmin.password,
    );
    expect(admin).toMatchObject({ userIdentity: 1, tenant: { id: 0 } });
    const overview = await t.app.inject({
      method: 'GET',
      url: '/api/sys/dashboard/overview',
      headers: authHeaders(admin),
    });
    expect(overview.json().result.tenantCount).toBe(3);
    expect(overview.json().result.enterpriseCount).toBeGreaterThanOrEqual(20);

    const staff = await login(
      t.app,
      'platform',
      DEMO_ACCOUNTS.tenantStaff.username,
      DEMO_ACCOUNTS.tenantStaff.password,
    );
    expect(staff.userIdentity).toBe(2);
    expect(staff.tenant.tenantName).toBe('华东众包服务平台');

    const enterprise = await login(
      t.app,
      'enterprise',
      DEMO_ACCOUNTS.enterpriseUser.username,
      DEMO_ACCOUNTS.enterpriseUser.password,
    );
    expect(enterprise.tenantList).toHaveLength(2);
    expect(enterprise.enterprise?.enterpriseName).toBe('杭州星联医药科技有限公司');
    const running = await t.app.inject({
      method: 'GET',
      url: '/api/sys/project/countByStatus?status=4',
      headers: authHeaders(enterprise),
    });
    expect(running.json().result).toBe(1);
  });

  it('credit codes pass the GB 32100 checksum', () => {
    for (let i = 0; i < 50; i++) expect(isUnifiedSocialCreditCode(fakeCreditCode())).toBe(true);
  });
});
