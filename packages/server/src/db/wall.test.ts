import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { createLookupWorld, insertProject, type LookupWorld } from '../../test/lookups';
import { buildApp } from '../app';
import { projectDataRelations, projects } from './schema';
import { type ScopeViewer, unsafeAcrossTenants } from './scope';
import { tenantWallProblems } from './wall';

const t = useTestApp();
let world: LookupWorld;
const ids: Record<string, number> = {};

const staffOf = (tenantId: number): ScopeViewer => ({
  side: 'platform',
  tenantId,
  enterpriseId: null,
  userIdentity: 2,
});
const OPERATOR: ScopeViewer = { side: 'platform', tenantId: 0, enterpriseId: null, userIdentity: 1 };

/** `select * from <table>` with no condition at all, as a query that forgot its scope would run. */
async function rawTenantsOf(viewer: ScopeViewer | null, table: string): Promise<number[]> {
  const work = async () => {
    const result = await t.services.ctx.db.execute(sql.raw(`select * from ${table}`));
    return (result.rows as Array<{ tenant_id: number }>).map((row) => row.tenant_id);
  };
  const { scopes } = t.services.ctx;
  return viewer ? scopes.withViewer(viewer, work) : scopes.run({ kind: 'anonymous' }, work);
}

/** Every table the wall covers: those with a tenant_id column. */
async function walledTables(): Promise<string[]> {
  const { rows } = await t.database.executeSql(
    `select c.relname as name from pg_class c
     join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
     join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
     where c.relkind = 'r' order by 1`,
    [],
  );
  return rows.map((row) => String(row.name));
}

beforeAll(async () => {
  world = await createLookupWorld(t);
  ids.own = await insertProject(t.database, world.own, { projectName: '墙内项目' });
  ids.sibling = await insertProject(t.database, world.sibling, { projectName: '同平台他企项目' });
  ids.foreign = await insertProject(t.database, world.foreign, { projectName: '他平台项目' });
});

