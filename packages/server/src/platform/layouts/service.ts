import {
  COLUMN_LAYOUT_TYPE,
  type ColumnLayoutItem,
  type ColumnLayoutResult,
  columnAudienceOf,
  columnLayoutProblems,
  defaultColumns,
  MSG,
  mergeColumnLayout,
} from '@fieldpay/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { columnLayouts } from '../../db/schema';
import { fail } from '../../core/errors';
import type { Principal } from '../auth/sessions';

type LayoutOwner = Pick<Principal, 'userId' | 'tenantId' | 'side' | 'userIdentity'>;

/** The default columns of the list for this user's audience; 404 for a list the audience has not. */
function defaultsFor(owner: LayoutOwner, serviceName: string): readonly ColumnLayoutItem[] {
  const defaults = defaultColumns(serviceName, columnAudienceOf(owner.side, owner.userIdentity));
  if (!defaults) throw fail.notFound(MSG.columnLayoutUnknownList);
  return defaults;
}

const ownedBy = (owner: LayoutOwner, serviceName: string) =>
  and(
    eq(columnLayouts.tenantId, owner.tenantId),
    eq(columnLayouts.userId, owner.userId),
    eq(columnLayouts.serviceName, serviceName),
    eq(columnLayouts.type, COLUMN_LAYOUT_TYPE),
  );

/** The user's layout of a list merged with the current defaults, or the defaults when none is saved. */
export async function getColumnLayout(
  db: DbOrTx,
  owner: LayoutOwner,
  serviceName: string,
): Promise<ColumnLayoutResult> {
  const defaults = defaultsFor(owner, serviceName);
  const [row] = await db
    .select({ contentJson: columnLayouts.contentJson })
    .from(columnLayouts)
    .where(ownedBy(owner, serviceName));
  // a stored layout was validated when saved; anything else in the column (a hand edit) counts as none
  const saved = Array.isArray(row?.contentJson) ? (row.contentJson as ColumnLayoutItem[]) : null;
  return {
    serviceName,
    type: COLUMN_LAYOUT_TYPE,
    contentJson: mergeColumnLayout(saved, defaults),
    custom: saved !== null,
  };
}

/**
 * Saves a layout: fields must be the list's own (no repeats), fixed fields stay shown, at least one
 * field is shown. Fields the client left out are stored as not shown.
 */
export async function saveColumnLayout(
  db: DbOrTx,
  owner: LayoutOwner,
  serviceName: string,
  items: readonly ColumnLayoutItem[],
): Promise<ColumnLayoutResult> {
  const defaults = defaultsFor(owner, serviceName);
  const [problem] = columnLayoutProblems(items, defaults);
  if (problem) throw fail.validation(problem);
  const given = new Set(items.map((item) => item.prop));
  const contentJson = mergeColumnLayout(items, defaults).map((item) =>
    given.has(item.prop) || item.disabled ? item : { ...item, isSelect: false },
  );
  await db
    .insert(columnLayouts)
    .values({ tenantId: owner.tenantId, userId: owner.userId, serviceName, type: COLUMN_LAYOUT_TYPE, contentJson })
    .onConflictDoUpdate({
      target: [columnLayouts.tenantId, columnLayouts.userId, columnLayouts.serviceName, columnLayouts.type],
      set: { contentJson, updatedAt: new Date() },
    });
  return { serviceName, type: COLUMN_LAYOUT_TYPE, contentJson, custom: true };
}
