import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import {
  cacheRemainingDays,
  DOWNLOAD_CACHE_STATUS,
  DOWNLOAD_CACHE_VALID_DAYS,
  DOWNLOAD_TYPE_LABELS,
  type DownloadCacheRecord,
  MAX_GENERATING_EXPORTS_PER_USER,
  MSG,
  type Page,
  statusInfo,
} from '@fieldpay/domain';
import type { downloadCacheQuerySchema } from '@fieldpay/domain';
import type { z } from 'zod';
import { and, eq, getTableColumns, gte, inArray, lte, sql } from 'drizzle-orm';
import { downloadCaches, type ExportRequester } from '../../db/schema';
import { fail } from '../../core/errors';
import type { Principal } from '../auth/sessions';
import { chinaTimestamp } from '../china-time';
import type { AppContext } from '../context';
import type { FileStorage } from '../files/storage';
import type { DeadJob, JobAttempt, JobQueue } from '../jobs/queue';
import { createNotice } from '../notices/service';
import { type AuditActor, writeAudit } from '../system/audit';
import { type AnyExportDefinition, cellsOf, isDocumentExport } from './definition';
import { XlsxFileWriter } from './xlsx-writer';

export const EXPORT_JOB = 'export.run';
/** first key of the advisory lock that serialises one user's export submissions (the second is the user id) */
const SUBMIT_LOCK = 7_0007;
export const EXPORT_EXPIRY_JOB = 'export.expire';
/**
 * rows read per query (windows are read ahead while the current one is written): a few hundred
 * keep every lookup of a window on primary keys whatever the table statistics (see readAhead)
 */
const WINDOW_ROWS = 500;
const PROGRESS_EVERY_MS = 1_000;
const DAY_MS = 24 * 60 * 60_000;
const FAILED_REASON = '导出失败，请重新导出';
/**
 * exports one process writes at once, each for a different user: one user's long export leaves
 * the others free for everyone else (each costs about 130 MB at its peak, decision 0007)
 */
export const EXPORT_WORKERS = 3;

/** a job's data; userId groups one user's exports (absent in jobs queued before decision 0015) */
interface ExportJobData {
  cacheId: number;
  userId?: number;
}

type CacheRow = typeof downloadCaches.$inferSelect;
type DownloadCacheFilters = z.output<typeof downloadCacheQuerySchema>;

export interface ExportRequest {
  principal: Principal;
  actor: AuditActor;
  kind: string;
  filters: unknown;
  /** the request carried a valid desensitization token */
  unmasked: boolean;
}

/** The cache list of each side, where a notice of a finished export leads. */
const CACHE_LIST_ROUTE = {
  platform: '/dataManagement/logManagement/downloadLog',
  enterprise: '/company/catchSystem/orderGenerateCache',
} as const;

const requesterOf = (principal: Principal): ExportRequester => ({
  userId: principal.userId,
  side: principal.side,
  tenantId: principal.tenantId,
  enterpriseId: principal.enterpriseId,
  userIdentity: principal.userIdentity,
  username: principal.username,
  realname: principal.realname,
});

/**
 * Exports and the download cache (decision 0007). `submit` records the request and queues a job;
 * the job writes the xlsx with the streaming writer, keeps progress on the record and raises a
 * notice; users list and download their own files for 7 days, after which a job deletes them.
 */
export class ExportService {
  private readonly definitions = new Map<string, AnyExportDefinition>();
  private readonly scratchDir: string;

  constructor(
    private readonly ctx: AppContext,
    private readonly storage: FileStorage,
    private readonly jobs: JobQueue,
  ) {
    this.scratchDir = path.join(ctx.config.dataDir, 'tmp', 'exports');
    jobs.register<ExportJobData>(EXPORT_JOB, (data, attempt) => this.run(data.cacheId, attempt), {
      // a record has at most one job waiting; a second send while it waits is dropped
      policy: 'short',
      // several users' exports run side by side, one at a time per user (decision 0015)
      concurrency: EXPORT_WORKERS,
      groupOf: (data) => (data.userId === undefined ? undefined : `user:${data.userId}`),
      onDead: (data, dead) => this.abandoned(data.cacheId, dead),
    });
    // hourly: expired files go, and records whose job was never queued get one
    jobs.register(
      EXPORT_EXPIRY_JOB,
      async () => {
        await this.removeOrphanScratchFiles();
        await this.resumePending();
        await this.expire();
      },
      { cron: '7 * * * *' },
    );
    jobs.onStart(async () => {
      await this.removeOrphanScratchFiles();
      await this.resumePending();
    });
  }

