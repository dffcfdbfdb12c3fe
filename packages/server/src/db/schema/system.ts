import { createdAtColumn, idColumn } from './columns';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Dictionaries answered by loadDict; codes are whitelisted by this table. */
export const dicts = pgTable('dicts', {
  code: varchar('code', { length: 64 }).primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  /**
   * true: the code depends on the item values (status codes, bank codes), so operators edit labels
   * only; false: operators may add, edit and delete items (decision 0023). Set by the seed.
   */
  valuesFixed: boolean('values_fixed').notNull().default(true),
});

export const dictItems = pgTable(
  'dict_items',
  {
    dictCode: varchar('dict_code', { length: 64 })
      .notNull()
      .references(() => dicts.code, { onDelete: 'cascade' }),
    value: varchar('value', { length: 64 }).notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    /** the installation's label; `title` differs from it once an operator edited it (decision 0016) */
    defaultTitle: varchar('default_title', { length: 64 }).notNull().default(''),
    /** an operator's label: the start keeps it rather than the installation's */
    titleEdited: boolean('title_edited').notNull().default(false),
    /** added by an operator on 数据字典 (a dictionary whose values are not fixed): the start keeps it */
    operatorAdded: boolean('operator_added').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.dictCode, t.value] })],
);

/** Config values by configKey (manager_file_size, invoice.number, qrcode.address, ...). */
export const configs = pgTable('configs', {
  configKey: varchar('config_key', { length: 64 }).primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  content: text('content').notNull(),
  remarks: varchar('remarks', { length: 200 }).notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by'),
});

/** Who did what to which target, with the state before and after (DESIGN §6). */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: idColumn(),
    tenantId: integer('tenant_id').notNull(),
    actorUserId: integer('actor_user_id'),
    actorName: varchar('actor_name', { length: 64 }).notNull().default(''),
    side: varchar('side', { length: 16 }).notNull().default(''),
    action: varchar('action', { length: 64 }).notNull(),
    targetType: varchar('target_type', { length: 64 }).notNull(),
    targetId: varchar('target_id', { length: 64 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('audit_logs_tenant_time').on(t.tenantId, t.createdAt),
    // the log of one tenant, newest first (decision 0011)
    index('audit_logs_tenant_list').on(t.tenantId, t.id),
    index('audit_logs_target').on(t.targetType, t.targetId),
  ],
);

/**
 * Every sign-in attempt of both sides (登录日志, decision 0016). The login number is kept masked,
 * and as a keyed hash (HMAC with a key derived from SERVER_SECRET) for finding one account's
 * attempts; `tenant_id` is the account's tenant when known, 0 otherwise.
 */
export const loginLogs = pgTable(
  'login_logs',
  {
    id: idColumn(),
    tenantId: integer('tenant_id').notNull().default(0),
    userId: integer('user_id'),
    usernameMasked: varchar('username_masked', { length: 32 }).notNull(),
    usernameKey: varchar('username_key', { length: 64 }).notNull(),
    realname: varchar('realname', { length: 32 }).notNull().default(''),
    side: varchar('side', { length: 16 }).notNull(),
    /** LOGIN_RESULTS: success, failure, locked */
    result: varchar('result', { length: 16 }).notNull(),
    /** LOGIN_FAILURE_REASONS key, '' on success */
    reason: varchar('reason', { length: 32 }).notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 256 }).notNull().default(''),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    // the log of one tenant, newest first (decision 0011)
    index('login_logs_tenant_list').on(t.tenantId, t.id),
    index('login_logs_account').on(t.usernameKey, t.id),
    index('login_logs_time').on(t.createdAt),
  ],
);

/**
 * Notices for the notice list and the top-bar red dot; modules create them from their events through
 * createNotice (src/platform/notices/service.ts).
 */
export const notices = pgTable(
  'notices',
  {
    id: idColumn(),
    tenantId: integer('tenant_id').notNull(),
    userId: integer('user_id').notNull(),
    /** NOTICE_TYPES of packages/domain: system, project, task, settlement, invoice, agreement, finance, download */
    type: varchar('type', { length: 32 }).notNull().default('system'),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull().default(''),
    /** id of the business record the notice is about (a settlement id, an export job id, ...) */
    bizId: varchar('biz_id', { length: 64 }),
    /** console route to open from the notice, e.g. /company/catchSystem/orderGenerateCache */
    link: varchar('link', { length: 256 }),
    createdAt: createdAtColumn(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notices_user_unread').on(t.userId, t.tenantId, t.readAt),
    index('notices_user_time').on(t.userId, t.tenantId, t.createdAt),
  ],
);

/** Development SMS provider: codes land here and in the log (DESIGN §3). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: idColumn(),
    phone: varchar('phone', { length: 11 }).notNull(),
    content: text('content').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('sms_outbox_phone').on(t.phone, t.createdAt)],
);
