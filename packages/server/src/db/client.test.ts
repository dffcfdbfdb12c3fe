import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/db';
import { type Database, pipelinedTransaction } from './client';
import { openingSql, settingsOf } from './scope';

let database: Database;
const poolOf = (db: Database) => (db.db as unknown as { $client: pg.Pool }).$client;

beforeAll(async () => {
  database = await freshDatabase();
  await database.executeSql('create table pipeline_probe (id int)', []);
  // the wall's rule grants the request role every table
  await database.executeSql('select app_wall_tenant_tables()', []);
});
afterAll(async () => {
  await database?.close();
});

describe('the scope transaction on PostgreSQL (one round trip for BEGIN, the settings and the first statement)', () => {
  it.runIf(process.env.TEST_DATABASE_URL)('runs the first statement in the scope the opening set', async () => {
    const settings = settingsOf({
      kind: 'viewer',
      viewer: { side: 'platform', tenantId: 7, enterpriseId: null, userIdentity: 2 },
    });
    const seen = await pipelinedTransaction(poolOf(database), database.db, openingSql(settings), async (tx) => {
      const [row] = (await tx.execute(sql`select current_user as role, current_setting('app.tenant_id') as tenant`))
        .rows;
      return row;
    });
    expect(seen).toEqual({ role: 'fieldpay_app', tenant: '7' });
    // the settings were local to that transaction
    const [after] = (
      await database.executeSql(`select current_user as role, current_setting('app.tenant_id', true) as tenant`, [])
    ).rows;
    expect(after.role).not.toBe('fieldpay_app');
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'when the opening fails, the statement written behind it is refused, nothing is kept, and the opening’s error is thrown',
    async () => {
      const work = pipelinedTransaction(poolOf(database), database.db, 'begin; select 1/0', (tx) =>
        tx.execute(sql`insert into pipeline_probe values (1)`),
      );
      await expect(work).rejects.toThrow(/division by zero/);
      const { rows } = await database.executeSql('select count(*)::int as n from pipeline_probe', []);
      expect(rows[0].n).toBe(0);
      // the connection went back clean: the next transaction works
      const ok = await pipelinedTransaction(poolOf(database), database.db, 'begin', (tx) =>
        tx.execute(sql`select 1 as one`),
      );
      expect(ok.rows).toEqual([{ one: 1 }]);
    },
  );

  it('commits what the work wrote and rolls back when it throws', async () => {
    const settings = settingsOf({ kind: 'system', reason: 'test' });
    await database.inScope(settings, (tx) => tx.execute(sql`insert into pipeline_probe values (2)`));
    await expect(
      database.inScope(settings, async (tx) => {
        await tx.execute(sql`insert into pipeline_probe values (3)`);
        throw new Error('work failed');
      }),
    ).rejects.toThrow('work failed');
    const { rows } = await database.executeSql('select id from pipeline_probe order by id', []);
    expect(rows).toEqual([{ id: 2 }]);
  });
});
