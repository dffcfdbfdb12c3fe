/**
 * Child process of bench/project-persons.ts, on the seeded database BENCH_DATABASE_URL, listening
 * on the given port; prints `{"port":N}` once listening and answers `cpu` over IPC.
 *   node --import tsx bench/project-persons-server.ts app|naive PORT
 *
 * app    the real app: GET /api/sys/project/personList as the console calls it (login, the
 *        operation's validation, projectManage:list:view, the project in the viewer's scope, the wall)
 * naive  Fastify and pg with no login, no validation and no transaction: the same aggregate (the
 *        distinct persons of the project's tasks counted and paged with their task counts in
 *        parallel, then those persons, their default verified cards and their paid-out sums in
 *        parallel), masked as the app masks them
 */
import { fenToYuan, maskBankCard, maskIdCard, maskPhone } from '@fieldpay/domain';
import { answer, childArguments, serveApp, serveNaive } from './harness-server';

const { mode, port, url } = childArguments();

async function naive(): Promise<void> {
  await serveNaive(url, port, async (app, pool) => {
    app.get<{ Querystring: { projectId: string; pageNo: string; pageSize?: string } }>('/persons', async (request) => {
      const projectId = Number(request.query.projectId);
      const pageSize = Number(request.query.pageSize ?? 10);
      const offset = (Number(request.query.pageNo) - 1) * pageSize;
      const [project] = (await pool.query('select tenant_id from projects where id = $1', [projectId])).rows;
      const tenantId = project.tenant_id as number;
      const worked = 'tenant_id = $1 and project_id = $2 and person_id is not null';
      const [count, page] = await Promise.all([
        pool.query(`select count(distinct person_id)::int as n from tasks where ${worked}`, [tenantId, projectId]),
        pool.query(
          `select person_id, count(*)::int as task_count from tasks where ${worked}
             group by person_id order by person_id limit $3 offset $4`,
          [tenantId, projectId, pageSize, offset],
        ),
      ]);
      const ids = page.rows.map((row) => row.person_id as number);
      const [people, cards, settled] = await Promise.all([
        pool.query('select id, name, phone, id_card from persons where tenant_id = $1 and id = any($2)', [
          tenantId,
          ids,
        ]),
        pool.query(
          `select person_id, account_no, bank_name from person_bank_cards
             where tenant_id = $1 and person_id = any($2) and verified = 1 and is_default = 1`,
          [tenantId, ids],
        ),
        pool.query(
          `select l.person_id, sum(l.received_fen) as fen from settlement_lines l
             join settlements s on s.id = l.settlement_id
             where l.tenant_id = $1 and s.project_id = $2 and l.pay_status = 1 and l.person_id = any($3)
             group by l.person_id`,
          [tenantId, projectId, ids],
        ),
      ]);
      const byId = <T extends { id?: number; person_id?: number }>(rows: T[]) =>
        new Map(rows.map((row) => [row.id ?? row.person_id, row]));
      const person = byId(people.rows);
      const card = byId(cards.rows);
      const paid = byId(settled.rows);
      return answer({
        total: count.rows[0].n,
        records: page.rows.map((row) => {
          const p = person.get(row.person_id);
          const c = card.get(row.person_id);
          return {
            userId: row.person_id,
            userName: p?.name ?? '',
            phone: maskPhone(p?.phone ?? ''),
            idCard: p?.id_card ? maskIdCard(p.id_card) : '',
            bankCard: c ? maskBankCard(c.account_no) : '',
            bankName: c?.bank_name ?? '',
            taskCount: row.task_count,
            settledFee: fenToYuan(Number(paid.get(row.person_id)?.fen ?? 0)),
          };
        }),
      });
    });
  });
}

if (mode === 'naive') await naive();
else if (mode === 'app') await serveApp(url, port);
else throw new Error(`unknown mode ${mode}`);
