import { tenantOwnedColumns } from './columns';
import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { enterprises } from './tenancy';

/** Who asked for an export, kept so the job reads exactly the rows that user could see. */
export interface ExportRequester {
  userId: number;
  side: 'platform' | 'enterprise';
  tenantId: number;
  enterpriseId: number | null;
  userIdentity: 1 | 2;
  username: string;
  realname: string;
}

/**
 * One requested export and its file (spec 2 §3 download cache record). downloadStatus 0 while the
 * job runs, 1 ready, 2 failed; the file is deleted and the row removed 7 days after creation.
 */
export const downloadCaches = pgTable(
  'download_caches',
  {
    ...tenantOwnedColumns(),
    /** set for exports of enterprise users: the cache list of the enterprise side shows its own */
    enterpriseId: integer('enterprise_id').references(() => enterprises.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    side: varchar('side', { length: 16 }).notNull(),
    /** which export definition writes the file (platform/exports registry) */
    kind: varchar('kind', { length: 48 }).notNull(),
    /** dict download_type */
    downloadType: smallint('download_type').notNull(),
    projectName: varchar('project_name', { length: 100 }).notNull().default(''),
    serviceType: varchar('service_type', { length: 64 }).notNull().default(''),
    operator: varchar('operator', { length: 64 }).notNull(),
    filters: jsonb('filters').notNull(),
    requester: jsonb('requester').$type<ExportRequester>().notNull(),
    /** personal data in the clear: requested with a desensitization token */
    unmasked: boolean('unmasked').notNull().default(false),
    downloadStatus: smallint('download_status').notNull().default(0),
    progress: smallint('progress').notNull().default(0),
    rowCount: integer('row_count').notNull().default(0),
    fileName: varchar('file_name', { length: 128 }).notNull(),
    storageKey: varchar('storage_key', { length: 200 }),
    fileSize: integer('file_size'),
    failReason: text('fail_reason'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    lastDownloadedAt: timestamp('last_downloaded_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('download_caches_tenant_created').on(t.tenantId, t.createdAt),
    index('download_caches_status').on(t.downloadStatus),
    index('download_caches_expires').on(t.expiresAt),
  ],
);
