/**
 * Child process of bench/settlement-list.ts, on the seeded database BENCH_DATABASE_URL, listening
 * on the given port; prints `{"port":N}` once listening and answers `cpu` over IPC with its CPU
 * time and the requests it has not answered yet.
 *   node --import tsx bench/settlement-list-server.ts app|naive PORT
 *
 * app    the real app: login, the operation's validation, the permission, the viewer's scope and
 *        the wall, GET /api/sys/order/getSettlementPage as the console calls it
 * naive  Fastify and pg with no login, no validation and no transaction: the page's rows (the
 *        app's shape: the page's ids, then those rows joined to project, enterprise, tenant and
 *        bank name, with each one's paid and unpaid lines) and, in parallel, the count and the
 *        amount total of the whole scope in one plain statement, as a hand-written route would
 */
import { DICT_CODES, fenToYuan } from '@fieldpay/domain';
import type { Role } from './harness';
import { answer, childArguments, demoEnterpriseId, serveApp, serveNaive } from './harness-server';

const { mode, port, url } = childArguments();

/** The naive route's scope per role: what the app's enterpriseScope adds, written by hand. */
function naiveScope(role: Role, enterpriseId: number): string {
  if (role === 'operator') return 'true';
  if (role === 'staff') return 's.tenant_id = 1';
  return `s.tenant_id = 1 and s.enterprise_id = ${enterpriseId}`;
}

const epoch = (date: Date | null) => (date ? date.getTime() : null);

async function naive(): Promise<void> {
  await serveNaive(url, port, async (app, pool) => {
    const enterpriseId = await demoEnterpriseId(pool);
    app.get<{ Querystring: { role: Role; pageNo: string; pageSize?: string } }>('/settlements', async (request) => {
      const pageNo = Number(request.query.pageNo);
      const pageSize = Number(request.query.pageSize ?? 20);
      const where = naiveScope(request.query.role, enterpriseId);
      const [page, totals] = await Promise.all([
        pool.query(
          `select s.*, p.project_name, e.name as enterprise_name, t.name as tenant_name, d.title as bank_title,
           f.paid, f.unpaid, f.unpaid_fen
         from settlements s
         join projects p on p.id = s.project_id
         join enterprises e on e.id = s.enterprise_id
         join tenants t on t.id = s.tenant_id
         left join dict_items d on d.dict_code = $3 and d.value = s.bank_no
         left join lateral (
           select count(*) filter (where l.pay_status = 1)::int as paid,
             count(*) filter (where l.pay_status <> 1)::int as unpaid,
             coalesce(sum(l.amount_fen) filter (where l.pay_status <> 1), 0) as unpaid_fen
           from settlement_lines l where l.tenant_id = s.tenant_id and l.settlement_id = s.id
         ) f on true
         where s.id in (select s.id from settlements s where ${where} order by s.id desc limit $1 offset $2)
         order by s.id desc`,
          [pageSize, (pageNo - 1) * pageSize, DICT_CODES.bankType],
        ),
        pool.query(
          `select count(*)::int as n, coalesce(sum(s.amount_fen), 0) as fen from settlements s where ${where}`,
        ),
      ]);
      return answer({
        records: page.rows.map((row) => ({
          id: row.id,
          settlementSn: row.settlement_sn,
          projectId: row.project_id,
          projectName: row.project_name,
          visitTypeId: row.visit_type_id,
          enterpriseId: row.enterprise_id,
          enterpriseName: row.enterprise_name,
          tenantId: row.tenant_id,
          tenantName: row.tenant_name,
          amount: fenToYuan(Number(row.amount_fen)),
          fee: fenToYuan(Number(row.fee_fen)),
          totalTask: row.total_task,
          totalPersonNum: row.total_person_num,
          settlementNum: row.paid ?? 0,
          unSettlementNum: row.unpaid ?? row.total_person_num,
          unPayAmount: fenToYuan(Number(row.unpaid_fen ?? row.amount_fen)),
          auditStatus: row.audit_status,
          payStatus: row.pay_status,
          enterprisePayStatus: row.enterprise_pay_status,
          voucherStatus: row.voucher_status,
          bankNo: row.bank_no,
          bankNo_dictText: row.bank_title ?? row.bank_no ?? '',
          yurref: row.yurref ?? '',
          createName: row.create_name,
          createTime: row.created_at.getTime(),
          auditTime: epoch(row.audit_time),
          enterprisePayTime: epoch(row.enterprise_pay_time),
          settlementTime: epoch(row.settlement_time),
          revokeTime: epoch(row.revoke_time),
          remarks: row.audit_remarks || row.remarks,
        })),
        total: totals.rows[0].n,
        totalAmount: fenToYuan(Number(totals.rows[0].fen)),
      });
    });
  });
}

if (mode === 'naive') await naive();
else if (mode === 'app') await serveApp(url, port);
else throw new Error(`unknown mode ${mode}`);
