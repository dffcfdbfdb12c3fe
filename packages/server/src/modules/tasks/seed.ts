import { PARENT_VISIT_TYPE_NAMES, TASK_TYPE_PARENTS, TASK_TYPES, type TaskTypeId } from '@fieldpay/domain';
import type { DbOrTx } from '../../db/client';
import { taskTypes } from '../../db/schema';

/** Task types for the task-type lookup: the parents first, then every type with its parent. */
export const TASK_TYPE_SEEDS = [
  ...Object.entries(PARENT_VISIT_TYPE_NAMES).map(([code, name]) => ({ code, name, parentCode: null as string | null })),
  ...(Object.entries(TASK_TYPES) as [TaskTypeId, string][]).map(([code, name]) => ({
    code,
    name,
    parentCode: TASK_TYPE_PARENTS[code] ?? null,
  })),
];

/** Upserted at every start: a renamed type or parent takes the catalogue's name. */
export async function seedTaskTypes(tx: DbOrTx): Promise<void> {
  for (const [sort, seed] of TASK_TYPE_SEEDS.entries()) {
    const values = { ...seed, sort };
    await tx.insert(taskTypes).values(values).onConflictDoUpdate({ target: taskTypes.code, set: values });
  }
}
