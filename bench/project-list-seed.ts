/**
 * The data of bench/project-list.ts: the demo accounts, then 100 tenants holding 1,000,000
 * projects, written by generate_series in a few statements (about a minute here).
 *
 * The skew is what the issue measured on: tenants 1-5 are old (every row of theirs was written
 * before any row of the others, so a newest-first scan of the primary key passes 900,000 foreign
 * rows before it reaches theirs); the demo enterprise (杭州星联医药, the enterprise user's) holds
 * 10,007 of tenant 1's 20,007 rows, which the planner cannot guess from tenant_id and
 * enterprise_id alone; the other 95 tenants share 900,000 rows interleaved by id, the smaller
 * tenant ids much larger than the rest. Each tenant has 20 more enterprises and 100 persons; about
 * half the projects have two persons (project_persons, 1,000,000 rows), one serving and one left.
 */
import { prepareBenchData, seedTenantsEnterprisesPersons } from './seed-support';

export const BENCH_TENANTS = 100;
export const BENCH_PROJECTS = 1_000_000;
/** rows of tenant 1's demo enterprise (the enterprise user's), and of each old tenant */
const DEMO_ENTERPRISE_ROWS = 10_000;
const OLD_TENANT_ROWS = 20_000;
const OLD_TENANTS = 5;
const ENTERPRISES_PER_TENANT = 20;
const PERSONS_PER_TENANT = 100;

/** Migrates (so a kept database gets new migrations too) and, unless already there, seeds. */
export function prepare(url: string, log: (line: string) => void): Promise<void> {
  return prepareBenchData(url, 'bench_seeded', log, async (step, client) => {
    const demoEnterprise = await seedTenantsEnterprisesPersons(step, client, {
      tenants: BENCH_TENANTS,
      enterprisesPerTenant: ENTERPRISES_PER_TENANT,
      personsPerTenant: PERSONS_PER_TENANT,
    });
    await client.query(
      `create temp table bench_enterprise as
         select tenant_id, (row_number() over (partition by tenant_id order by id) - 1)::int as n, id
         from enterprises where enterprise_sn like 'BQ%';
       analyze bench_enterprise;`,
    );
    const projectColumns = `tenant_id, enterprise_id, project_sn, project_name, project_status, processed, start_time, end_time, created_at`;
    const projectValues = (serial: string, created: string) => `'BX' || ${serial},
         (array['心血管', '慢病管理', '疫苗', '眼科', '口腔护理', '肿瘤'])[1 + ${serial} % 6]
           || (array['学术推广', '市场调研', '患者教育', '终端拜访', '药店动销'])[1 + ${serial} % 5] || '项目' || ${serial},
         (array[0, 1, 2, 3, 4, 4, 4, 4, 5, 6])[1 + (${serial} * 7) % 10], (${serial} % 2)::smallint,
         ${created}, ${created} + interval '90 days', ${created}`;
    // old rows first: the demo enterprise's, then the rest of tenants 1-5
    await step(
      'projects of the demo enterprise (old)',
      `insert into projects (${projectColumns})
       select 1, ${demoEnterprise}, ${projectValues('g', `timestamptz '2019-01-01' + g * interval '1 minute'`)}
       from generate_series(1, ${DEMO_ENTERPRISE_ROWS}) g`,
    );
    await step(
      `projects of tenants 1-${OLD_TENANTS} (old)`,
      `insert into projects (${projectColumns})
       select t, e.id, ${projectValues(`(${DEMO_ENTERPRISE_ROWS} + g)`, `timestamptz '2019-06-01' + g * interval '1 minute'`)}
       from generate_series(1, ${OLD_TENANTS}) t
       cross join generate_series(1, ${OLD_TENANT_ROWS} - case when t = 1 then ${DEMO_ENTERPRISE_ROWS} else 0 end) g
       join bench_enterprise e on e.tenant_id = t and e.n = (g * 7919) % ${ENTERPRISES_PER_TENANT}`,
    );
    const rest = BENCH_PROJECTS - OLD_TENANTS * OLD_TENANT_ROWS;
    await step(
      'projects of the other tenants (interleaved)',
      `insert into projects (${projectColumns})
       select g.tenant_id, e.id, ${projectValues('(200000 + g.g)', `timestamptz '2021-01-01' + g.g * interval '2 minutes'`)}
       from (select g, ${OLD_TENANTS + 1} + floor(${BENCH_TENANTS - OLD_TENANTS} * power(((g::bigint * 2654435761) % 1000003) / 1000003.0, 2))::int as tenant_id,
               (g::bigint * 40503) % 1009 as s
             from generate_series(1, ${rest}) g) g
       join bench_enterprise e on e.tenant_id = g.tenant_id
         and e.n = floor(${ENTERPRISES_PER_TENANT} * power(g.s / 1009.0, 2))::int
       order by g.g`,
    );
    await step(
      'project persons',
      `insert into project_persons (tenant_id, enterprise_id, project_id, person_id, status)
       select p.tenant_id, p.enterprise_id, p.id, pe.id, k.status
       from projects p
       cross join (values (0, 1::smallint), (37, 2::smallint)) k(shift, status)
       join lateral (
         select id from persons where tenant_id = p.tenant_id and user_sn = 'BP' || p.tenant_id || '-' || (1 + (p.id + k.shift) % ${PERSONS_PER_TENANT})
       ) pe on true
       where p.id % 2 = 0`,
    );
    await step('vacuum analyze', 'vacuum (analyze) projects, project_persons, enterprises, tenants, persons');
  });
}