describe('the tenant wall', () => {
  it('holds on this database: every tenant table forces RLS with a policy, the role cannot bypass it', async () => {
    expect(await tenantWallProblems(t.database.executeSql)).toEqual([]);
    expect((await walledTables()).length).toBeGreaterThan(25);
    const [who] = await t.services.ctx.scopes.withViewer(
      staffOf(world.tenantA),
      async (db) =>
        (await db.execute(sql`select current_user as name, current_setting('app.tenant_id') as tenant`)).rows,
    );
    expect(who).toEqual({ name: 'fieldpay_app', tenant: String(world.tenantA) });
  });

  it('runs each kind of viewer as its own role: the operator and system scopes see every tenant by role', async () => {
    const roleOf = (scope: Parameters<typeof t.services.ctx.scopes.run>[0]) =>
      t.services.ctx.scopes.run(scope, async (db) => (await db.execute(sql`select current_user as name`)).rows[0].name);
    expect(await roleOf({ kind: 'viewer', viewer: staffOf(world.tenantA) })).toBe('fieldpay_app');
    expect(await roleOf({ kind: 'viewer', viewer: { side: 'enterprise', ...world.own, userIdentity: 2 } })).toBe(
      'fieldpay_enterprise',
    );
    expect(await roleOf({ kind: 'viewer', viewer: OPERATOR })).toBe('fieldpay_all');
    expect(await roleOf({ kind: 'system', reason: 'test' })).toBe('fieldpay_all');
    expect(await roleOf({ kind: 'anonymous' })).toBe('fieldpay_app');
  });

  it('a query with no scope condition sees only the tenant of its scope, on every tenant table', async () => {
    for (const table of await walledTables()) {
      // a relation row of another tenant naming one of A's projects is A's to read: the test below
      if (table === 'project_data_relations') continue;
      const seenByA = await rawTenantsOf(staffOf(world.tenantA), table);
      expect(
        seenByA.filter((tenantId) => tenantId !== world.tenantA && tenantId !== null),
        table,
      ).toEqual([]);
      expect(await rawTenantsOf(null, table), `${table} seen without a session`).toEqual([]);
    }
    const projectIdsOf = async (viewer: ScopeViewer) =>
      t.services.ctx.scopes.withViewer(viewer, async (db) =>
        (await db.select({ id: projects.id }).from(projects)).map((row) => row.id),
      );
    const seenByA = await projectIdsOf(staffOf(world.tenantA));
    expect(seenByA).toEqual(expect.arrayContaining([ids.own, ids.sibling]));
    expect(seenByA).not.toContain(ids.foreign);
    // the enterprise side also stops at the enterprise
    const seenByEnterprise = await projectIdsOf({ side: 'enterprise', ...world.own, userIdentity: 2 });
    expect(seenByEnterprise).toContain(ids.own);
    expect(seenByEnterprise).not.toContain(ids.sibling);
    expect(seenByEnterprise).not.toContain(ids.foreign);
    // an enterprise session without its enterprise sees nothing rather than the whole tenant
    expect(
      await projectIdsOf({ side: 'enterprise', tenantId: world.tenantA, enterpriseId: null, userIdentity: 2 }),
    ).toEqual([]);
    // the operator's all-tenant view is an explicit policy
    expect(await projectIdsOf(OPERATOR)).toEqual(expect.arrayContaining([ids.own, ids.sibling, ids.foreign]));
  });

  it("lets a tenant and an enterprise read, not write, the other platforms' relation rows of their own projects", async () => {
    await t.database.db.insert(projectDataRelations).values([
      { tenantId: world.tenantB, projectId: ids.own },
      { tenantId: world.tenantA, projectId: ids.foreign },
    ]);
    const relationsSeenBy = async (viewer: ScopeViewer | null) => {
      const work = async () =>
        (
          (await t.services.ctx.db.execute(sql.raw('select tenant_id, project_id from project_data_relations')))
            .rows as Array<{ tenant_id: number; project_id: number }>
        )
          .filter((row) => [ids.own, ids.foreign, ids.sibling].includes(row.project_id))
          .map((row) => `${row.tenant_id === world.tenantA ? 'A' : 'B'}:${row.project_id}`)
          .sort();
      const { scopes } = t.services.ctx;
      return viewer ? scopes.withViewer(viewer, work) : scopes.run({ kind: 'anonymous' }, work);
    };
    const own = { side: 'enterprise' as const, ...world.own, userIdentity: 2 as const };
    const sibling = { side: 'enterprise' as const, ...world.sibling, userIdentity: 2 as const };
    // tenant A: its own row, and B's row naming A's project
    expect(await relationsSeenBy(staffOf(world.tenantA))).toEqual([`A:${ids.foreign}`, `B:${ids.own}`].sort());
    expect(await relationsSeenBy(staffOf(world.tenantB))).toEqual([`A:${ids.foreign}`, `B:${ids.own}`].sort());
    // the enterprise reads B's row of its own project; its sibling on A does not
    expect(await relationsSeenBy(own)).toContain(`B:${ids.own}`);
    expect(await relationsSeenBy(sibling)).not.toContain(`B:${ids.own}`);
    expect(await relationsSeenBy(null)).toEqual([]);
    // reading only: B's row of A's project is not A's to change or remove
    const changed = await t.services.ctx.scopes.withViewer(staffOf(world.tenantA), (db) =>
      db
        .update(projectDataRelations)
        .set({ projectId: ids.sibling })
        .where(sql`${projectDataRelations.tenantId} = ${world.tenantB}`)
        .returning(),
    );
    expect(changed).toEqual([]);
    const removed = await t.services.ctx.scopes.withViewer(own, (db) =>
      db.delete(projectDataRelations).where(sql`${projectDataRelations.projectId} = ${ids.own}`).returning(),
    );
    expect(removed).toEqual([]);
    expect(await relationsSeenBy(OPERATOR)).toEqual([`A:${ids.foreign}`, `B:${ids.own}`].sort());
  });

  it('a cross-tenant read inside a request sees every tenant for its work only; the request sees its own again after', async () => {
    const projectIdsIn = async (db: Pick<typeof t.services.ctx.db, 'select'>) =>
      (await db.select({ id: projects.id }).from(projects)).map((row) => row.id);
    const seen = await t.services.ctx.scopes.withViewer(staffOf(world.tenantA), async (db) => {
      // the switch's settings and the work's first statement leave together; they run in that order
      const across = await unsafeAcrossTenants('test: the projects of every tenant', projectIdsIn);
      const [setting] = (await db.execute(sql`select current_user as name, current_setting('app.tenant_id') as tenant`))
        .rows;
      return { across, after: await projectIdsIn(db), setting };
    });
    expect(seen.across).toEqual(expect.arrayContaining([ids.own, ids.sibling, ids.foreign]));
    expect(seen.after).toEqual(expect.arrayContaining([ids.own, ids.sibling]));
    expect(seen.after).not.toContain(ids.foreign);
    expect(seen.setting).toEqual({ name: 'fieldpay_app', tenant: String(world.tenantA) });
  });

  it('refuses writes into another tenant and changes nothing', async () => {
    const write = t.services.ctx.scopes.withViewer(staffOf(world.tenantA), (db) =>
      db.insert(projects).values({
        tenantId: world.tenantB,
        enterpriseId: world.foreign.enterpriseId,
        projectSn: 'WALL-1',
        projectName: '越墙项目',
      }),
    );
    // drizzle wraps the database's refusal
    await expect(write).rejects.toMatchObject({ cause: { message: expect.stringMatching(/row-level security/) } });
    const moved = await t.services.ctx.scopes.withViewer(staffOf(world.tenantA), (db) =>
      db.update(projects).set({ projectName: '改名' }).where(sql`${projects.id} = ${ids.foreign}`).returning(),
    );
    expect(moved).toEqual([]);
    const [row] = await t.database.db.select().from(projects).where(sql`${projects.id} = ${ids.foreign}`);
    expect(row.projectName).toBe('他平台项目');
  });

  it('holds for long work that runs statement by statement', async () => {
    const db = t.services.ctx.scopes.perStatement({ kind: 'viewer', viewer: staffOf(world.tenantB) });
    const seen = (await db.select({ id: projects.id }).from(projects)).map((row) => row.id);
    expect(seen).toContain(ids.foreign);
    expect(seen).not.toContain(ids.own);
  });

  it('the service handle refuses to work outside a scope', () => {
    expect(() => t.services.ctx.db.select()).toThrow(/outside a scope/);
  });

  it('a real route sees only its own tenant', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/sys/project/queryList',
      query: { pageNo: '1', pageSize: '100' },
      headers: { 'x-access-token': world.staffB.token, 'x-tenant-id': String(world.tenantB) },
    });
    const records = response.json().result.records as Array<{ id: number }>;
    expect(records.map((record) => record.id)).toContain(ids.foreign);
    expect(records.map((record) => record.id)).not.toContain(ids.own);
  });
});

