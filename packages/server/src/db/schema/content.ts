import { createdAtColumn, enterpriseIdColumn, idColumn, tenantIdColumn } from './columns';
import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * WeChat users who met an enterprise's articles and questionnaires. An openid belongs to one
 * official account, so users are per enterprise.
 */
export const wechatUsers = pgTable(
  'wechat_users',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    enterpriseId: enterpriseIdColumn(),
    openId: varchar('open_id', { length: 64 }).notNull(),
    userName: varchar('user_name', { length: 64 }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('wechat_users_tenant_enterprise_openid').on(t.tenantId, t.enterpriseId, t.openId)],
);

/**
 * One hop of an article's share chain: who read it, who sent it to them, and the first-level
 * sender who started the chain. The content issue links the article itself.
 */
export const articleShares = pgTable(
  'article_shares',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    enterpriseId: enterpriseIdColumn(),
    title: varchar('title', { length: 100 }).notNull(),
    firstUserId: integer('first_user_id')
      .notNull()
      .references(() => wechatUsers.id),
    sendUserId: integer('send_user_id')
      .notNull()
      .references(() => wechatUsers.id),
    readerId: integer('reader_id')
      .notNull()
      .references(() => wechatUsers.id),
    sharedAt: timestamp('shared_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('article_shares_enterprise').on(t.tenantId, t.enterpriseId, t.sharedAt)],
);
