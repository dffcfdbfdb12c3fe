import type { LookupQuery, LookupRecord, Page } from '@fieldpay/domain';
import { and, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { taskTypes } from '../../db/schema';
import { contains } from '../../platform/lookups/query';

const parents = alias(taskTypes, 'parent_types');

/**
 * Task types a task or service line can have: every type that is not itself a parent, with its
 * parent's name. Reference data, the same for every session.
 */
export async function lookupTaskTypes(
  db: DbOrTx,
  query: LookupQuery<'taskType'>,
): Promise<Page<LookupRecord<'taskType'>>> {
  const parentCodes = db.select({ code: taskTypes.parentCode }).from(taskTypes).where(isNotNull(taskTypes.parentCode));
  const where = and(notInArray(taskTypes.code, parentCodes), contains(taskTypes.name, query.name));
  return paged(db, query, {
    from: taskTypes,
    where,
    key: taskTypes.code,
    orderBy: [
      [taskTypes.sort, 'asc'],
      [taskTypes.code, 'asc'],
    ],
    rows: (page) =>
      db
        .select({
          code: taskTypes.code,
          name: taskTypes.name,
          parentCode: taskTypes.parentCode,
          parentName: parents.name,
          ...page.columns,
        })
        .from(taskTypes)
        .leftJoin(parents, eq(parents.code, taskTypes.parentCode))
        .where(inArray(taskTypes.code, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => ({
      id: row.code,
      name: row.name,
      parentId: row.parentCode ?? '',
      parentName: row.parentName ?? '',
      value: row.code,
      label: row.name,
      description: row.parentName ?? undefined,
    }),
  });
}
