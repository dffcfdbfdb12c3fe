/**
 * 数据字典 and 系统配置 screens (decision 0016). Dictionary item values are what the code and the
 * stored rows hold, so they are read-only; an item's label may be edited (and set back), and the
 * start keeps an edited label. Configuration values are saved by the configuration call of
 * routes.ts under each key's rule (domain system/config-values.ts); this lists them.
 */
import {
  type ConfigRecord,
  configListOperation,
  DICT_MSG,
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
  }));
}

/** A new label for one item; the installation's label sets it back (no longer edited). */
export async function editDictItem(
  db: DbOrTx,
  actor: AuditActor,
  input: { dictCode: string; value: string; title: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await existingDict(tx, input.dictCode);
    const [item] = await tx
      .select()
      .from(dictItems)
      .where(and(eq(dictItems.dictCode, input.dictCode), eq(dictItems.value, input.value)))
      .for('update');
    if (!item) throw fail.notFound(DICT_MSG.itemMissing);
    const [{ n: same }] = await tx
      .select({ n: count() })
      .from(dictItems)
      .where(
        and(eq(dictItems.dictCode, input.dictCode), eq(dictItems.title, input.title), ne(dictItems.value, input.value)),
      );
    if (same > 0) throw fail.conflict(DICT_MSG.titleTaken);
    if (item.title === input.title) return;
    const defaultTitle = item.defaultTitle || item.title;
    await tx
      .update(dictItems)
      .set({ title: input.title, titleEdited: input.title !== defaultTitle })
      .where(and(eq(dictItems.dictCode, input.dictCode), eq(dictItems.value, input.value)));
    await writeAudit(tx, actor, {
      action: 'dictItem.edit',
      targetType: 'dictItem',
      targetId: `${input.dictCode}:${input.value}`,
      before: { title: item.title },
      after: { title: input.title },
    });
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
  registerOperation(
    app,
    dictItemEditOperation,
    async (input, request) => {
      await editDictItem(db, actorOf(request), input);
      return null;
    },
    { message: MSG.saveSuccess },
  );
  registerOperation(app, configListOperation, () => listConfigs(db));
}
