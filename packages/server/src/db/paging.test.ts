import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { createLookupWorld, insertProject, type LookupWorld, marker } from '../../test/lookups';
import type { DbOrTx } from './client';
import { compactListChanges } from './list-changes';
import { followedSum, forgetPaging, type PageWindow, paged } from './paging';
import { listChanges, projects, tenants } from './schema';
import type { ScopeViewer } from './scope';

const t = useTestApp();
let world: LookupWorld;
const name = marker('页');
const ids: number[] = [];

const staffOf = (tenantId: number): ScopeViewer => ({
  side: 'platform',
  tenantId,
  enterpriseId: null,
  userIdentity: 2,
});
const OPERATOR: ScopeViewer = { side: 'platform', tenantId: 0, enterpriseId: null, userIdentity: 1 };

/** This file's projects, newest first, as the viewer sees them (the wall applies as in a request). */
function listAs(
  viewer: ScopeViewer,
  window: PageWindow,
  options: {
    exactUpTo?: number;
    mine?: boolean;
    follows?: Array<typeof projects | typeof tenants>;
    cacheAs?: false;
  } = {},
) {
  return t.services.ctx.scopes.withViewer(viewer, (db: DbOrTx) =>
    paged(db, window, {
      from: projects,
      where: options.mine === false ? undefined : and(like(projects.projectName, `${name}%`)),
      totalFollows: options.follows,
      key: projects.id,
      orderBy: [[projects.id, 'desc']],
      rows: (page) =>
        db
          .select({ id: projects.id, tenantId: projects.tenantId, ...page.columns })
          .from(projects)
          .where(inArray(projects.id, page.keys))
          .orderBy(...page.orderBy),
      toRecord: (row) => row,
      exactUpTo: options.exactUpTo,
      cacheAs: options.cacheAs === false ? undefined : 'paging test',
    }),
  );
}

beforeAll(async () => {
  world = await createLookupWorld(t);
  for (let i = 0; i < 45; i++) ids.push(await insertProject(t.database, world.own, { projectName: `${name}${i}` }));
  for (let i = 0; i < 3; i++) await insertProject(t.database, world.foreign, { projectName: `${name}他${i}` });
});