  define(definition: AnyExportDefinition): void {
    if (this.definitions.has(definition.kind)) throw new Error(`export ${definition.kind} defined twice`);
    this.definitions.set(definition.kind, definition);
  }

  private definition(kind: string): AnyExportDefinition {
    const definition = this.definitions.get(kind);
    if (!definition) throw new Error(`unknown export ${kind}`);
    return definition;
  }

  /**
   * Records the export and queues its job; answers the cache record's id. The same export asked
   * again while it is still generating (a double click, a retried request) answers the record
   * already there; a user with MAX_GENERATING_EXPORTS_PER_USER exports generating is refused.
   */
  async submit(request: ExportRequest): Promise<number> {
    const definition = this.definition(request.kind);
    // as stored: a JSON round trip drops undefined keys
    const filters = JSON.parse(JSON.stringify(definition.filters.parse(request.filters)));
    const requester = requesterOf(request.principal);
    const now = new Date();
    const submitted = await this.ctx.db.transaction(async (tx) => {
      // one submission of a user at a time, so two concurrent clicks see each other
      await tx.execute(sql`select pg_advisory_xact_lock(${SUBMIT_LOCK}, ${requester.userId})`);
      const generating = await tx
        .select({
          id: downloadCaches.id,
          kind: downloadCaches.kind,
          filters: downloadCaches.filters,
          unmasked: downloadCaches.unmasked,
        })
        .from(downloadCaches)
        .where(and(this.ownedBy(request.principal), eq(downloadCaches.downloadStatus, 0)));
      const same = generating.find(
        (record) =>
          record.kind === definition.kind &&
          record.unmasked === request.unmasked &&
          isDeepStrictEqual(record.filters, filters),
      );
      if (same) return { id: same.id, created: false };
      if (generating.length >= MAX_GENERATING_EXPORTS_PER_USER) {
        throw fail.rule(MSG.exportsBusy(generating.length));
      }
      const labels = await definition.labels(tx, requester, filters);
      const [row] = await tx
        .insert(downloadCaches)
        .values({
          tenantId: requester.tenantId,
          enterpriseId: requester.side === 'enterprise' ? requester.enterpriseId : null,
          userId: requester.userId,
          side: requester.side,
          kind: definition.kind,
          downloadType: definition.downloadType,
          projectName: labels.projectName.slice(0, 100),
          serviceType: labels.serviceType.slice(0, 64),
          operator: (requester.realname || requester.username).slice(0, 64),
          filters,
          requester,
          unmasked: request.unmasked,
          fileName: `${definition.title}_${chinaTimestamp(now)}.${isDocumentExport(definition) ? definition.extension : 'xlsx'}`,
          createdAt: now,
          expiresAt: new Date(now.getTime() + DOWNLOAD_CACHE_VALID_DAYS * DAY_MS),
        })
        .returning({ id: downloadCaches.id });
      await writeAudit(tx, request.actor, {
        action: request.unmasked ? 'export.submit.unmasked' : 'export.submit',
        targetType: 'download_cache',
        targetId: row.id,
        after: { kind: definition.kind, filters },
      });
      return { id: row.id, created: true };
    });
    const cacheId = submitted.id;
    // its job was sent when it was recorded
    if (!submitted.created) return cacheId;
    // after commit: the job must find the record. A failed send loses nothing: the record stays at
    // status 0 and resumePending (at start and hourly) sends it.
    try {
      await this.jobs.send(EXPORT_JOB, { cacheId, userId: requester.userId } satisfies ExportJobData, String(cacheId));
    } catch (error) {
      this.ctx.log.error({ err: error, cacheId }, 'export job not queued; it will be resumed');
    }
    return cacheId;
  }

