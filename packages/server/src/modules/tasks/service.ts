import type { LookupQuery, LookupRecord, Page } from '@fieldpay/domain';
import { and, asc, eq, isNotNull, notInArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { taskTypes } from '../../db/schema';
import { contains, pageOf } from '../../platform/lookups/query';

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
  return pageOf(
    query,
    () => db.$count(taskTypes, where),
    (limit, offset) =>
      db
        .select({
          code: taskTypes.code,
          name: taskTypes.name,
          parentCode: taskTypes.parentCode,
          parentName: parents.name,
        })
        .from(taskTypes)
        .leftJoin(parents, eq(parents.code, taskTypes.parentCode))
        .where(where)
        .orderBy(asc(taskTypes.sort), asc(taskTypes.code))
        .limit(limit)
        .offset(offset),
    (row) => ({
      id: row.code,
      name: row.name,
      parentId: row.parentCode ?? '',
      parentName: row.parentName ?? '',
      value: row.code,
      label: row.name,
      description: row.parentName ?? undefined,
    }),
  );
}
