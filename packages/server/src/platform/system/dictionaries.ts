/**
 * 数据字典 and 系统配置 screens (decision 0016). Item values of a dictionary the code depends on are
 * read-only; an item's label may be edited (and set back), and the start keeps an edited label. A
 * dictionary whose values the code does not read (`values_fixed` false, decision 0023) also takes
 * items the operator adds, edits and deletes. Configuration values are saved by the configuration call of
 * routes.ts under each key's rule (domain system/config-values.ts); this lists them.
 */
import {
  type ConfigRecord,
  configListOperation,
  DICT_MSG,
  dictItemAddOperation,
  dictItemDeleteOperation,
  dictItemEditOperation,
  dictItemListOperation,
  type DictItemRecord,
  dictListOperation,
  type DictRecord,
  MSG,
} from '@fieldpay/domain';
import { and, asc, count, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { fail } from '../../core/errors';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { configs, dictItems, dicts, users } from '../../db/schema';
import { registerOperation } from '../../http/operation';
import { actorOf } from '../auth/guards';
import { escapeLike } from '../lookups/query';
import type { RouteDeps } from '../modules';
import { type AuditActor, writeAudit } from './audit';

export function listDicts(db: DbOrTx, query: { pageNo: number; pageSize: number; keyword?: string }) {
  const pattern = query.keyword ? `%${escapeLike(query.keyword)}%` : undefined;
  const where = pattern ? or(ilike(dicts.name, pattern), ilike(dicts.code, pattern)) : undefined;
  return paged(db, query, {
    from: dicts,
    where,
    key: dicts.code,
    orderBy: [[dicts.code, 'asc']],
    rows: (page) =>
      db
        .select({
          code: dicts.code,
          name: dicts.name,
          valuesFixed: dicts.valuesFixed,
          itemCount: sql<number>`(select count(*)::int from ${dictItems} where ${dictItems.dictCode} = ${dicts.code})`,
          editedCount: sql<number>`(select count(*)::int from ${dictItems} where ${dictItems.dictCode} = ${dicts.code} and ${dictItems.titleEdited})`,
          ...page.columns,
        })
        .from(dicts)
        .where(inArray(dicts.code, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row): DictRecord => ({
      code: row.code,
      name: row.name,
      itemCount: Number(row.itemCount),
      editedCount: Number(row.editedCount),
      valuesFixed: row.valuesFixed,
    }),
  });
}

async function existingDict(db: DbOrTx, code: string) {
  const [dict] = await db.select().from(dicts).where(eq(dicts.code, code));
  if (!dict) throw fail.notFound(DICT_MSG.missing);
  return dict;
}

export async function listDictItems(db: DbOrTx, dictCode: string): Promise<DictItemRecord[]> {
  await existingDict(db, dictCode);
  const rows = await db
    .select()
    .from(dictItems)
    .where(eq(dictItems.dictCode, dictCode))
    .orderBy(asc(dictItems.sort), asc(dictItems.value));
  return rows.map((row) => ({
    value: row.value,
    title: row.title,
    defaultTitle: row.defaultTitle || row.title,
    sort: row.sort,
    edited: row.titleEdited,
    operatorAdded: row.operatorAdded,
  }));
}

/** A new label for one item; the installation's label sets it back (no longer edited). */
export async function editDictItem(
  db: DbOrTx,
  actor: AuditActor,
  input: { dictCode: string; value: string; title: string },
): Promise<null> {
  return db.transaction(async (tx) => {
    await existingDict(tx, input.dictCode);
    const [item] = await tx
      .select()
      .from(dictItems)
      .where(and(eq(dictItems.dictCode, input.dictCode), eq(dictItems.value, input.value)))
      .for('update');
    if (!item) throw fail.notFound(DICT_MSG.itemMissing);
    await assertTitleFree(tx, input.dictCode, input.title, input.value);
    if (item.title === input.title) return null;
    // an operator's own item has no installation's label to set back to: its label is what they write
    const defaultTitle = item.operatorAdded ? input.title : item.defaultTitle || item.title;
    await tx
      .update(dictItems)
      .set({
        title: input.title,
        titleEdited: input.title !== defaultTitle,
        ...(item.operatorAdded ? { defaultTitle } : {}),
      })
      .where(and(eq(dictItems.dictCode, input.dictCode), eq(dictItems.value, input.value)));
    await writeAudit(tx, actor, {
      action: 'dictItem.edit',
      targetType: 'dictItem',
      targetId: `${input.dictCode}:${input.value}`,
      before: { title: item.title },
      after: { title: input.title },
    });
    return null;
  });
}

/** A label no other item of the dictionary has (the select shows labels, not values). */
async function assertTitleFree(db: DbOrTx, dictCode: string, title: string, value: string) {
  const [{ n: same }] = await db
    .select({ n: count() })
    .from(dictItems)
    .where(and(eq(dictItems.dictCode, dictCode), eq(dictItems.title, title), ne(dictItems.value, value)));
  if (same > 0) throw fail.conflict(DICT_MSG.titleTaken);
}

/** An operator's new item, at the end of a dictionary whose values the code does not read. */
export async function addDictItem(
  db: DbOrTx,
  actor: AuditActor,
  input: { dictCode: string; value: string; title: string },
): Promise<null> {
  return db.transaction(async (tx) => {
    const [dict] = await tx.select().from(dicts).where(eq(dicts.code, input.dictCode)).for('update');
    if (!dict) throw fail.notFound(DICT_MSG.missing);
    if (dict.valuesFixed) throw fail.rule(DICT_MSG.valuesFixed);
    await assertTitleFree(tx, input.dictCode, input.title, input.value);
    const [{ last }] = await tx
      .select({ last: sql<number | null>`max(${dictItems.sort})` })
      .from(dictItems)
      .where(eq(dictItems.dictCode, input.dictCode));
    const [added] = await tx
      .insert(dictItems)
      .values({
        dictCode: input.dictCode,
        value: input.value,
        title: input.title,
        defaultTitle: input.title,
        sort: (last ?? -1) + 1,
        operatorAdded: true,
      })
      .onConflictDoNothing()
      .returning({ value: dictItems.value });
    if (!added) throw fail.conflict(DICT_MSG.valueTaken);
    await writeAudit(tx, actor, {
      action: 'dictItem.add',
      targetType: 'dictItem',
      targetId: `${input.dictCode}:${input.value}`,
      after: { title: input.title },
    });
    return null;
  });
}

/** Deletes an item an operator added; the installation's items stay (the start would bring them back). */
export async function deleteDictItem(
  db: DbOrTx,
  actor: AuditActor,
  input: { dictCode: string; value: string },
): Promise<null> {
  return db.transaction(async (tx) => {
    const dict = await existingDict(tx, input.dictCode);
    if (dict.valuesFixed) throw fail.rule(DICT_MSG.valuesFixed);
    const [item] = await tx
      .select()
      .from(dictItems)
      .where(and(eq(dictItems.dictCode, input.dictCode), eq(dictItems.value, input.value)))
      .for('update');
    if (!item) throw fail.notFound(DICT_MSG.itemMissing);
    if (!item.operatorAdded) throw fail.rule(DICT_MSG.seededItem);
    await tx.delete(dictItems).where(and(eq(dictItems.dictCode, input.dictCode), eq(dictItems.value, input.value)));
    await writeAudit(tx, actor, {
      action: 'dictItem.delete',
      targetType: 'dictItem',
      targetId: `${input.dictCode}:${input.value}`,
      before: { title: item.title },
    });
    return null;
  });
}

export async function listConfigs(db: DbOrTx): Promise<ConfigRecord[]> {
  const rows = await db
    .select({
      configKey: configs.configKey,
      name: configs.name,
      content: configs.content,
      remarks: configs.remarks,
      updatedAt: configs.updatedAt,
      updatedByName: users.realname,
    })
    .from(configs)
    .leftJoin(users, eq(users.id, configs.updatedBy))
    .orderBy(asc(configs.configKey));
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.getTime(), updatedByName: row.updatedByName ?? '' }));
}

export function registerDictionaryRoutes({ app, services }: RouteDeps): void {
  const { db } = services.ctx;
  registerOperation(app, dictListOperation, (query) => listDicts(db, query));
  registerOperation(app, dictItemListOperation, ({ dictCode }) => listDictItems(db, dictCode));
  registerOperation(app, dictItemEditOperation, (input, request) => editDictItem(db, actorOf(request), input), {
    message: MSG.saveSuccess,
  });
  registerOperation(app, dictItemAddOperation, (input, request) => addDictItem(db, actorOf(request), input), {
    message: DICT_MSG.added,
  });
  registerOperation(app, dictItemDeleteOperation, (input, request) => deleteDictItem(db, actorOf(request), input), {
    message: MSG.deleteSuccess,
  });
  registerOperation(app, configListOperation, () => listConfigs(db));
}
