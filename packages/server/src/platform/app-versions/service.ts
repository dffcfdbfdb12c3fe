import {
  type AppVersion,
  compareVersions,
  type LatestAppVersion,
  MSG,
  type Page,
  type SaveAppVersionBody,
} from '@fieldpay/domain';
import { desc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDb } from '../../db/client';
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
      .where(eq(appVersions.tenantId, APP_TENANT_ID));
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
      this.selectVersions().orderBy(desc(appVersions.id)).limit(1),
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
      let file: FileRow | null = null;
      if (body.androidAddress) {
        file = await this.files.findByAddress(body.androidAddress);
        if (file?.delFlag !== 0) throw fail.validation(MSG.fileMissing);
        if (file.extension !== 'apk' || file.visibility !== 'public') throw fail.validation(MSG.appPackageWrongType);
      }
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
}
