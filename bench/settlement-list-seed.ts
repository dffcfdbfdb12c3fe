/**
 * The data of bench/settlement-list.ts: the demo accounts, then 100 tenants holding 1,000,000
 * settlements and about 2,000,000 settlement lines, written by generate_series in a few
 * statements (not through the services: a bench's data, not the product's).
 *
 * The shape follows bench/project-list-seed.ts: tenants 1-5 are old (every settlement of theirs was
 * written before any of the others', so a newest-first walk of the primary key passes 900,000
 * foreign rows before it reaches theirs); the demo enterprise (the enterprise user's, tenant 1)
 * holds 10,000 of tenant 1's 20,000; the other 95 tenants share 900,000 interleaved by id, the
 * smaller tenant ids much larger. Each tenant has 20 more enterprises with 5 projects each and 100
 * persons. The states follow spec 2 §4 in a realistic mix (most settled, some waiting for audit,
 * approved and unpaid, paying, refused, withdrawn, a few with failed payouts); each settlement has
 * 1 to 3 lines whose pay status matches it and whose amounts add up to it.
 */
import { prepareBenchData, seedTenantsEnterprisesPersons } from './seed-support';

export const BENCH_TENANTS = 100;
export const BENCH_SETTLEMENTS = 1_000_000;
/** rows of tenant 1's demo enterprise (the enterprise user's), and of each old tenant */
export const DEMO_ENTERPRISE_ROWS = 10_000;
const OLD_TENANT_ROWS = 20_000;
const OLD_TENANTS = 5;
const ENTERPRISES_PER_TENANT = 20;
const PROJECTS_PER_ENTERPRISE = 5;
const PERSONS_PER_TENANT = 100;

/**
 * The states of spec 2 §4 as (auditStatus, enterprisePayStatus, payStatus, line pay status), one per
 * twentieth: 60% settled, 10% waiting for audit, 10% approved and unpaid, 5% each paying, refused,
 * withdrawn and settled with failed payouts (结算异常).
 */
const STATES = [
  ...Array(12).fill('(2, 2, 2, 1)'),
  '(1, 0, 0, 0)',
  '(1, 0, 0, 0)',
  '(2, 0, 0, 0)',
  '(2, 0, 0, 0)',
  '(2, 2, 0, 4)',
  '(3, 0, 0, 0)',
  '(-1, 0, 0, 0)',
  '(2, 2, 3, 2)',
];