describe('the boot check', () => {
  it('refuses to start when a tenant table has no policy, naming the table', async () => {
    await t.database.executeSql('create table wall_probe (id int primary key, tenant_id int not null)');
    try {
      expect(await tenantWallProblems(t.database.executeSql)).toEqual([
        'table wall_probe does not force row-level security',
        'table wall_probe has no row-level security policy',
      ]);
      await expect(buildApp(t.config, t.database)).rejects.toThrow(/wall_probe has no row-level security policy/);
      // the rule applied after every migration walls it
      await t.database.executeSql('select app_wall_tenant_tables()');
      expect(await tenantWallProblems(t.database.executeSql)).toEqual([]);
      // a policy missing for one role (its viewers would see none of the rows) is named too
      await t.database.executeSql('drop policy wall_enterprise on wall_probe');
      expect(await tenantWallProblems(t.database.executeSql)).toEqual([
        'table wall_probe has no policy for role fieldpay_enterprise',
      ]);
    } finally {
      await t.database.executeSql('drop table wall_probe');
    }
  });

  // roles belong to the whole PostgreSQL cluster, which other test files share: only on PGlite
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'refuses to start when the request role could bypass the wall',
    async () => {
      await t.database.executeSql('alter role fieldpay_app bypassrls');
      try {
        await expect(buildApp(t.config, t.database)).rejects.toThrow(/fieldpay_app can bypass row-level security/);
      } finally {
        await t.database.executeSql('alter role fieldpay_app nobypassrls');
      }
    },
  );
});
