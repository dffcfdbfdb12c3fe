import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, useTestApp } from '../../../test/app';
import { askLookup, createLookupWorld, type LookupWorld, marker } from '../../../test/lookups';
import { tenants } from '../../db/schema';

const t = useTestApp();
let world: LookupWorld;
beforeAll(async () => {
  world = await createLookupWorld(t);
});

describe('tenant lookup', () => {
  it('flags disabled tenants (status 0) unless a status filter is given', async () => {
    const search = marker('台');
    const enabled = await createTenant(t.database, `${search}华东众包服务平台`);
    const disabled = await createTenant(t.database, `${search}西南灵活用工平台`);
    await t.database.db.update(tenants).set({ status: 0 }).where(eq(tenants.id, disabled));
    const answer = await askLookup(t.app, world.admin, 'tenant', { name: search });
    expect(answer.records.map((r) => [r.value, r.disabled])).toEqual([
      [enabled, false],
      [disabled, true],
    ]);
    expect(answer.records[1].label).toBe(`${search}西南灵活用工平台`);
    const onlyDisabled = await askLookup(t.app, world.admin, 'tenant', { name: search, status: 0 });
    expect(onlyDisabled.records).toEqual([expect.objectContaining({ value: disabled, disabled: false })]);
    // the existing list call answers the same tenants
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/sys2/tenant/queryList?name=${encodeURIComponent(search)}`,
      headers: { 'x-access-token': world.admin.token },
    });
    expect(list.json().result.records.map((r: { id: number }) => r.id)).toEqual([enabled, disabled]);
  });
});
