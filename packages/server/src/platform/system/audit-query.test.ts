import { formatChinaDateTime } from '@fieldpay/domain';
import { describe, expect, it } from 'vitest';
import { authHeaders, createPlatformUser, createTenant, login, useTestApp } from '../../../test/app';
import { auditLogs } from '../../db/schema';

const t = useTestApp();

describe('审计日志 query', () => {
  it('filters by actor, action, record and a China-time range; tenant staff get 403', async () => {
    const operator = await createPlatformUser(t.database, { tenantId: 0 });
    const headers = authHeaders(await login(t.app, 'platform', operator.username, operator.password));
    const marker = `审计${Date.now() % 1e6}`;
    // 2026-03-01 00:30 China time is 2026-02-28 16:30 UTC
    const at = (iso: string) => new Date(iso);
    await t.database.db.insert(auditLogs).values([
      {
        tenantId: 0,
        actorName: `${marker}甲`,
        action: 'tenant.add',
        targetType: 'tenant',
        targetId: '41',
        createdAt: at('2026-02-28T16:30:00Z'),
      },
      {
        tenantId: 0,
        actorName: `${marker}乙`,
        action: 'tenant.edit',
        targetType: 'tenant',
        targetId: '41',
        createdAt: at('2026-03-01T03:00:00Z'),
      },
      {
        tenantId: 0,
        actorName: `${marker}甲`,
        action: 'role.add',
        targetType: 'role',
        targetId: '7',
        createdAt: at('2026-03-02T03:00:00Z'),
      },
    ]);
    const ask = async (query: Record<string, string>) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/sys2/audit/query',
        headers,
        query: { actorName: marker, ...query },
      });
      expect(response.statusCode).toBe(200);
      return response.json().result.records.map((r: { action: string }) => r.action);
    };
    expect(await ask({})).toEqual(['role.add', 'tenant.edit', 'tenant.add']);
    expect(await ask({ actorName: `${marker}甲` })).toEqual(['role.add', 'tenant.add']);
    expect(await ask({ action: 'tenant.edit' })).toEqual(['tenant.edit']);
    expect(await ask({ targetType: 'tenant', targetId: '41' })).toEqual(['tenant.edit', 'tenant.add']);
    // the first of March in China starts at 16:00 UTC the day before
    expect(await ask({ startTime: '2026-03-01 00:00:00', endTime: '2026-03-01 23:59:59' })).toEqual([
      'tenant.edit',
      'tenant.add',
    ]);
    expect(formatChinaDateTime(at('2026-02-28T16:30:00Z').getTime())).toBe('2026-03-01 00:30:00');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/sys2/audit/query',
      headers,
      query: { startTime: '2026-02-30' },
    });
    expect(bad.statusCode).toBe(400);

    const staff = await createPlatformUser(t.database, { tenantId: await createTenant(t.database) });
    const staffHeaders = authHeaders(await login(t.app, 'platform', staff.username, staff.password));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/sys2/audit/query', headers: staffHeaders })).statusCode,
    ).toBe(403);
  });
});
