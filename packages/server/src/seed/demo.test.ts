import { isUnifiedSocialCreditCode, TASK_TYPES } from '@fieldpay/domain';
import { describe, expect, it } from 'vitest';
import { authHeaders, login, useTestApp } from '../../test/app';
import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  customers,
  enterprises,
  organisations,
  projectOperationLogs,
  projects,
  projectServiceTypes,
  tasks,
} from '../db/schema';
import { DEMO_ACCOUNTS, fakeCreditCode, seedDemo, seedDemoData } from './demo';

const t = useTestApp();

describe('demo data', () => {
  // seeding the whole demo through the services takes 30-70 s on a loaded 2-core machine: the
  // timeout is there to catch a hang, not to time the seed
  it('seeds once, and the README accounts log in with the right scope', { timeout: 300_000 }, async () => {
    expect(await seedDemo(t.services, t.modules)).toBe(true);
    expect(await seedDemoData(t.database.db, t.modules)).toBe(false);

    const admin = await login(
      t.app,
      'platform',
      DEMO_ACCOUNTS.platformAdmin.username,
      DEMO_ACCOUNTS.platformAdmin.password,
    );
    expect(admin).toMatchObject({ userIdentity: 1, tenant: { id: 0 } });
    const overview = await t.app.inject({
      method: 'GET',
      url: '/api/sys/dashboard/overview',
      headers: authHeaders(admin),
    });
    expect(overview.json().result.tenantCount).toBe(3);
    expect(overview.json().result.enterpriseCount).toBeGreaterThanOrEqual(20);

    const staff = await login(
      t.app,
      'platform',
      DEMO_ACCOUNTS.tenantStaff.username,
      DEMO_ACCOUNTS.tenantStaff.password,
    );
    expect(staff.userIdentity).toBe(2);
    expect(staff.tenant.tenantName).toBe('华东众包服务平台');

    const enterprise = await login(
      t.app,
      'enterprise',
      DEMO_ACCOUNTS.enterpriseUser.username,
      DEMO_ACCOUNTS.enterpriseUser.password,
    );
    expect(enterprise.tenantList).toHaveLength(2);
    expect(enterprise.enterprise?.enterpriseName).toBe('杭州星联医药科技有限公司');
    const running = await t.app.inject({
      method: 'GET',
      url: '/api/sys/project/countByStatus?status=4',
      headers: authHeaders(enterprise),
    });
    // two of the projects demo's, and the tasks demo's project of every service type
    expect(running.json().result).toBe(3);
  });

  it('made its projects through the services: every reachable status, real dates, no end before the start', async () => {
    const rows = await t.database.db.select().from(projects).orderBy(asc(projects.id));
    expect(new Set(rows.map((row) => row.projectStatus))).toEqual(new Set([0, 1, 2, 3, 4, 6]));
    // created over months, not in one second
    const created = rows.map((row) => row.createdAt.getTime());
    expect(Math.max(...created) - Math.min(...created)).toBeGreaterThan(90 * 86_400_000);
    const today = new Date('2026-11-21T10:00:00+08:00').getTime();
    for (const row of rows) {
      expect(row.startTime && row.endTime && row.startTime < row.endTime, row.projectName).toBe(true);
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(today);
      if (row.projectStatus === 2) {
        expect(row.stopTime && row.startTime && row.stopTime > row.startTime && row.stopTime.getTime() <= today).toBe(
          true,
        );
      } else {
        expect(row.stopTime).toBeNull();
      }
      if (row.projectStatus === 4 || row.projectStatus === 3) expect(row.endTime?.getTime()).toBeGreaterThan(today);
    }
    // each project's history is in its log, oldest first
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(projectOperationLogs)
      .where(and(eq(projectOperationLogs.action, 'create'), gt(projectOperationLogs.projectId, 0)));
    expect(n).toBe(rows.length);
    const outOfOrder = await t.database.db.execute(sql`
      select 1 from project_operation_logs a join project_operation_logs b
        on a.project_id = b.project_id and a.id < b.id and a.created_at > b.created_at limit 1`);
    expect(outOfOrder.rows).toHaveLength(0);
    // the platform opened before the enterprise registered, and the enterprise before its projects
    const early = await t.database.db.execute(sql`
      select e.name from enterprises e join tenants t on t.id = e.tenant_id
       where e.created_at < t.created_at
          or exists (select 1 from projects p where p.enterprise_id = e.id and p.created_at < e.created_at)`);
    expect(early.rows).toHaveLength(0);
    expect(
      new Set((await t.database.db.select().from(enterprises)).map((row) => row.createdAt.getTime())).size,
    ).toBeGreaterThan(3);
  });

  it('made tasks through the worker API: every state of every task type on two tenants, within the project dates', async () => {
    const rows = await t.database.db
      .select({
        tenantId: tasks.tenantId,
        visitTypeId: tasks.visitTypeId,
        status: tasks.status,
        auditStatus: tasks.auditStatus,
        remarks: tasks.remarks,
        actTime: tasks.actTime,
        takeTime: tasks.takeTime,
        startTime: tasks.startTime,
        projectStart: projects.startTime,
      })
      .from(tasks)
      .innerJoin(projects, eq(projects.id, tasks.projectId));
    const tenantsWithTasks = new Set(rows.map((row) => row.tenantId));
    expect(tenantsWithTasks.size).toBe(2);
    const today = new Date('2026-11-21T10:00:00+08:00').getTime();
    for (const tenantId of tenantsWithTasks) {
      for (const visitTypeId of Object.keys(TASK_TYPES)) {
        const states = new Set(
          rows
            .filter((row) => row.tenantId === tenantId && row.visitTypeId === visitTypeId)
            .map((row) => `${row.status}/${row.auditStatus}`),
        );
        // open, taken, auto-passed, auto-rejected, approved, rejected
        expect([...states].sort(), visitTypeId).toEqual(['0/0', '1/0', '2/1', '2/2', '2/3', '2/4']);
      }
    }
    for (const row of rows) {
      expect(row.startTime.getTime()).toBeGreaterThanOrEqual(row.projectStart?.getTime() ?? 0);
      if (row.actTime) expect(row.actTime.getTime()).toBeLessThan(today);
      if (row.takeTime && row.actTime) expect(row.takeTime.getTime()).toBeLessThan(row.actTime.getTime());
      if (row.auditStatus === 1) expect(row.remarks).not.toBe('');
      if (row.auditStatus === 4) expect(row.remarks).toBe('');
    }
    // the track: positions reported during each on-site stay, between its check-in and check-out
    const positions = await t.database.db.execute<{ tenant_id: number; outside: number }>(sql`
      select p.tenant_id, count(*) filter (where p.reported_at <= i.signed_at or p.reported_at >= o.signed_at)::int as outside
      from task_positions p
        join task_sign_records i on i.task_id = p.task_id and i.kind = 1
        join task_sign_records o on o.task_id = p.task_id and o.kind = 2
      group by p.tenant_id`);
    expect(positions.rows.map((row) => row.tenant_id).sort()).toEqual([...tenantsWithTasks].sort());
    for (const row of positions.rows) expect(row.outside).toBe(0);
    // the ordinary service's work places: the reviewed terminals, each with its address (工作地点)
    const places = await t.database.db
      .select({ tenantId: projectServiceTypes.tenantId, orgList: projectServiceTypes.orgList })
      .from(projectServiceTypes)
      .innerJoin(projects, eq(projects.id, projectServiceTypes.projectId))
      .where(and(eq(projectServiceTypes.visitId, 'cgfw'), eq(projects.projectName, '全渠道终端服务示范项目')));
    expect(places.map((row) => row.tenantId).sort()).toEqual([...tenantsWithTasks].sort());
    for (const { orgList } of places) {
      expect(orgList).toHaveLength(5);
      const terminals = await t.database.db
        .select({ address: organisations.address, auditStatus: organisations.auditStatus })
        .from(organisations)
        .where(
          inArray(
            organisations.id,
            orgList.map((org) => org.id),
          ),
        );
      expect(terminals).toHaveLength(5);
      for (const terminal of terminals)
        expect(terminal).toMatchObject({ address: expect.stringMatching(/号/), auditStatus: 1 });
    }
  });

  it('made customers in every audit and certificate state on two tenants, which 客户审核 lists for the staff', async () => {
    const rows = await t.database.db
      .select({ tenantId: customers.tenantId, auditStatus: customers.auditStatus, authStatus: customers.authStatus })
      .from(customers);
    // pending, rejected; passed without a certificate, certified, awaiting and rejected certificates
    const everyState = ['0/0', '1/0', '1/1', '1/2', '1/3', '2/0'];
    const complete = [...new Set(rows.map((row) => row.tenantId))].filter((tenantId) => {
      const states = new Set(
        rows.filter((row) => row.tenantId === tenantId).map((row) => `${row.auditStatus}/${row.authStatus}`),
      );
      return everyState.every((state) => states.has(state));
    });
    expect(complete).toHaveLength(2);
    const staff = await login(
      t.app,
      'platform',
      DEMO_ACCOUNTS.tenantStaff.username,
      DEMO_ACCOUNTS.tenantStaff.password,
    );
    const pending = await t.app.inject({
      method: 'GET',
      url: '/api/sys/customer/queryList',
      query: { auditStatus: '0' },
      headers: authHeaders(staff),
    });
    expect(pending.json().result.total).toBeGreaterThanOrEqual(2);
  });

  it('made settlements through the services: every state on two tenants, the ledger balanced', async () => {
    const { rows } = await t.database.executeSql(
      `select tenant_id, audit_status, enterprise_pay_status, pay_status from settlements order by id`,
    );
    const byTenant = new Map<number, Set<string>>();
    for (const row of rows) {
      const states = byTenant.get(Number(row.tenant_id)) ?? new Set<string>();
      states.add(`${row.audit_status}/${row.enterprise_pay_status}/${row.pay_status}`);
      byTenant.set(Number(row.tenant_id), states);
    }
    expect(byTenant.size).toBe(2);
    for (const states of byTenant.values())
      expect([...states].sort()).toEqual(['-1/0/0', '1/0/0', '2/1/0', '2/2/1', '2/2/2', '2/2/3', '3/0/0']);
    // each tenant's two paid-out settlements (the first service type's, and the survey tasks' made
    // again after the withdrawal) have their statements, and one waiting for the audit an attachment
    const documents = await t.database.executeSql(
      `select s.tenant_id,
         count(*) filter (where s.voucher_status = 2)::int as statements,
         (select count(*)::int from settlement_attachments a where a.tenant_id = s.tenant_id and a.del_flag = 0) as attachments
       from settlements s group by s.tenant_id order by s.tenant_id`,
    );
    expect(documents.rows.map((row) => [row.statements, row.attachments])).toEqual([
      [2, 1],
      [2, 1],
    ]);
    // and their reports (decision 0026): generated, the survey's a questionnaire, the other with a report file
    const reports = await t.database.executeSql(
      `select r.tenant_id, s.visit_type_id, r.status, jsonb_array_length(r.report_file_ids)::int as files
       from settlement_reports r join settlements s on s.id = r.settlement_id order by r.tenant_id, s.visit_type_id`,
    );
    expect(reports.rows.map((row) => [row.visit_type_id, row.status, row.files])).toEqual([
      ['cgfw', 2, 1],
      ['wjdy', 2, 0],
      ['cgfw', 2, 1],
      ['wjdy', 2, 0],
    ]);
    const unbalanced = await t.database.executeSql(
      'select entry_id from ledger_postings group by entry_id having sum(amount_fen) <> 0',
    );
    expect(unbalanced.rows).toHaveLength(0);
  });

  it('made the README company’s withdrawals: paid on each platform, one failed whose money came back', async () => {
    const { rows } = await t.database.executeSql(
      `select w.tenant_id, w.status, w.failure_reason,
         (select count(*)::int from ledger_entries e where e.entry_type = 'withdrawReturned' and e.reference = w.yurref) as returned
       from enterprise_withdrawals w order by w.tenant_id, w.id`,
    );
    expect(rows.map((row) => [row.status, row.failure_reason, row.returned])).toEqual([
      [1, null, 0],
      [2, '收款人户名与账号不符', 1],
      [1, null, 0],
    ]);
    expect(new Set(rows.map((row) => row.tenant_id)).size).toBe(2);
    // each answered after it was made, and every paying bank's flows in the order of time
    const early = await t.database.executeSql(
      'select id from enterprise_withdrawals where finished_at is null or finished_at < created_at',
    );
    expect(early.rows).toEqual([]);
    const outOfOrder = await t.database.executeSql(
      `select p.id from ledger_postings p
         join ledger_entries e on e.id = p.entry_id
         join ledger_accounts a on a.id = p.account_id and a.kind = 'enterprise'
       where e.posted_at < (select max(e2.posted_at) from ledger_postings p2 join ledger_entries e2 on e2.id = p2.entry_id
                            where p2.account_id = p.account_id and p2.id < p.id)`,
    );
    expect(outOfOrder.rows).toEqual([]);
  });

  it('made person agreements in both sign states, each signed after it was offered and its person registered', async () => {
    const states = await t.database.db.execute(sql`
      select count(*) filter (where signed_at is null) as unsigned, count(*) filter (where signed_at is not null) as signed
      from person_agreements`);
    const [{ unsigned, signed }] = states.rows as Array<{ unsigned: number | string; signed: number | string }>;
    expect(Number(unsigned)).toBeGreaterThan(0);
    expect(Number(signed)).toBeGreaterThan(0);
    const early = await t.database.db.execute(sql`
      select 1 from person_agreements a join persons p on p.id = a.person_id
      where a.signed_at < a.created_at or a.created_at < p.created_at limit 1`);
    expect(early.rows).toHaveLength(0);
    const withoutText = await t.database.db.execute(sql`select 1 from contracts where content = '' limit 1`);
    expect(withoutText.rows).toHaveLength(0);
  });

  it('credit codes pass the GB 32100 checksum', () => {
    for (let i = 0; i < 50; i++) expect(isUnifiedSocialCreditCode(fakeCreditCode())).toBe(true);
  });
});
