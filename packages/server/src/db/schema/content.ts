import { enterpriseIdColumn, enterpriseOwnedColumns, idColumn, tenantIdColumn, tenantOwnedColumns } from './columns';
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * WeChat users who met an enterprise's articles and questionnaires. An openid belongs to one
 * official account, so users are per enterprise.
 */
export const wechatUsers = pgTable(
  'wechat_users',
  {
    ...enterpriseOwnedColumns(),
    openId: varchar('open_id', { length: 64 }).notNull(),
    userName: varchar('user_name', { length: 64 }).notNull(),
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

/**
 * The content library (spec 3 §3 "Article or questionnaire"): an enterprise's articles (type 1,
 * sanitised rich text) and questionnaires (type 2, with questions). Status 1 enabled, 0 disabled:
 * a disabled item stays for the tasks that cite it but the picker no longer offers it.
 */
export const contentItems = pgTable(
  'content_items',
  {
    ...enterpriseOwnedColumns(),
    type: smallint('type').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    author: varchar('author', { length: 50 }).notNull().default(''),
    /** stored file path of the cover image, or empty */
    cover: varchar('cover', { length: 500 }).notNull().default(''),
    /** sanitised HTML (article body, questionnaire introduction) */
    content: text('content').notNull().default(''),
    status: smallint('status').notNull().default(1),
    createdBy: integer('created_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('content_items_enterprise').on(t.tenantId, t.enterpriseId, t.type, t.id),
    index('content_items_tenant').on(t.tenantId, t.type, t.id),
  ],
);

/** One option of a choice question (spec 3 §3 optionList). */
export interface ContentQuestionOption {
  optionContent: string;
  /** picture of the option, a stored file path or empty */
  address: string;
  /** 1 plain option, 2 option with a short answer (subject types 101 and 102) */
  type: number;
  /** the short answer is required (0/1) */
  isMust: number;
  /** the number of the question this option leads to, 0 for none */
  bindOption: number;
}

/** A questionnaire's questions, in order; the options ride along as JSON (they have no life of their own). */
export const contentQuestions = pgTable(
  'content_questions',
  {
    ...tenantOwnedColumns(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    sort: smallint('sort').notNull(),
    subjectType: smallint('subject_type').notNull(),
    subjectName: varchar('subject_name', { length: 200 }).notNull(),
    subjectContent: varchar('subject_content', { length: 500 }).notNull().default(''),
    required: smallint('required').notNull().default(0),
    optionList: jsonb('option_list').$type<ContentQuestionOption[]>().notNull().default([]),
  },
  (t) => [index('content_questions_content').on(t.tenantId, t.contentId, t.sort)],
);
