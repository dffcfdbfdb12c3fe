import { LOOKUP_KINDS, type LookupKind } from '@fieldpay/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, useTestApp } from '../../test/app';
import { askLookup } from '../../test/lookups';
import { DEMO_ACCOUNTS, seedDemo } from './demo';

const t = useTestApp();

describe('demo data behind the remote selects', () => {
  beforeAll(async () => {
    // the projects come through the services, as in `npm start`
    expect(await seedDemo(t.services, t.modules)).toBe(true);
  });

  it('gives every lookup something to show the platform operator', async () => {
    const admin = await login(
      t.app,
      'platform',
      DEMO_ACCOUNTS.platformAdmin.username,
      DEMO_ACCOUNTS.platformAdmin.password,
    );
    const empty: LookupKind[] = [];
    for (const kind of LOOKUP_KINDS) {
      const query: Record<string, number> = kind === 'enterpriseTenant' ? { enterpriseId: 1 } : {};
      const answer = await askLookup(t.app, admin, kind, query);
      expect(answer.status, `${kind}: ${answer.message}`).toBe(200);
      if (answer.total === 0) empty.push(kind);
    }
    expect(empty).toEqual([]);
  });

  it('reads like a real console: bank branches, products with specification and maker, masked phones', async () => {
    const enterprise = await login(
      t.app,
      'enterprise',
      DEMO_ACCOUNTS.enterpriseUser.username,
      DEMO_ACCOUNTS.enterpriseUser.password,
    );
    const branch = await askLookup(t.app, enterprise, 'bankBranch', { bankBranchName: '杭州分行营业部' });
    expect(branch.records.map((r) => r.label)).toContain('招商银行股份有限公司杭州分行营业部');
    expect(branch.records[0].cnapsCode).toMatch(/^\d{12}$/);

    const product = await askLookup(t.app, enterprise, 'product', { pageSize: 100 });
    expect(product.total).toBeGreaterThanOrEqual(6);
    expect(product.records[0]).toMatchObject({ productGuige: expect.stringMatching(/\d/), productFactory: /公司$/ });

    const signers = await askLookup(t.app, enterprise, 'signer');
    expect(signers.total).toBeGreaterThan(0);
    for (const signer of signers.records) expect(signer.phone).toMatch(/^1\d{2}\*{4}\d{4}$/);

    const organisations = await askLookup(t.app, enterprise, 'organisation', { orgType: 'hospital' });
    expect(organisations.records.every((r) => r.orgTypeName === '医院')).toBe(true);

    const tax = await askLookup(t.app, enterprise, 'tax');
    expect(tax.records).toHaveLength(5);
    expect(tax.records.every((r) => String(r.taxName).endsWith('税源地'))).toBe(true);
  });
});
