/**
 * What the list benches' seeds share: the bench database migrated, its reference and demo data,
 * then the bench's own rows written by generate_series in timed steps (a bench's data, not the
 * product's: not through the services), and a marker table so a kept database is seeded once.
 */
import pg from 'pg';
import { openDatabase } from '../packages/server/src/db/client';
import { MODULES } from '../packages/server/src/modules';
import { seedDemoData } from '../packages/server/src/seed/demo';
import { applyReferenceData } from '../packages/server/src/seed/reference';

export type Step = (name: string, text: string) => Promise<void>;

/**
 * Migrates `url` (so a kept database gets new migrations too) and, unless `marker` is there, adds
 * the reference and demo data and runs `seed` with a timed `step` and the client it runs on. The
 * connecting superuser passes the wall: it writes every tenant's rows.
 */
export async function prepareBenchData(
  url: string,
  marker: string,
  log: (line: string) => void,
  seed: (step: Step, client: pg.Client) => Promise<void>,
): Promise<void> {
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  const client = new pg.Client({ connectionString: url });
  try {
    await database.migrate();
    await client.connect();
    const { rows } = await client.query('select to_regclass($1) is not null as seeded', [`public.${marker}`]);
    if (rows[0].seeded) {
      log('  kept database already seeded (BENCH_KEEP=1)');
      return;
    }
    await applyReferenceData(database.db, MODULES);
    await seedDemoData(database.db, MODULES);
    const step: Step = async (name, text) => {
      const started = Date.now();
      const result = await client.query(text);
      const rowCount = Array.isArray(result) ? undefined : result.rowCount;
      log(`  ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s${rowCount ? ` (${rowCount} rows)` : ''}`);
    };
    await seed(step, client);
    await client.query(`create table ${marker} (at timestamptz default now())`);
  } finally {
    await client.end();
    await database.close();
  }
}

/**
 * Tenants up to `tenants` (after the demo's), `enterprisesPerTenant` enterprises ('BQ<t>-<n>')
 * and `personsPerTenant` persons ('BP<t>-<n>') in each; the demo enterprise's id (tenant 1's
 * 13900000001, the enterprise user's).
 */
export async function seedTenantsEnterprisesPersons(
  step: Step,
  client: pg.Client,
  counts: { tenants: number; enterprisesPerTenant: number; personsPerTenant: number },
): Promise<number> {
  await step(
    'tenants',
    `insert into tenants (id, name, company)
     select g, '压测平台' || g, '压测平台' || g || '信息技术有限公司'
     from generate_series((select max(id) + 1 from tenants), ${counts.tenants}) g;
     select setval(pg_get_serial_sequence('tenants', 'id'), (select max(id) from tenants))`,
  );
  await step(
    'enterprises',
    `insert into enterprises (tenant_id, enterprise_sn, name, tax_number)
     select t, 'BQ' || t || '-' || e, '压测企业' || t || '-' || e, 'BT' || lpad((t * 100 + e)::text, 16, '0')
     from generate_series(1, ${counts.tenants}) t, generate_series(1, ${counts.enterprisesPerTenant}) e`,
  );
  await step(
    'persons',
    `insert into persons (tenant_id, user_sn, name, phone)
     select t, 'BP' || t || '-' || i, '压测人员' || i, '17' || lpad((t * 10000 + i)::text, 9, '0')
     from generate_series(1, ${counts.tenants}) t, generate_series(1, ${counts.personsPerTenant}) i`,
  );
  const { rows } = await client.query(
    `select e.id from enterprises e join enterprise_members m on m.enterprise_id = e.id
     join users u on u.id = m.user_id where u.username = '13900000001' and e.tenant_id = 1`,
  );
  return rows[0].id as number;
}
