import { fenToYuan, maskBankCard, maskIdCard, maskPhone, type Page, type ProjectPersonRecord } from '@fieldpay/domain';
import { sql } from 'drizzle-orm';
import type { Viewer } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { executeNamed } from '../../db/paging';
import { persons, projects, tasks } from '../../db/schema';
import { defaultCardOf } from '../persons/service';
import { paidOutOnProject } from '../settlements/queries';
import { projectMissing } from './detail';
import { projectScope } from './service';

interface PersonListRow {
  enterprise_id: number;
  total: number;
  person_id: number | null;
  task_count: number | null;
  name: string | null;
  phone: string | null;
  id_card: string | null;
  account_no: string | null;
  bank_name: string | null;
  paid_fen: string | null;
}

/**
 * The project person list (spec 2 §2.4, the summary's drill-down 4): the persons who took the
 * project's tasks, with their task count and what they were paid out on its settlements. Personal
 * data is masked (the unmasked view is the persons area's, behind its SMS check).
 *
 * One statement: the project in the viewer's scope (no row: not found), its persons counted and
 * paged by their tasks, and each page row's person, default card and paid-out sum. It travels with
 * the request's opening (BEGIN and the scope), so the list costs one round trip and COMMIT, and is
 * prepared once per connection (db/paging.ts executeNamed): its plan costs more than its run.
 */
export async function projectPersonList(
  db: DbOrTx,
  viewer: Viewer,
  query: { projectId: number; enterpriseId?: number; pageNo: number; pageSize: number },
): Promise<Page<ProjectPersonRecord>> {
  const rows = await executeNamed<PersonListRow>(
    db,
    sql`
    with project as (
      select ${projects.id} as id, ${projects.tenantId} as tenant_id, ${projects.enterpriseId} as enterprise_id
      from ${projects} where ${projects.id} = ${query.projectId} and ${projectScope(viewer) ?? sql`true`}
    ), worked as (
      select ${tasks.personId} as person_id, count(*)::int as task_count
      from ${tasks} join project on ${tasks.tenantId} = project.tenant_id and ${tasks.projectId} = project.id
      where ${tasks.personId} is not null
      group by ${tasks.personId}
    ), page as (
      select person_id, task_count from worked order by person_id
      limit ${query.pageSize} offset ${(query.pageNo - 1) * query.pageSize}
    )
    select project.enterprise_id, (select count(*)::int from worked) as total, page.person_id, page.task_count,
      ${persons.name} as name, ${persons.phone} as phone, ${persons.idCard} as id_card,
      card.account_no, card.bank_name,
      ${paidOutOnProject(sql`project.tenant_id`, sql`project.id`, sql`page.person_id`)}::text as paid_fen
    from project
      left join page on true
      left join ${persons} on ${persons.tenantId} = project.tenant_id and ${persons.id} = page.person_id
      left join lateral ${defaultCardOf(sql`project.tenant_id`, sql`page.person_id`)} card on true
    order by page.person_id`,
  );
  if (rows.length === 0) throw projectMissing();
  if (query.enterpriseId !== undefined && query.enterpriseId !== rows[0].enterprise_id)
    return { records: [], total: 0 };
  return {
    total: rows[0].total,
    records: rows.flatMap((row) =>
      row.person_id === null
        ? []
        : [
            {
              userId: row.person_id,
              userName: row.name ?? '',
              phone: maskPhone(row.phone ?? ''),
              idCard: row.id_card ? maskIdCard(row.id_card) : '',
              bankCard: row.account_no ? maskBankCard(row.account_no) : '',
              bankName: row.bank_name ?? '',
              taskCount: row.task_count ?? 0,
              settledFee: fenToYuan(Number(row.paid_fen ?? 0)),
            },
          ],
    ),
  };
}
