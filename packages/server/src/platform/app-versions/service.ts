import {
  type AppVersion,
  compareVersions,
  type EditAppVersionBody,
  type LatestAppVersion,
  MSG,
  type Page,
  type SaveAppVersionBody,
} from '@fieldpay/domain';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDb, DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { unsafeAcrossTenants } from '../../db/scope';
import { appVersions, files, users } from '../../db/schema';
import { fail } from '../../core/errors';
import type { Principal } from '../auth/sessions';
import type { FileRow, FileService } from '../files/service';
import { addressOf } from '../files/links';
import { auditActorOf, writeAudit } from '../system/audit';

/** The platform operator keeps the app versions. */
const APP_TENANT_ID = 0;
/** The landing page's download link lasts long enough for a slow phone download to start. */
export const APP_DOWNLOAD_LINK_TTL_MS = 60 * 60_000;
export const APP_LANDING_ROUTE = '/#/appUpload';

/**
 * The console's own public landing page, as the visitor reached the console: what the APP download
 * QR code points to while the configuration value qrcode.address is empty (decision 0006).
 */
export const appLandingAddress = (request: FastifyRequest): string =>
  `${request.protocol}://${request.host}${APP_LANDING_ROUTE}`;

type VersionRow = typeof appVersions.$inferSelect;

/** What anyone may see of a version: the public download page shows this. */
function toPublicVersion(row: VersionRow, file: FileRow | null): Omit<AppVersion, 'publisher'> {
  return {
    id: row.id,
    versionName: row.versionName,
    releaseNotes: row.releaseNotes,
    android: file ? { name: file.fileName, address: addressOf(file), fileSize: file.fileSize } : null,
    iosUrl: row.iosUrl,
    createTime: row.createdAt.getTime(),
    withdrawnAt: row.withdrawnAt?.getTime() ?? null,
  };
}

const toAppVersion = (row: VersionRow, file: FileRow | null, publisher: string): AppVersion => ({
  ...toPublicVersion(row, file),
  publisher,
});

export class AppVersionService {
  constructor(
    private readonly db: AppDb,
    private readonly files: FileService,
  ) {}

  private selectVersions() {
    return this.db
      .select({ version: appVersions, file: files, publisher: users.realname })
      .from(appVersions)
      .leftJoin(files, eq(files.id, appVersions.androidFileId))
      .innerJoin(users, eq(users.id, appVersions.createdBy))
      .$dynamic();
  }

  async list(pageNo: number, pageSize: number): Promise<Page<AppVersion>> {
    return paged(
      this.db,
      { pageNo, pageSize },
      {
        from: appVersions,
        where: eq(appVersions.tenantId, APP_TENANT_ID),
        key: appVersions.id,
        orderBy: [[appVersions.id, 'desc']],
        rows: (page) =>
          this.db
            .select({ version: appVersions, file: files, publisher: users.realname, ...page.columns })
            .from(appVersions)
            .leftJoin(files, eq(files.id, appVersions.androidFileId))
            .innerJoin(users, eq(users.id, appVersions.createdBy))
            .where(inArray(appVersions.id, page.keys))
            .orderBy(...page.orderBy),
        toRecord: (row) => toAppVersion(row.version, row.file, row.publisher),
      },
    );
  }

  /** The newest version with a signed download link for its package; null before the first release. */
  async latest(): Promise<LatestAppVersion | null> {
    // the download page is public: no session, so no tenant to scope the read by
    const [row] = await unsafeAcrossTenants('app versions: the newest release for the public download page', () =>
      // a withdrawn version is no longer offered: the newest one still standing is
      this.selectVersions()
        .where(and(eq(appVersions.tenantId, APP_TENANT_ID), isNull(appVersions.withdrawnAt)))
        .orderBy(desc(appVersions.id))
        .limit(1),
    );
    if (!row) return null;
    const androidUrl = row.file
      ? this.files.linkFor(row.file, { disposition: 'attachment', ttlMs: APP_DOWNLOAD_LINK_TTL_MS }).url
      : null;
    return { ...toPublicVersion(row.version, row.file), androidUrl };
  }