/** Migrates (so a kept database gets new migrations too) and, unless already there, seeds. */
export function prepare(url: string, log: (line: string) => void): Promise<void> {
  return prepareBenchData(url, 'bench_settlements_seeded', log, async (step, client) => {
    const demoEnterprise = await seedTenantsEnterprisesPersons(step, client, {
      tenants: BENCH_TENANTS,
      enterprisesPerTenant: ENTERPRISES_PER_TENANT,
      personsPerTenant: PERSONS_PER_TENANT,
    });
    await step(
      'projects',
      `insert into projects (tenant_id, enterprise_id, project_sn, project_name, project_status, processed, start_time, end_time, created_at)
       select e.tenant_id, e.id, 'BJ' || e.id || '-' || p,
         (array['心血管', '慢病管理', '疫苗', '眼科'])[1 + (e.id + p) % 4] || '结算压测项目' || e.id || '-' || p,
         4, 1, timestamptz '2019-01-01', timestamptz '2030-01-01', timestamptz '2019-01-01'
       from enterprises e, generate_series(1, ${PROJECTS_PER_ENTERPRISE}) p
       where e.enterprise_sn like 'BQ%' or e.id = ${demoEnterprise}`,
    );
    // each enterprise's projects numbered 0..4, each tenant's enterprises 0..19 (the demo enterprise is tenant 1's 20th)
    await client.query(
      `create temp table bench_project as
         select p.tenant_id, p.enterprise_id, p.id,
           (dense_rank() over (partition by p.tenant_id order by case when p.enterprise_id = ${demoEnterprise} then 1 else 0 end, p.enterprise_id) - 1)::int as e,
           (row_number() over (partition by p.enterprise_id order by p.id) - 1)::int as n
         from projects p where p.project_sn like 'BJ%';
       create index on bench_project (tenant_id, e, n);
       create temp table bench_person as
         select tenant_id, id, (row_number() over (partition by tenant_id order by id) - 1)::int as n
         from persons where user_sn like 'BP%';
       create index on bench_person (tenant_id, n);
       create temp table bench_state (bucket int, audit_status int, enterprise_pay_status int, pay_status int, line_status int);
       insert into bench_state select row_number() over () - 1, s.* from (values ${STATES.join(', ')}) s;
       analyze bench_project; analyze bench_person; analyze bench_state;`,
    );
    /** the row of the settlement with serial `serial` of `tenant`, in enterprise number `enterprise` */
    const settlementInsert = (name: string, source: string) =>
      step(
        name,
        `insert into settlements (tenant_id, enterprise_id, settlement_sn, request_id, project_id, visit_type_id,
           tax_model, amount_fen, pay_fen, fee_fen, total_task, total_person_num, audit_status, enterprise_pay_status,
           pay_status, voucher_status, create_name, audit_user_name, audit_time, bank_no, yurref,
           enterprise_pay_time, settlement_time, revoke_time, created_at, updated_at)
         select g.tenant_id, p.enterprise_id, 'JS' || lpad(g.serial::text, 10, '0'), 'bench-' || g.serial, p.id,
           (array['cgfw', 'xsfw', 'dyfw'])[1 + g.serial % 3], (g.serial % 2)::smallint,
           k.lines * (k.pay + k.fee), k.lines * k.pay, k.lines * k.fee, k.lines * (1 + g.serial % 4), k.lines,
           st.audit_status, st.enterprise_pay_status, st.pay_status, (case when st.pay_status = 2 then g.serial % 2 else 0 end)::smallint,
           '压测人员', case when st.audit_status in (2, 3) then '平台审核员' else '' end,
           case when st.audit_status in (2, 3) then g.created + interval '1 hour' end,
           case when st.enterprise_pay_status > 0 then 'CMB' end,
           case when st.enterprise_pay_status > 0 then 'BS' || g.serial end,
           case when st.enterprise_pay_status > 0 then g.created + interval '2 hours' end,
           case when st.pay_status = 2 then g.created + interval '3 hours' end,
           case when st.audit_status = -1 then g.created + interval '30 minutes' end,
           g.created, g.created
         from (${source}) g
         join bench_project p on p.tenant_id = g.tenant_id and p.e = g.e and p.n = g.serial % ${PROJECTS_PER_ENTERPRISE}
         join bench_state st on st.bucket = (g.serial * 7) % ${STATES.length}
         cross join lateral (select 1 + g.serial % 3 as lines, 5000 + (g.serial % 97) * 1000 as pay,
           (5000 + (g.serial % 97) * 1000) * 6 / 100 as fee) k
         order by g.serial`,
      );
    // old rows first: the demo enterprise's (enterprise number 20 of tenant 1), then the rest of tenants 1-5
    await settlementInsert(
      'settlements of the demo enterprise (old)',
      `select 1 as tenant_id, ${ENTERPRISES_PER_TENANT} as e, g as serial,
         timestamptz '2019-01-01' + g * interval '1 minute' as created
       from generate_series(1, ${DEMO_ENTERPRISE_ROWS}) g`,
    );
    await settlementInsert(
      `settlements of tenants 1-${OLD_TENANTS} (old)`,
      `select t as tenant_id, (g * 7919) % ${ENTERPRISES_PER_TENANT} as e, ${DEMO_ENTERPRISE_ROWS} + (t - 1) * ${OLD_TENANT_ROWS} + g as serial,
         timestamptz '2019-06-01' + g * interval '1 minute' as created
       from generate_series(1, ${OLD_TENANTS}) t
       cross join generate_series(1, ${OLD_TENANT_ROWS} - case when t = 1 then ${DEMO_ENTERPRISE_ROWS} else 0 end) g`,
    );
    const rest = BENCH_SETTLEMENTS - OLD_TENANTS * OLD_TENANT_ROWS;
    await settlementInsert(
      'settlements of the other tenants (interleaved)',
      `select ${OLD_TENANTS + 1} + floor(${BENCH_TENANTS - OLD_TENANTS} * power(((g::bigint * 2654435761) % 1000003) / 1000003.0, 2))::int as tenant_id,
         floor(${ENTERPRISES_PER_TENANT} * power(((g::bigint * 40503) % 1009) / 1009.0, 2))::int as e,
         ${DEMO_ENTERPRISE_ROWS + OLD_TENANTS * OLD_TENANT_ROWS} + g as serial,
         timestamptz '2021-01-01' + g * interval '2 minutes' as created
       from generate_series(1, ${rest}) g`,
    );
    await step(
      'settlement lines',
      `insert into settlement_lines (tenant_id, enterprise_id, settlement_id, person_id, sub_order_num, total_task,
         pay_fen, fee_fen, amount_fen, received_fen, pay_status, third_pay_status, is_success, failure_msg,
         account_no, account_name, bank_name, pay_time, created_at, updated_at)
       select s.tenant_id, s.enterprise_id, s.id, pe.id, s.settlement_sn || '-' || i, s.total_task / s.total_person_num,
         s.pay_fen / s.total_person_num, s.fee_fen / s.total_person_num, s.amount_fen / s.total_person_num,
         s.pay_fen / s.total_person_num, ls.status,
         case ls.status when 1 then 2 when 2 then 3 when 4 then 1 else 0 end, 1,
         case ls.status when 2 then '收款人户名与账号不符' else '' end,
         '6222' || lpad(pe.id::text, 15, '0'), '压测人员', '中国工商银行',
         case when ls.status = 1 then s.created_at + interval '3 hours' end, s.created_at, s.created_at
       from settlements s
       cross join generate_series(1, 3) i
       join (select distinct audit_status, enterprise_pay_status, pay_status, line_status from bench_state) st
         on st.audit_status = s.audit_status and st.enterprise_pay_status = s.enterprise_pay_status
         and st.pay_status = s.pay_status
       cross join lateral (select case when st.line_status = 2 and i > 1 then 1 else st.line_status end as status) ls
       join bench_person pe on pe.tenant_id = s.tenant_id and pe.n = (s.id * 31 + i * 7) % ${PERSONS_PER_TENANT}
       where s.settlement_sn like 'JS%' and i <= s.total_person_num
       order by s.id, i`,
    );
    await step(
      'vacuum analyze',
      'vacuum (analyze) settlements, settlement_lines, projects, enterprises, tenants, persons',
    );
  });
}
