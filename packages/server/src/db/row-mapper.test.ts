import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { type RowMapper, rowMapperOf, type SelectedField } from './row-mapper';
import { enterprises, projects, tenants } from './schema';

/** A statement's fields and joins as the paged lists hand them over, from a select that is never run. */
function mapperOf(select: { prepare(name: string): unknown }): RowMapper {
  const prepared = select.prepare('row mapper test') as {
    fields: SelectedField[];
    joinsNotNullableMap: Record<string, boolean>;
  };
  return rowMapperOf(prepared.fields, prepared.joinsNotNullableMap);
}

const db = drizzle.mock();
const select = db
  .select({
    id: projects.id,
    projectName: projects.projectName,
    createdAt: projects.createdAt,
    tenant: { id: tenants.id, name: tenants.name },
    client: { id: enterprises.id, name: enterprises.name },
    persons: sql<number>`1`.mapWith(Number),
    raw: sql<string>`'x'`,
  })
  .from(projects)
  .innerJoin(tenants, eq(tenants.id, projects.tenantId))
  .leftJoin(enterprises, eq(enterprises.id, projects.enterpriseId));

describe('rowMapperOf', () => {
  it('maps as drizzle does: decoders, objects of a table, a missing left-joined row as null', () => {
    const mapRows = mapperOf(select);
    const rows = mapRows([
      [7, '巡店', '2026-11-20 10:00:00+00', 1, '华东', 3, '星联', '12', 'x'],
      [8, '拜访', '2026-11-21 02:30:00+00', 1, '华东', null, null, '0', null],
    ]);
    expect(rows).toEqual([
      {
        id: 7,
        projectName: '巡店',
        createdAt: new Date('2026-11-20T10:00:00Z'),
        tenant: { id: 1, name: '华东' },
        client: { id: 3, name: '星联' },
        persons: 12,
        raw: 'x',
      },
      {
        id: 8,
        projectName: '拜访',
        createdAt: new Date('2026-11-21T02:30:00Z'),
        tenant: { id: 1, name: '华东' },
        client: null,
        persons: 0,
        raw: null,
      },
    ]);
    // the keys in drizzle's order, so answers serialize alike
    expect(Object.keys(rows[0])).toEqual(['id', 'projectName', 'createdAt', 'tenant', 'client', 'persons', 'raw']);
  });

  it('keeps an inner-joined object whose first column is null', () => {
    const mapRows = mapperOf(
      db
        .select({ id: projects.id, tenant: { name: tenants.name, id: tenants.id } })
        .from(projects)
        .innerJoin(tenants, eq(tenants.id, projects.tenantId)),
    );
    expect(mapRows([[1, null, 2]])).toEqual([{ id: 1, tenant: { name: null, id: 2 } }]);
  });

  it('quotes field names: a name is data in the written-out function, never code', () => {
    const mapRows = mapperOf(db.select({ 'a"]; throw 1; //': projects.id, "b'": projects.projectName }).from(projects));
    expect(mapRows([[1, 'n']])).toEqual([{ 'a"]; throw 1; //': 1, "b'": 'n' }]);
  });
});
