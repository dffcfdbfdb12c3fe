import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * Folds the rows of list_changes (one per write statement and tenant) into one per table and
 * tenant with their summed weight, in one statement: a viewer's sum, which remembered list totals
 * are checked against (db/paging.ts), is the same before and after, so nothing is counted anew.
 * Rows of transactions still open keep their place and are folded next time. Answers the rows folded.
 */
export async function compactListChanges(db: DbOrTx): Promise<number> {
  const { rows } = await db.execute<{ folded: number }>(sql`
    with folded as (
      delete from list_changes where id <= (select max(id) from list_changes)
      returning table_name, tenant_id, weight
    ), kept as (
      insert into list_changes (table_name, tenant_id, weight)
      select table_name, tenant_id, sum(weight) from folded group by table_name, tenant_id
      returning 1
    )
    select (select count(*) from folded)::int as folded, (select count(*) from kept)::int as kept`);
  return Number(rows[0].folded);
}
