import { enterpriseIdColumn, idColumn, tenantIdColumn, tenantOwnedColumns } from './columns';
import { index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { projects } from './projects';

/**
 * Natural persons (service personnel) registered on a tenant; the same person on two tenants is
 * two rows. loginFlag 0 normal, 1 banned, 2 login-restricted, 3 other. The persons issue adds
 * identity, bank and agreement details.
 */
export const persons = pgTable(
  'persons',
  {
    ...tenantOwnedColumns(),
    userSn: varchar('user_sn', { length: 32 }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    phone: varchar('phone', { length: 11 }).notNull(),
    loginFlag: smallint('login_flag').notNull().default(0),
    /** argon2id of the worker app's password; null: the person has no app login yet */
    passwordHash: varchar('password_hash', { length: 255 }),
    /** 居民身份证号 (18 characters), shown masked */
    idCard: varchar('id_card', { length: 18 }),
    /** how the account came: 1 registered in the app, 2 imported by the platform (PERSON_SOURCES) */
    source: smallint('source').notNull().default(1),
    /** PERSON_EDUCATION_TYPES; null when not given */
    educationType: smallint('education_type'),
    address: varchar('address', { length: 100 }),
    email: varchar('email', { length: 40 }),
    /** the kind of service the person offers (医药代表, 市场调研员…) */
    categoryName: varchar('category_name', { length: 32 }),
    /** the last change of the account (status, password, profile) */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('persons_tenant_sn').on(t.tenantId, t.userSn),
    uniqueIndex('persons_tenant_phone').on(t.tenantId, t.phone),
    // a tenant's persons in id order (decision 0011)
    index('persons_tenant_list').on(t.tenantId, t.id),
  ],
);

/** A person serving on a project of an enterprise; status 1 serving, 2 left. */
export const projectPersons = pgTable(
  'project_persons',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    enterpriseId: enterpriseIdColumn(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id),
    status: smallint('status').notNull().default(1),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('project_persons_tenant_project_person').on(t.tenantId, t.projectId, t.personId)],
);

/**
 * A natural person's session of the worker API (decision 0017): its own table and token, so no
 * worker token opens a console route and no console token opens a worker route. Opaque token
 * stored hashed, idle and absolute expiry as the console's sessions.
 */
export const workerSessions = pgTable(
  'worker_sessions',
  {
    ...tenantOwnedColumns(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('worker_sessions_token_hash').on(t.tokenHash),
    index('worker_sessions_person').on(t.tenantId, t.personId),
  ],
);

/**
 * A person's bank cards. Payouts go to the default verified card (verified: the card's holder name
 * and ID were matched by the bank's four-element check); a person without one cannot be settled.
 */
export const personBankCards = pgTable(
  'person_bank_cards',
  {
    ...tenantOwnedColumns(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id),
    accountNo: varchar('account_no', { length: 32 }).notNull(),
    /** the holder's name as the bank knows it */
    accountName: varchar('account_name', { length: 32 }).notNull(),
    bankName: varchar('bank_name', { length: 64 }).notNull(),
    verified: smallint('verified').notNull().default(0),
    /** the phone the bank has for the card (the four-element check's fourth) */
    reservedPhone: varchar('reserved_phone', { length: 11 }),
    isDefault: smallint('is_default').notNull().default(0),
  },
  (t) => [
    uniqueIndex('person_bank_cards_card').on(t.tenantId, t.personId, t.accountNo),
    index('person_bank_cards_person').on(t.tenantId, t.personId),
  ],
);

/**
 * 转出记录 (spec 3 §3, decision 0033): the platform handed a person over to one of its enterprises.
 * The enterprise's name and number are kept as they were at the transfer.
 */
export const personTransfers = pgTable(
  'person_transfers',
  {
    ...tenantOwnedColumns(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id),
    enterpriseId: enterpriseIdColumn(),
    enterpriseName: varchar('enterprise_name', { length: 100 }).notNull(),
    enterpriseCode: varchar('enterprise_code', { length: 32 }).notNull(),
    createdBy: integer('created_by').notNull(),
    createdByName: varchar('created_by_name', { length: 64 }).notNull(),
  },
  (t) => [index('person_transfers_person').on(t.tenantId, t.personId, t.id)],
);

/**
 * 认证材料 (spec 3 §2 "Natural-person account info", §3; decision 0044): what a person sends from the app
 * to prove who they are and what they can do: the ID card's two sides, a face photo and a video (the
 * latest of each counts), further authentications (a type name and its files) and skill certificates (a
 * name and its enclosures). Kept as sent; the stored bytes beside the uploads.
 */
export const personMaterials = pgTable(
  'person_materials',
  {
    ...tenantOwnedColumns(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id),
    /** PERSON_MATERIAL_KINDS: idFront, idBack, face, video, auth, skill */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** the authentication type or the certificate's name; '' for the ID sides, the face and the video */
    title: varchar('title', { length: 50 }).notNull().default(''),
    fileName: varchar('file_name', { length: 64 }).notNull(),
    extension: varchar('extension', { length: 10 }).notNull(),
    fileSize: integer('file_size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
  },
  (t) => [index('person_materials_person').on(t.tenantId, t.personId, t.kind, t.id)],
);
