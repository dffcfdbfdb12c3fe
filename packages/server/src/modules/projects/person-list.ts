import { fenToYuan, maskBankCard, maskIdCard, maskPhone, type Page, type ProjectPersonRecord } from '@fieldpay/domain';
import { and, asc, countDistinct, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { isPlatformOperator, type Viewer } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { persons, tasks } from '../../db/schema';
import { defaultCards } from '../persons/service';
import { settledByPerson } from '../settlements/queries';
import { projectInScope } from './detail';

/**
 * The project person list (spec 2 §2.4, the summary's drill-down 4): the persons who took the
 * project's tasks, with their task count and what they were paid out on its settlements. Personal
 * data is masked (the unmasked view is the persons area's, behind its SMS check).
 */
export async function projectPersonList(
  db: DbOrTx,
  viewer: Viewer,
  query: { projectId: number; enterpriseId?: number; pageNo: number; pageSize: number },
): Promise<Page<ProjectPersonRecord>> {
  // staff and enterprise users ask within their own tenant, so the project's check goes out with
  // the count and the page; the operator's tenant is the project's, read first. Each batch is
  // written at once (the pool's pipeline mode), not statement after statement.
  const operatorsProject = isPlatformOperator(viewer) ? await projectInScope(db, viewer, query.projectId) : undefined;
  const tenantId = operatorsProject?.tenantId ?? viewer.tenantId;
  const worked = and(eq(tasks.tenantId, tenantId), eq(tasks.projectId, query.projectId), isNotNull(tasks.personId));
  const [project, [{ total }], page] = await Promise.all([
    operatorsProject ?? projectInScope(db, viewer, query.projectId),
    db
      .select({ total: countDistinct(tasks.personId) })
      .from(tasks)
      .where(worked),
    db
      .select({ personId: sql<number>`${tasks.personId}`, taskCount: sql<number>`count(*)::int` })
      .from(tasks)
      .where(worked)
      .groupBy(tasks.personId)
      .orderBy(asc(tasks.personId))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
  ]);
  if (query.enterpriseId !== undefined && query.enterpriseId !== project.enterpriseId) return { records: [], total: 0 };
  const ids = page.map((row) => row.personId);
  const [people, cards, settled] = await Promise.all([
    ids.length
      ? db
          .select({ id: persons.id, name: persons.name, phone: persons.phone, idCard: persons.idCard })
          .from(persons)
          .where(and(eq(persons.tenantId, project.tenantId), inArray(persons.id, ids)))
      : [],
    defaultCards(db, project.tenantId, ids),
    settledByPerson(db, project, ids),
  ]);
  const byId = new Map(people.map((person) => [person.id, person]));
  return {
    total,
    records: page.map((row) => {
      const person = byId.get(row.personId);
      const card = cards.get(row.personId);
      return {
        userId: row.personId,
        userName: person?.name ?? '',
        phone: maskPhone(person?.phone ?? ''),
        idCard: person?.idCard ? maskIdCard(person.idCard) : '',
        bankCard: card ? maskBankCard(card.accountNo) : '',
        bankName: card?.bankName ?? '',
        taskCount: row.taskCount,
        settledFee: fenToYuan(settled.get(row.personId) ?? 0),
      };
    }),
  };
}