  /**
   * Sends the jobs of records still generating whose job went missing (sent while the queue was
   * down, or lost between commit and send). A record whose job waits, waits for a retry or runs
   * (perhaps in a process that died and the sweep has not failed yet) is left to that job: a second
   * job beside a running one would write the file twice.
   */
  async resumePending(): Promise<void> {
    const pending = await this.ctx.scopes.withSystem('export jobs: records of every tenant still generating', (db) =>
      db
        .select({ id: downloadCaches.id, userId: downloadCaches.userId })
        .from(downloadCaches)
        .where(eq(downloadCaches.downloadStatus, 0)),
    );
    if (pending.length === 0) return;
    const live = await this.jobs.liveKeys(EXPORT_JOB);
    for (const { id, userId } of pending) {
      if (!live.has(String(id)))
        await this.jobs.send(EXPORT_JOB, { cacheId: id, userId } satisfies ExportJobData, String(id));
    }
  }

  /**
   * A job of this record died with its process (kill -9, power loss): its partial file goes, and
   * when no retry follows the record fails, so its user sees 导出失败，请重新导出 and exports again.
   */
  async abandoned(cacheId: number, dead: DeadJob): Promise<void> {
    await fs.promises.rm(this.scratchPath(cacheId, dead.jobId), { force: true });
    if (dead.retried) return;
    await this.ctx.scopes.withSystem('export job: failing the record of a job whose process died', (db) =>
      db
        .update(downloadCaches)
        .set({ downloadStatus: 2, failReason: FAILED_REASON, finishedAt: new Date() })
        .where(and(eq(downloadCaches.id, cacheId), eq(downloadCaches.downloadStatus, 0))),
    );
  }

  /** the file an attempt writes before it goes to the storage: named by record and job */
  private scratchPath(cacheId: number, jobId: string): string {
    return path.join(this.scratchDir, `${cacheId}-${jobId}.xlsx`);
  }

  /**
   * Deletes the scratch files no running job writes: those of processes that died mid-export.
   * Files are listed before the running jobs are read, so a job starting meanwhile keeps its file.
   */
  async removeOrphanScratchFiles(): Promise<number> {
    const names = await fs.promises.readdir(this.scratchDir).catch(() => [] as string[]);
    if (names.length === 0) return 0;
    const running = await this.jobs.runningJobIds();
    let removed = 0;
    for (const name of names) {
      const jobId = /^\d+-(.+)\.xlsx$/.exec(name)?.[1];
      if (jobId && running.has(jobId)) continue;
      await fs.promises.rm(path.join(this.scratchDir, name), { force: true, recursive: true });
      removed++;
    }
    if (removed > 0) this.ctx.log.warn({ removed }, 'partial export files of stopped jobs removed');
    return removed;
  }

  /** The job: writes the file of one cache record. A record already finished is left alone. */
  async run(
    cacheId: number,
    attempt: JobAttempt = { jobId: `inline-${crypto.randomBytes(6).toString('hex')}`, isLastAttempt: true },
  ): Promise<void> {
    const [cache] = await this.ctx.scopes.withSystem('export job: its own record by id', (db) =>
      db.select().from(downloadCaches).where(eq(downloadCaches.id, cacheId)),
    );
    if (cache?.downloadStatus !== 0) return;
    // from here on the job sees what its requester sees, and no more
    const asRequester = <T>(work: (db: DbOrTx) => Promise<T>) => this.ctx.scopes.withViewer(cache.requester, work);
    const scratch = this.scratchPath(cacheId, attempt.jobId);
    try {
      const { rowCount, fileSize, storageKey } = await this.write(cache, scratch);
      await asRequester(async (tx) => {
        await tx
          .update(downloadCaches)
          .set({ downloadStatus: 1, progress: 100, rowCount, fileSize, storageKey, finishedAt: new Date() })
          .where(and(eq(downloadCaches.id, cacheId), eq(downloadCaches.downloadStatus, 0)));
        await createNotice(tx, {
          tenantId: cache.tenantId,
          userIds: [cache.userId],
          type: 'download',
          title: '导出文件已生成',
          content: `${cache.fileName}${isDocumentExport(this.definition(cache.kind)) ? '' : `（${rowCount}条）`}：${MSG.exportCacheCreated(DOWNLOAD_CACHE_VALID_DAYS)}`,
          bizId: cacheId,
          link: CACHE_LIST_ROUTE[cache.side as keyof typeof CACHE_LIST_ROUTE],
        });
      });
    } catch (error) {
      this.ctx.log.error({ err: error, cacheId, jobId: attempt.jobId }, 'export failed');
      if (!attempt.isLastAttempt) throw error;
      await asRequester((db) =>
        db
          .update(downloadCaches)
          .set({ downloadStatus: 2, failReason: FAILED_REASON, finishedAt: new Date() })
          .where(and(eq(downloadCaches.id, cacheId), eq(downloadCaches.downloadStatus, 0))),
      );
    } finally {
      await fs.promises.rm(scratch, { force: true });
    }
  }

