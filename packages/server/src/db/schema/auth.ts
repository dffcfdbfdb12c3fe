import { createdAtColumn, idColumn, tenantIdColumn, tenantOwnedColumns } from './columns';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { roles } from './access';
import { enterprises, tenants } from './tenancy';

/** Console users of both sides. Platform users carry their tenant; enterprise users join enterprises. */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    side: varchar('side', { length: 16 }).notNull(),
    /** login number: 11-digit mobile, or the special admin name */
    username: varchar('username', { length: 32 }).notNull(),
    realname: varchar('realname', { length: 32 }).notNull(),
    phone: varchar('phone', { length: 11 }).notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    /** platform side only: 0 = platform level (userIdentity 1), otherwise tenant level (2) */
    tenantId: integer('tenant_id').references(() => tenants.id),
    /** 1 enabled, 2 disabled */
    status: smallint('status').notNull().default(1),
    avatar: text('avatar'),
    phoneVerifyStatus: smallint('phone_verify_status').notNull().default(0),
    createdAt: createdAtColumn(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** 1 after an administrator reset the password: the one-time password must be changed at next sign-in */
    mustChangePassword: smallint('must_change_password').notNull().default(0),
  },
  (t) => [uniqueIndex('users_side_username').on(t.side, t.username)],
);

/** Platform users' roles (within their own tenant). */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** An enterprise user's membership of an enterprise on one tenant, with the role held there. */
export const enterpriseMembers = pgTable(
  'enterprise_members',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    tenantId: tenantIdColumn(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    /**
     * 1 enabled, 2 disabled: the membership's own status (decision 0023). An enterprise account may
     * belong to enterprises of several tenants, so disabling it in one enterprise leaves the others.
     */
    status: smallint('status').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.enterpriseId] }),
    uniqueIndex('enterprise_members_user_tenant').on(t.userId, t.tenantId),
  ],
);

/** Opaque access tokens, stored hashed so a leaked table grants nothing (DESIGN §3). */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    side: varchar('side', { length: 16 }).notNull(),
    tenantId: integer('tenant_id').notNull(),
    enterpriseId: integer('enterprise_id'),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: createdAtColumn(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash').on(t.tokenHash), index('sessions_user').on(t.userId)],
);

/**
 * Unmask grants of the desensitization check (decision 0009): opaque random tokens stored hashed,
 * valid for their own user, session and tenant only, revoked with the session.
 */
export const desensitizationTokens = pgTable(
  'desensitization_tokens',
  {
    ...tenantOwnedColumns(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** what the token unlocks; 'unmask' is the only scope so far */
    scope: varchar('scope', { length: 32 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('desensitization_tokens_token_hash').on(t.tokenHash),
    index('desensitization_tokens_session').on(t.sessionId),
    index('desensitization_tokens_user').on(t.userId),
  ],
);

/** RSA key pairs for password encryption; private keys sealed with a key derived from SERVER_SECRET. */
export const rsaKeys = pgTable('rsa_keys', {
  id: idColumn(),
  publicPem: text('public_pem').notNull(),
  privateSealed: text('private_sealed').notNull(),
  createdAt: createdAtColumn(),
  /** no new grants after this; grants already given stay usable until their own expiry */
  rotateAt: timestamp('rotate_at', { withTimezone: true }).notNull(),
});

/** One getKey answer: single use, bound to the signed nonce that asked for it (no replay). */
export const keyGrants = pgTable(
  'key_grants',
  {
    keyId: varchar('key_id', { length: 64 }).primaryKey(),
    nonce: varchar('nonce', { length: 96 }).notNull(),
    rsaKeyId: integer('rsa_key_id')
      .notNull()
      .references(() => rsaKeys.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('key_grants_nonce').on(t.nonce)],
);

export const loginFailures = pgTable(
  'login_failures',
  {
    id: idColumn(),
    side: varchar('side', { length: 16 }).notNull(),
    username: varchar('username', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('login_failures_user').on(t.side, t.username, t.createdAt),
    index('login_failures_ip').on(t.ip, t.createdAt),
  ],
);

export const captchas = pgTable('captchas', {
  checkKey: varchar('check_key', { length: 64 }).primaryKey(),
  codeHash: varchar('code_hash', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** SMS verification codes (desensitization check, payment); only a hash is kept. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    purpose: varchar('purpose', { length: 32 }).notNull(),
    /** what the code is bound to (a settlement's id for a payment code); null: the first use binds it */
    subject: varchar('subject', { length: 64 }),
    phone: varchar('phone', { length: 11 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('sms_codes_user_purpose').on(t.userId, t.purpose, t.createdAt)],
);
