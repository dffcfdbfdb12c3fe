import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { askLookup, createLookupWorld, type LookupWorld, marker } from '../../../test/lookups';
import { taxSources } from '../../db/schema';

const t = useTestApp();
let world: LookupWorld;
beforeAll(async () => {
  world = await createLookupWorld(t);
});

describe('tax lookup (the tax-source picker)', () => {
  it('answers { records: [{ id, taxName, tenantId }], total } with the select’s value and label', async () => {
    const search = marker('税');
    const [row] = await t.database.db
      .insert(taxSources)
      .values({ tenantId: world.tenantA, taxName: `${search}江西省赣州市章贡区税源地` })
      .returning({ id: taxSources.id });
    const answer = await askLookup(t.app, world.admin, 'tax', { tenantId: world.tenantA, taxName: search });
    expect(answer).toMatchObject({ status: 200, success: true, total: 1 });
    expect(answer.records).toEqual([
      {
        id: row.id,
        taxName: `${search}江西省赣州市章贡区税源地`,
        tenantId: world.tenantA,
        value: row.id,
        label: `${search}江西省赣州市章贡区税源地`,
      },
    ]);
  });
});