  private async write(
    cache: CacheRow,
    scratch: string,
  ): Promise<{ rowCount: number; fileSize: number; storageKey: string }> {
    const definition = this.definition(cache.kind);
    const filters = definition.filters.parse(cache.filters);
    const requester = cache.requester;
    const month = chinaTimestamp(cache.createdAt).slice(0, 6);
    if (isDocumentExport(definition)) {
      // a document is rendered whole (a few pages), as the requester sees its rows
      const bytes = await this.ctx.scopes.withViewer(requester, (db) => definition.render(db, requester, filters));
      const storageKey = `t${cache.tenantId}/${month}/${crypto.randomBytes(12).toString('base64url')}.${definition.extension}`;
      await this.storage.putBuffer(storageKey, Buffer.from(bytes));
      return { rowCount: 1, fileSize: bytes.length, storageKey };
    }
    // statement by statement: a transaction held for the whole file would hold PGlite's only
    // connection, and hide the progress written meanwhile
    const db = this.ctx.scopes.perStatement({ kind: 'viewer', viewer: requester });
    const total = await definition.count(db, requester, filters);
    await fs.promises.mkdir(this.scratchDir, { recursive: true });
    const writer = new XlsxFileWriter(scratch, definition.title, definition.columns);
    let written = 0;
    try {
      let lastProgressAt = Date.now();
      for await (const rows of definition.rows(db, requester, filters, WINDOW_ROWS)) {
        await writer.addRows(rows.map((row) => cellsOf(definition.columns, row, cache.unmasked)));
        written += rows.length;
        if (Date.now() - lastProgressAt >= PROGRESS_EVERY_MS) {
          lastProgressAt = Date.now();
          const progress = Math.min(99, Math.floor((written / Math.max(total, 1)) * 100));
          await db.update(downloadCaches).set({ progress, rowCount: written }).where(eq(downloadCaches.id, cache.id));
        }
      }
      await writer.finish();
    } catch (error) {
      await writer.abort();
      throw error;
    }
    const { size } = await fs.promises.stat(scratch);
    const storageKey = `t${cache.tenantId}/${month}/${crypto.randomBytes(12).toString('base64url')}.xlsx`;
    await this.storage.putFile(storageKey, scratch);
    return { rowCount: written, fileSize: size, storageKey };
  }