  /** Publishes a version above the newest one; its package must be an apk uploaded for the public. */
  async publish(principal: Principal, body: SaveAppVersionBody, ip: string): Promise<AppVersion> {
    return this.db.transaction(async (tx) => {
      const [newest] = await tx
        .select({ versionName: appVersions.versionName })
        .from(appVersions)
        .where(eq(appVersions.tenantId, APP_TENANT_ID))
        .orderBy(desc(appVersions.id))
        .limit(1)
        .for('update');
      if (newest && compareVersions(body.versionName, newest.versionName) <= 0) {
        throw fail.rule(MSG.appVersionNotNewer(newest.versionName));
      }
      const file = await this.packageAt(body.androidAddress);
      const inserted = await tx
        .insert(appVersions)
        .values({
          tenantId: APP_TENANT_ID,
          versionName: body.versionName,
          releaseNotes: body.releaseNotes,
          androidFileId: file?.id ?? null,
          iosUrl: body.iosUrl || null,
          createdBy: principal.userId,
        })
        .onConflictDoNothing()
        .returning();
      const row = inserted[0];
      if (!row) throw fail.conflict(MSG.appVersionExists);
      const version = toAppVersion(row, file, principal.realname);
      await writeAudit(tx, auditActorOf(principal, ip), {
        action: 'appVersion.publish',
        targetType: 'appVersion',
        targetId: row.id,
        after: { versionName: version.versionName, android: version.android?.name ?? null, iosUrl: version.iosUrl },
      });
      return version;
    });
  }

  /** The Android package at an address: an apk uploaded for the public, or null without an address. */
  private async packageAt(address: string | undefined): Promise<FileRow | null> {
    if (!address) return null;
    const file = await this.files.findByAddress(address);
    if (file?.delFlag !== 0) throw fail.validation(MSG.fileMissing);
    if (file.extension !== 'apk' || file.visibility !== 'public') throw fail.validation(MSG.appPackageWrongType);
    return file;
  }

  private async lockedVersion(tx: DbOrTx, id: number) {
    const [row] = await tx
      .select()
      .from(appVersions)
      .where(and(eq(appVersions.tenantId, APP_TENANT_ID), eq(appVersions.id, id)))
      .for('update');
    if (!row) throw fail.notFound(MSG.appVersionMissing);
    if (row.withdrawnAt) throw fail.rule(MSG.appVersionIsWithdrawn);
    return row;
  }

  /** A published version's package, App Store link and notes; its number stays, as it orders them. */
  async edit(principal: Principal, body: EditAppVersionBody, ip: string): Promise<AppVersion> {
    return this.db.transaction(async (tx) => {
      const before = await this.lockedVersion(tx, body.id);
      const file = await this.packageAt(body.androidAddress);
      const [beforeFile] = before.androidFileId
        ? await tx.select().from(files).where(eq(files.id, before.androidFileId))
        : [];
      const [row] = await tx
        .update(appVersions)
        .set({ androidFileId: file?.id ?? null, iosUrl: body.iosUrl || null, releaseNotes: body.releaseNotes })
        .where(eq(appVersions.id, body.id))
        .returning();
      const [publisher] = await tx.select({ name: users.realname }).from(users).where(eq(users.id, row.createdBy));
      const version = toAppVersion(row, file, publisher?.name ?? '');
      await writeAudit(tx, auditActorOf(principal, ip), {
        action: 'appVersion.edit',
        targetType: 'appVersion',
        targetId: row.id,
        before: { android: beforeFile?.fileName ?? null, iosUrl: before.iosUrl, releaseNotes: before.releaseNotes },
        after: { android: file?.fileName ?? null, iosUrl: version.iosUrl, releaseNotes: version.releaseNotes },
      });
      return version;
    });
  }

  /** Withdraws a version: the download page then offers the newest version still standing. */
  async withdraw(principal: Principal, id: number, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.lockedVersion(tx, id);
      await tx.update(appVersions).set({ withdrawnAt: new Date() }).where(eq(appVersions.id, id));
      await writeAudit(tx, auditActorOf(principal, ip), {
        action: 'appVersion.withdraw',
        targetType: 'appVersion',
        targetId: id,
        before: { versionName: row.versionName },
      });
    });
  }
}
