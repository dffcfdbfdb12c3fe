import type { LookupQuery, LookupRecord, Page } from '@fieldpay/domain';
import { and, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { articleShares, wechatUsers } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { contains } from '../../platform/lookups/query';
import { enterpriseScope } from '../../core/tenancy';

/** WeChat users of the enterprises in scope. */
export async function lookupWechatUsers(
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'wechatUser'>,
): Promise<Page<LookupRecord<'wechatUser'>>> {
  const where = and(
    enterpriseScope(principal, wechatUsers.tenantId, wechatUsers.enterpriseId),
    contains(wechatUsers.userName, query.userName),
  );
  return paged(db, query, {
    from: wechatUsers,
    where,
    key: wechatUsers.id,
    orderBy: [[wechatUsers.id, 'asc']],
    rows: (page) =>
      db
        .select({ id: wechatUsers.id, userName: wechatUsers.userName, ...page.columns })
        .from(wechatUsers)
        .where(inArray(wechatUsers.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => ({ ...row, value: row.id, label: row.userName }),
  });
}

/** WeChat users who appear in the share chains in scope in one role (first-level sender or sender). */
async function usersInShareRole(
  db: DbOrTx,
  principal: Principal,
  role: 'first' | 'send',
  name: string | undefined,
  window: { pageNo: number; pageSize: number },
) {
  const column = role === 'first' ? articleShares.firstUserId : articleShares.sendUserId;
  const inRole = db
    .select({ id: column })
    .from(articleShares)
    .where(enterpriseScope(principal, articleShares.tenantId, articleShares.enterpriseId));
  const where = and(inArray(wechatUsers.id, inRole), contains(wechatUsers.userName, name));
  return paged(db, window, {
    from: wechatUsers,
    where,
    key: wechatUsers.id,
    orderBy: [[wechatUsers.id, 'asc']],
    rows: (page) =>
      db
        .select({ id: wechatUsers.id, userName: wechatUsers.userName, ...page.columns })
        .from(wechatUsers)
        .where(inArray(wechatUsers.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => row,
  });
}

export async function lookupFirstSenders(
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'firstSender'>,
): Promise<Page<LookupRecord<'firstSender'>>> {
  const page = await usersInShareRole(db, principal, 'first', query.firstUserName, query);
  return {
    ...page,
    records: page.records.map((row) => ({
      id: row.id,
      firstUserName: row.userName,
      value: row.id,
      label: row.userName,
    })),
  };
}

export async function lookupSenders(
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'sender'>,
): Promise<Page<LookupRecord<'sender'>>> {
  const page = await usersInShareRole(db, principal, 'send', query.sendUserName, query);
  return {
    ...page,
    records: page.records.map((row) => ({
      id: row.id,
      sendUserName: row.userName,
      value: row.id,
      label: row.userName,
    })),
  };
}