  /** The signed-in user's own export records on the session's tenant and side (spec 2 §2.9, §7). */
  async list(principal: Principal, query: DownloadCacheFilters, now = Date.now()): Promise<Page<DownloadCacheRecord>> {
    const where = and(
      this.ownedBy(principal),
      query.downloadType === undefined ? undefined : eq(downloadCaches.downloadType, query.downloadType),
      query.startTime ? gte(downloadCaches.createdAt, query.startTime) : undefined,
      query.endTime ? lte(downloadCaches.createdAt, query.endTime) : undefined,
    );
    const orderColumn =
      query.orderField === 'downloadTime' ? downloadCaches.lastDownloadedAt : downloadCaches.createdAt;
    const direction = query.orderSort === 0 ? 'asc' : 'desc';
    const { db } = this.ctx;
    return paged(db, query, {
      from: downloadCaches,
      where,
      key: downloadCaches.id,
      orderBy: [
        [orderColumn, direction],
        [downloadCaches.id, direction],
      ],
      rows: (page) =>
        db
          .select({ ...getTableColumns(downloadCaches), ...page.columns })
          .from(downloadCaches)
          .where(inArray(downloadCaches.id, page.keys))
          .orderBy(...page.orderBy),
      toRecord: (row) => ({
        id: row.id,
        createTime: row.createdAt.getTime(),
        downloadTime: row.lastDownloadedAt?.getTime() ?? null,
        remainingDays: cacheRemainingDays(row.createdAt, now),
        projectName: row.projectName,
        parentVisitTypeDict: row.serviceType,
        operator: row.operator,
        downloadType: row.downloadType,
        downloadType_dictText: DOWNLOAD_TYPE_LABELS[row.downloadType] ?? String(row.downloadType),
        downloadStatus: row.downloadStatus,
        downloadStatus_dictText: statusInfo(DOWNLOAD_CACHE_STATUS, row.downloadStatus)?.label ?? '',
        progress: row.progress,
        fileName: row.fileName,
        rowCount: row.rowCount,
        unmasked: row.unmasked,
        failReason: row.failReason,
      }),
    });
  }

  private ownedBy(principal: Principal) {
    return and(
      eq(downloadCaches.userId, principal.userId),
      eq(downloadCaches.tenantId, principal.tenantId),
      eq(downloadCaches.side, principal.side),
    );
  }

  /**
   * Opens a ready file of the user's own for download and writes the audit row. Another user's
   * record answers as missing; a record still generating, failed or expired is refused.
   */
  async openDownload(
    principal: Principal,
    actor: AuditActor,
    cacheId: number,
    now = new Date(),
  ): Promise<{ fileName: string; fileSize: number | null; stream: Readable }> {
    const [cache] = await this.ctx.db
      .select()
      .from(downloadCaches)
      .where(and(eq(downloadCaches.id, cacheId), this.ownedBy(principal)));
    if (!cache) throw fail.notFound(MSG.downloadCacheMissing);
    if (cache.expiresAt <= now) throw fail.rule(MSG.downloadCacheExpired);
    if (cache.downloadStatus !== 1 || !cache.storageKey) throw fail.rule(MSG.downloadCacheNotReady);
    let stream: Readable;
    try {
      stream = await this.storage.openRead(cache.storageKey);
    } catch {
      throw fail.notFound(MSG.downloadCacheMissing);
    }
    await this.ctx.db.transaction(async (tx) => {
      await tx.update(downloadCaches).set({ lastDownloadedAt: now }).where(eq(downloadCaches.id, cache.id));
      await writeAudit(tx, actor, {
        action: 'export.download',
        targetType: 'download_cache',
        targetId: cache.id,
        after: { fileName: cache.fileName, unmasked: cache.unmasked, rowCount: cache.rowCount },
      });
    });
    return { fileName: cache.fileName, fileSize: cache.fileSize, stream };
  }

  /** Deletes the files and records older than the 7 days of validity; answers how many went. */
  async expire(now = new Date()): Promise<number> {
    let removed = 0;
    const inSystemScope = <T>(work: (db: DbOrTx) => Promise<T>) =>
      this.ctx.scopes.withSystem('download cache expiry: files of every tenant past their 7 days', work);
    for (;;) {
      const expired = await inSystemScope((db) =>
        db
          .select({ id: downloadCaches.id, storageKey: downloadCaches.storageKey })
          .from(downloadCaches)
          .where(lte(downloadCaches.expiresAt, now))
          .limit(500),
      );
      if (expired.length === 0) return removed;
      for (const row of expired) if (row.storageKey) await this.storage.remove(row.storageKey);
      const ids = expired.map((row) => row.id);
      await inSystemScope((db) => db.delete(downloadCaches).where(inArray(downloadCaches.id, ids)));
      removed += expired.length;
    }
  }
}
