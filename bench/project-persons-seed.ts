/**
 * The data of bench/project-persons.ts: the demo accounts, then 100 tenants with 10,000 projects
 * (100 each) and 1,000,000 tasks (100 per project), written by generate_series.
 *
 * Each tenant has 5 more enterprises and 500 persons, each person a verified default bank card.
 * A project's 100 tasks went to 40 of its tenant's persons (a different 40 per project) except
 * every tenth, still open; one settlement per project paid out its first 10 persons. Tenant 1's
 * first 20 projects are the demo enterprise's (the enterprise user's).
 */
import { prepareBenchData, seedTenantsEnterprisesPersons } from './seed-support';

export const BENCH_TENANTS = 100;
const PROJECTS_PER_TENANT = 100;
const TASKS_PER_PROJECT = 100;
/** the persons each project's tasks went to (36 of them took one: every tenth task is open) */
export const WORKERS_PER_PROJECT = 40;
const PAID_PER_PROJECT = 10;
const ENTERPRISES_PER_TENANT = 5;
const PERSONS_PER_TENANT = 500;
const DEMO_ENTERPRISE_PROJECTS = 20;

export function prepare(url: string, log: (line: string) => void): Promise<void> {
  return prepareBenchData(url, 'bench_project_persons_seeded', log, async (step, client) => {
    const demoEnterprise = await seedTenantsEnterprisesPersons(step, client, {
      tenants: BENCH_TENANTS,
      enterprisesPerTenant: ENTERPRISES_PER_TENANT,
      personsPerTenant: PERSONS_PER_TENANT,
    });
    await step(
      'bank cards',
      `insert into person_bank_cards (tenant_id, person_id, account_no, account_name, bank_name, verified, is_default)
       select tenant_id, id, '6222' || lpad(id::text, 15, '0'), name, '中国工商银行', 1, 1
       from persons where user_sn like 'BP%'`,
    );
    await client.query(
      `create temp table bench_enterprise as
         select tenant_id, (row_number() over (partition by tenant_id order by id) - 1)::int as n, id
         from enterprises where enterprise_sn like 'BQ%';
       create temp table bench_person as
         select tenant_id, id, (row_number() over (partition by tenant_id order by id) - 1)::int as n
         from persons where user_sn like 'BP%';
       create index on bench_person (tenant_id, n);
       analyze bench_enterprise; analyze bench_person;`,
    );
    await step(
      'projects',
      `insert into projects (tenant_id, enterprise_id, project_sn, project_name, project_status, processed, start_time, end_time, created_at)
       select t, case when t = 1 and g <= ${DEMO_ENTERPRISE_PROJECTS} then ${demoEnterprise} else e.id end,
         'BR' || t || '-' || g, (array['心血管', '慢病管理', '疫苗', '眼科'])[1 + g % 4] || '人员压测项目' || t || '-' || g,
         4, 1, timestamptz '2025-01-01' + g * interval '1 day', timestamptz '2027-01-01', timestamptz '2025-01-01' + g * interval '1 day'
       from generate_series(1, ${BENCH_TENANTS}) t
       cross join generate_series(1, ${PROJECTS_PER_TENANT}) g
       join bench_enterprise e on e.tenant_id = t and e.n = g % ${ENTERPRISES_PER_TENANT}`,
    );
    await client.query(
      `create temp table bench_project as
         select tenant_id, enterprise_id, id, (row_number() over (partition by tenant_id order by id) - 1)::int as n
         from projects where project_sn like 'BR%';
       analyze bench_project;`,
    );
    await step(
      'service types',
      `insert into project_service_types (tenant_id, enterprise_id, project_id, visit_parent_id, visit_id)
       select p.tenant_id, p.enterprise_id, p.id, coalesce(tt.parent_code, tt.code), tt.code
       from bench_project p, task_types tt where tt.code = 'cgfw'`,
    );
    // the k-th task of project n went to person (n * 7 + k % 40) % 500 of its tenant; every tenth is open
    await step(
      'tasks',
      `insert into tasks (tenant_id, enterprise_id, project_id, service_type_id, visit_type_id, task_sn, title,
         start_time, end_time, person_id, take_time, status, audit_status, price_fen, created_at)
       select p.tenant_id, p.enterprise_id, p.id, st.id, 'cgfw', 'BT' || p.id || '-' || k, '终端拜访任务' || k,
         timestamptz '2025-06-01', timestamptz '2026-06-01',
         case when k % 10 = 0 then null else pe.id end,
         case when k % 10 = 0 then null else timestamptz '2025-06-02' end,
         case when k % 10 = 0 then 0 else 2 end, case when k % 10 = 0 then 0 else 2 end, 3000,
         timestamptz '2025-06-01'
       from bench_project p
       join project_service_types st on st.tenant_id = p.tenant_id and st.project_id = p.id
       cross join generate_series(1, ${TASKS_PER_PROJECT}) k
       join bench_person pe on pe.tenant_id = p.tenant_id
         and pe.n = (p.n * 7 + k % ${WORKERS_PER_PROJECT}) % ${PERSONS_PER_TENANT}
       order by p.id, k`,
    );
    await step(
      'settlements',
      `insert into settlements (tenant_id, enterprise_id, settlement_sn, request_id, project_id, visit_type_id,
         tax_model, amount_fen, pay_fen, fee_fen, total_task, total_person_num, audit_status, enterprise_pay_status,
         pay_status, voucher_status, create_name, audit_user_name, bank_no, yurref, created_at, updated_at)
       select p.tenant_id, p.enterprise_id, 'JR' || p.id, 'bench-persons-' || p.id, p.id, 'cgfw', 0,
         ${PAID_PER_PROJECT} * 6360, ${PAID_PER_PROJECT} * 6000, ${PAID_PER_PROJECT} * 360, ${PAID_PER_PROJECT} * 2,
         ${PAID_PER_PROJECT}, 2, 2, 2, 0, '压测人员', '平台审核员', 'CMB', 'BR' || p.id,
         timestamptz '2026-07-01', timestamptz '2026-07-01'
       from bench_project p`,
    );
    await step(
      'settlement lines',
      `insert into settlement_lines (tenant_id, enterprise_id, settlement_id, person_id, sub_order_num, total_task,
         pay_fen, fee_fen, amount_fen, received_fen, pay_status, third_pay_status, is_success, failure_msg,
         account_no, account_name, bank_name, pay_time, created_at, updated_at)
       select s.tenant_id, s.enterprise_id, s.id, pe.id, s.settlement_sn || '-' || i, 2, 6000, 360, 6360, 6000, 1, 2, 1, '',
         '6222' || lpad(pe.id::text, 15, '0'), '压测人员', '中国工商银行', timestamptz '2026-07-02',
         timestamptz '2026-07-01', timestamptz '2026-07-01'
       from settlements s
       join bench_project p on p.id = s.project_id
       cross join generate_series(1, ${PAID_PER_PROJECT}) i
       join bench_person pe on pe.tenant_id = p.tenant_id and pe.n = (p.n * 7 + i) % ${PERSONS_PER_TENANT}
       where s.settlement_sn like 'JR%'`,
    );
    await step(
      'vacuum analyze',
      'vacuum (analyze) tasks, projects, project_service_types, persons, person_bank_cards, settlements, settlement_lines',
    );
  });
}
