import { tenantOwnedColumns } from './columns';
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** What the watermark variant stamped onto an image (decision 0006). */
export interface WatermarkStamp {
  /** ISO time printed on the image */
  stampedAt: string;
  /** SHA-256 of the image as it was uploaded, before the stamp */
  originalSha256: string;
  /** HMAC-SHA256 of originalSha256, tenant, uploader and stampedAt; its first 16 characters are printed */
  hash: string;
}

/**
 * Every uploaded file (spec 1 §3 "Uploaded file"). The bytes live in the storage behind
 * `storageKey`; the address clients keep is /api/resource/file/{tenantId}/{fileKey}.
 */
export const files = pgTable(
  'files',
  {
    ...tenantOwnedColumns(),
    /** set when an enterprise user uploaded it: only that enterprise (and platform staff) may read it */
    enterpriseId: integer('enterprise_id'),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id),
    ownerSide: varchar('owner_side', { length: 16 }).notNull(),
    /** random, unguessable part of the address */
    fileKey: varchar('file_key', { length: 32 }).notNull(),
    fileName: varchar('file_name', { length: 64 }).notNull(),
    /** lowercase extension, checked against the content */
    extension: varchar('extension', { length: 10 }).notNull(),
    fileSize: integer('file_size').notNull(),
    /** SHA-256 of the stored bytes */
    sha256: varchar('sha256', { length: 64 }).notNull(),
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
    /** upload call that stored it: upload, sourceUpload, uploadWithWatermark, uploadOut */
    target: varchar('target', { length: 32 }).notNull(),
    /** the rule it passed (UPLOAD_SCENES) */
    scene: varchar('scene', { length: 32 }).notNull(),
    /** folder-like grouping sent by the client (spec: uploadPath); never part of the storage path */
    uploadPath: varchar('upload_path', { length: 100 }).notNull().default(''),
    /** business record the file belongs to (spec: id); the count limit applies per path and record */
    bizId: varchar('biz_id', { length: 64 }).notNull().default(''),
    /** tenant: sessions of its tenant (and enterprise) may read it; public: any session and public pages that link it */
    visibility: varchar('visibility', { length: 16 }).notNull().default('tenant'),
    watermark: jsonb('watermark').$type<WatermarkStamp>(),
    /** 0 active, 1 deleted (spec 1 §3) */
    delFlag: smallint('del_flag').notNull().default(0),
  },
  (t) => [
    uniqueIndex('files_tenant_key').on(t.tenantId, t.fileKey),
    index('files_tenant_owner_record').on(t.tenantId, t.uploadPath, t.bizId),
  ],
);

/**
 * Versions of the mobile app (issue 4 item 8), kept by the platform operator (tenant 0). The public
 * /appUpload landing page offers the newest.
 */
export const appVersions = pgTable(
  'app_versions',
  {
    ...tenantOwnedColumns(),
    versionName: varchar('version_name', { length: 20 }).notNull(),
    releaseNotes: text('release_notes').notNull(),
    /** the Android package (a public file of tenant 0) */
    androidFileId: integer('android_file_id').references(() => files.id),
    iosUrl: varchar('ios_url', { length: 300 }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    /** withdrawn: no longer offered by the download page (decision 0016) */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('app_versions_tenant_version').on(t.tenantId, t.versionName)],
);