describe('paged lists (db/paging.ts)', () => {
  it('answers the page newest first with the exact total; past the last page, no rows and the total', async () => {
    forgetPaging();
    const newest = [...ids].reverse();
    const first = await listAs(staffOf(world.tenantA), { pageNo: 1, pageSize: 20 });
    expect(first).toEqual({ total: 45, records: newest.slice(0, 20).map((id) => ({ id, tenantId: world.tenantA })) });
    expect(first).not.toHaveProperty('totalExact');
    const last = await listAs(staffOf(world.tenantA), { pageNo: 3, pageSize: 20 });
    expect(last.records.map((row) => row.id)).toEqual(newest.slice(40));
    expect(await listAs(staffOf(world.tenantA), { pageNo: 9, pageSize: 20 })).toEqual({ records: [], total: 45 });
    // the wall and the scope: tenant B sees its own three
    expect((await listAs(staffOf(world.tenantB), { pageNo: 1, pageSize: 20 })).total).toBe(3);
  });

  it('starts the page after one just served after its last row, even when a row came in meanwhile', async () => {
    forgetPaging();
    const viewer = staffOf(world.tenantA);
    const first = await listAs(viewer, { pageNo: 1, pageSize: 10 });
    const second = await listAs(viewer, { pageNo: 2, pageSize: 10 });
    expect(second.records[0].id).toBeLessThan(first.records[9].id);
    const added = await insertProject(t.database, world.own, { projectName: `${name}新` });
    try {
      // asked again, page 2 is the same rows: it starts where it started (keyset), not 10 rows down
      const again = await listAs(viewer, { pageNo: 2, pageSize: 10 });
      expect(again.records).toEqual(second.records);
      expect(again.total).toBe(46);
      // counted from the top instead, the new row pushes page 2 down by one
      forgetPaging();
      const counted = await listAs(viewer, { pageNo: 2, pageSize: 10 });
      expect(counted.records[0].id).toBe(first.records[9].id);
    } finally {
      await t.database.db.delete(projects).where(eq(projects.id, added));
    }
  });

  it('reads the first page from the top every time: a row added since heads a newest-first list at once', async () => {
    forgetPaging();
    const viewer = staffOf(world.tenantA);
    const before = await listAs(viewer, { pageNo: 1, pageSize: 10 });
    const added = await insertProject(t.database, world.own, { projectName: `${name}首` });
    try {
      const after = await listAs(viewer, { pageNo: 1, pageSize: 10 });
      expect(after.records[0].id).toBe(added);
      expect(after.records.slice(1)).toEqual(before.records.slice(0, 9));
    } finally {
      await t.database.db.delete(projects).where(eq(projects.id, added));
    }
  });

  it('past the exact limit answers an estimate marked totalExact: false, remembered per scope', async () => {
    forgetPaging();
    const viewer = staffOf(world.tenantA);
    const { rows } = await t.database.executeSql(
      `select reltuples::float8 as tuples from pg_class where oid = 'projects'::regclass`,
      [],
    );
    if (Number(rows[0].tuples) < 0) {
      // no statistics yet (PGlite, or PostgreSQL before autovacuum): it counts them all instead
      expect(await listAs(viewer, { pageNo: 1, pageSize: 20 }, { exactUpTo: 10 })).toMatchObject({ total: 45 });
    }
    await t.database.executeSql('analyze projects', []);
    forgetPaging();
    const estimated = await listAs(viewer, { pageNo: 1, pageSize: 20 }, { exactUpTo: 10 });
    expect(estimated.totalExact).toBe(false);
    expect(estimated.total).toBeGreaterThan(10);
    expect(estimated.total).toBeLessThan(200);
    expect(estimated.records).toHaveLength(20);
    // remembered: the next page counts nothing and says the same
    const next = await listAs(viewer, { pageNo: 2, pageSize: 20 }, { exactUpTo: 10 });
    expect(next).toMatchObject({ total: estimated.total, totalExact: false });
    // the same list (no condition of its own) over every tenant for the operator is estimated,
    // and that estimate is not what tenant B is told: the wall shows B its three rows, counted
    expect(await listAs(OPERATOR, { pageNo: 1, pageSize: 20 }, { exactUpTo: 10, mine: false })).toMatchObject({
      totalExact: false,
    });
    const b = await listAs(staffOf(world.tenantB), { pageNo: 1, pageSize: 20 }, { exactUpTo: 10, mine: false });
    expect(b).toMatchObject({ total: 3 });
    expect(b).not.toHaveProperty('totalExact');
    // under the limit nothing changes
    expect(await listAs(viewer, { pageNo: 1, pageSize: 20 })).toMatchObject({ total: 45 });
  });

  it('plans the page statement once per connection and leaves the plan mode as it was', async () => {
    await t.services.ctx.scopes.withViewer(staffOf(world.tenantA), async (db) => {
      await listAs(staffOf(world.tenantA), { pageNo: 1, pageSize: 5 });
      const [mode] = (await db.execute(sql`show plan_cache_mode`)).rows;
      expect(mode).toEqual({ plan_cache_mode: 'auto' });
      if (t.database.kind === 'postgres') {
        // PGlite runs each statement as it comes; pg prepares named ones per connection
        const { rows } = await db.execute(
          sql`select generic_plans, custom_plans from pg_prepared_statements where name like 'page\_%'`,
        );
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((row) => Number(row.custom_plans) === 0 && Number(row.generic_plans) > 0)).toBe(true);
      }
    });
  });

  it('builds a named list statement once per shape: the same answers as built per request, values as parameters', async () => {
    forgetPaging();
    for (const viewer of [staffOf(world.tenantA), staffOf(world.tenantB), OPERATOR]) {
      for (const window of [
        { pageNo: 1, pageSize: 20 },
        { pageNo: 2, pageSize: 20 },
        { pageNo: 3, pageSize: 20 },
        { pageNo: 2, pageSize: 7 },
      ]) {
        // each asked twice: the second time the named statement is given again (and checked, under the tests)
        const built = await listAs(viewer, window, { cacheAs: false });
        expect(await listAs(viewer, window)).toEqual(built);
        expect(await listAs(viewer, window)).toEqual(built);
      }
    }
  });

  it('refuses, under the tests, a named list whose rows read the request outside the frame', async () => {
    forgetPaging();
    const listOfTenant = (tenantId: number) =>
      t.services.ctx.scopes.withViewer(OPERATOR, (db: DbOrTx) =>
        paged(
          db,
          { pageNo: 1, pageSize: 5 },
          {
            cacheAs: 'paging test, a tenant outside the frame',
            from: projects,
            where: inArray(projects.id, ids.slice(0, 10)),
            key: projects.id,
            orderBy: [[projects.id, 'desc']],
            // the tenant is a value of the rows statement, not of `where`: a statement built once would keep the first
            rows: (page) =>
              db
                .select({ id: projects.id, ...page.columns })
                .from(projects)
                .where(and(inArray(projects.id, page.keys), eq(projects.tenantId, tenantId)))
                .orderBy(...page.orderBy),
            toRecord: (row) => row,
          },
        ),
      );
    expect((await listOfTenant(world.tenantA)).records).toHaveLength(5);
    await expect(listOfTenant(world.tenantB)).rejects.toThrow(/outside the frame/);
  });

  describe('remembered totals (totalFollows)', () => {
    const follows = [projects];
    /** Renames a project without noting the write (triggers off, as a replica applies rows): a remembered total cannot know of it. */
    const renameUnnoted = (id: number, projectName: string) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.update(projects).set({ projectName }).where(eq(projects.id, id));
      });
    const rename = (id: number, projectName: string) =>
      t.database.db.update(projects).set({ projectName }).where(eq(projects.id, id));

    it('gives a counted total again while no write to its table is noted, and counts anew after one', async () => {
      forgetPaging();
      const viewer = staffOf(world.tenantA);
      expect(await listAs(viewer, { pageNo: 1, pageSize: 20 }, { follows })).toMatchObject({ total: 45 });
      await renameUnnoted(ids[0], '改名未记');
      try {
        // the unnoted rename leaves 44 matching rows, yet the total given is the remembered one: nothing was counted
        expect(await listAs(viewer, { pageNo: 1, pageSize: 20 }, { follows })).toMatchObject({ total: 45 });
        // without totalFollows the same list counts each time
        expect(await listAs(viewer, { pageNo: 1, pageSize: 20 })).toMatchObject({ total: 44 });
        // a noted write (any write to projects of the tenant) makes the next page count anew
        await rename(ids[1], '改名');
        expect(await listAs(viewer, { pageNo: 1, pageSize: 20 }, { follows })).toMatchObject({ total: 43 });
      } finally {
        await rename(ids[0], `${name}0`);
        await rename(ids[1], `${name}1`);
      }
      expect(await listAs(viewer, { pageNo: 1, pageSize: 20 }, { follows })).toMatchObject({ total: 45 });
    });

    it("notes writes per tenant behind the wall: another tenant's write leaves the total standing", async () => {
      forgetPaging();
      const viewer = staffOf(world.tenantA);
      await listAs(viewer, { pageNo: 1, pageSize: 20 }, { follows });
      await renameUnnoted(ids[2], '改名未记');
      try {
        const foreign = await insertProject(t.database, world.foreign, { projectName: '他方新项目' });
        await t.database.db.delete(projects).where(eq(projects.id, foreign));
        // tenant B's insert and delete are noted as B's: tenant A's remembered total stands (45, not the 44 a count gives)
        expect(await listAs(viewer, { pageNo: 1, pageSize: 20 }, { follows })).toMatchObject({ total: 45 });
        const seen = await t.services.ctx.scopes.withViewer(viewer, (db) =>
          db.selectDistinct({ tenantId: listChanges.tenantId }).from(listChanges),
        );
        expect(seen).toEqual([{ tenantId: world.tenantA }]);
      } finally {
        await rename(ids[2], `${name}2`);
      }
    });

    it('folding the notes keeps every sum, so remembered totals stand', async () => {
      forgetPaging();
      const viewer = staffOf(world.tenantA);
      for (const id of ids.slice(3, 6)) await rename(id, `${name}${ids.indexOf(id)}`);
      await listAs(viewer, { pageNo: 1, pageSize: 20 }, { follows });
      const before = await t.database.db.select().from(listChanges);
      const folded = await t.services.ctx.scopes.withSystem('test: folding', compactListChanges);
      const after = await t.database.db.select().from(listChanges);
      expect(folded).toBe(before.length);
      const sums = (rows: typeof before) => {
        const by = new Map<string, number>();
        for (const row of rows)
          by.set(`${row.tableName}/${row.tenantId}`, (by.get(`${row.tableName}/${row.tenantId}`) ?? 0) + row.weight);
        return by;
      };
      expect(sums(after)).toEqual(sums(before));
      expect(after.length).toBe(sums(before).size);
      await renameUnnoted(ids[3], '改名未记');
      try {
        expect(await listAs(viewer, { pageNo: 1, pageSize: 20 }, { follows })).toMatchObject({ total: 45 });
      } finally {
        await rename(ids[3], `${name}3`);
      }
    });

    it.each([
      ['built per request', undefined],
      ['named, built once per shape', 'paging test sum'],
    ])(
      'gives a followed sum again while no write is noted, and sums anew after one, per scope (%s)',
      async (_, cacheAs) => {
        forgetPaging();
        /** the sum of this file's project ids the viewer sees (any integer column does) */
        const sumAs = (viewer: ScopeViewer) =>
          t.services.ctx.scopes.withViewer(viewer, (db: DbOrTx) =>
            followedSum(db, {
              from: projects,
              where: like(projects.projectName, `${name}%`),
              column: projects.id,
              follows,
              cacheAs,
            }),
          );
        const own = ids.reduce((sum, id) => sum + id, 0);
        expect(await sumAs(staffOf(world.tenantA))).toBe(own);
        await renameUnnoted(ids[0], '改名未记');
        try {
          // nothing noted: the remembered sum is given, not summed (a sum now would leave ids[0] out)
          expect(await sumAs(staffOf(world.tenantA))).toBe(own);
          // another scope has nothing remembered: it sums, and sees tenant B's rows too
          const all = await sumAs(OPERATOR);
          expect(all).toBeGreaterThan(own - ids[0]);
          expect(all).not.toBe(own);
          // a noted write makes the next ask sum anew
          await rename(ids[1], `${name}1`);
          expect(await sumAs(staffOf(world.tenantA))).toBe(own - ids[0]);
        } finally {
          await rename(ids[0], `${name}0`);
        }
        expect(await sumAs(staffOf(world.tenantA))).toBe(own);
        await expect(
          t.services.ctx.scopes.withViewer(staffOf(world.tenantA), (db: DbOrTx) =>
            followedSum(db, { from: projects, where: undefined, column: projects.id, follows: [tenants] }),
          ),
        ).rejects.toThrow(/app_follow_list_changes\('tenants'\)/);
      },
    );

    it('refuses to remember totals over a table whose writes are not noted', async () => {
      await expect(listAs(staffOf(world.tenantA), { pageNo: 1, pageSize: 20 }, { follows: [tenants] })).rejects.toThrow(
        /app_follow_list_changes\('tenants'\)/,
      );
    });
  });
});
