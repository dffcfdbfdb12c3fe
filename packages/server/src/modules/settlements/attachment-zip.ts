/**
 * The attachment zip of a settlement or of one person's line of it (spec 3 §6; decision 0045):
 * by `id` the files the enterprise attached to the settlement; by `subOrderId` the photos and files
 * of the line's tasks, one folder per task (the evidence of what that person was paid for). The
 * file name says which order it is (attachmentZipTitle). Nothing to put in it answers 无数据.
 */
import {
  attachmentZipQuerySchema,
  attachmentZipTitle,
  MSG,
  SETTLEMENT_DOCUMENT_PATHS,
  SETTLEMENT_MSG,
} from '@fieldpay/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { fail } from '../../core/errors';
import { enterpriseScope, type Viewer } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { files, settlementAttachments, settlementLines, settlements, settlementTasks, tasks } from '../../db/schema';
import { contentDisposition } from '../../http/content-disposition';
import { principalOf } from '../../platform/auth/guards';
import { type ZipEntry, uniqueZipNames, zipOfStoredFiles, zipSegment } from '../../platform/files/zip-stream';
import type { RouteDeps } from '../../platform/modules';
import { taskFileEntries } from '../tasks/detail';
import { activeAttachmentsOf, visibleSettlement } from './documents';

type AttachmentZipQuery = z.output<typeof attachmentZipQuerySchema>;

/** The settlement's active attachments, in the order they were added. */
async function settlementFileEntries(db: DbOrTx, viewer: Viewer, settlementId: number): Promise<ZipEntry[]> {
  const rows = await db
    .select({ fileName: files.fileName, storageKey: files.storageKey })
    .from(settlementAttachments)
    .innerJoin(files, eq(files.id, settlementAttachments.fileId))
    .where(activeAttachmentsOf(viewer, settlementId))
    .orderBy(asc(settlementAttachments.id));
  return uniqueZipNames(rows.map((row) => ({ name: zipSegment(row.fileName), storageKey: row.storageKey })));
}

/** One person's line the viewer may see, with its settlement's audit status; else 结算明细不存在. */
async function visibleLine(db: DbOrTx, viewer: Viewer, lineId: number) {
  const [line] = await db
    .select({ id: settlementLines.id, tenantId: settlementLines.tenantId, auditStatus: settlements.auditStatus })
    .from(settlementLines)
    .innerJoin(settlements, eq(settlements.id, settlementLines.settlementId))
    .where(
      and(
        enterpriseScope(viewer, settlementLines.tenantId, settlementLines.enterpriseId),
        eq(settlementLines.id, lineId),
      ),
    );
  if (!line) throw fail.notFound(SETTLEMENT_MSG.lineNotFound);
  return line;
}

/** What the zip holds and its name; 无数据 (404) when there is nothing. */
export async function attachmentZipContents(
  db: DbOrTx,
  viewer: Viewer,
  query: AttachmentZipQuery,
): Promise<{ title: string; entries: ZipEntry[] }> {
  let title: string;
  let entries: ZipEntry[];
  if (query.id !== undefined) {
    const settlement = await visibleSettlement(db, viewer, query.id);
    title = attachmentZipTitle(settlement.auditStatus, false);
    entries = await settlementFileEntries(db, viewer, settlement.id);
  } else {
    const line = await visibleLine(db, viewer, query.subOrderId as number);
    const lineTasks = await db
      .select({ id: tasks.id, taskSn: tasks.taskSn })
      .from(settlementTasks)
      .innerJoin(tasks, eq(tasks.id, settlementTasks.taskId))
      .where(and(eq(settlementTasks.tenantId, line.tenantId), eq(settlementTasks.lineId, line.id)))
      .orderBy(asc(tasks.id));
    title = attachmentZipTitle(line.auditStatus, true);
    entries = await taskFileEntries(db, line.tenantId, lineTasks, { folderPerTask: true });
  }
  if (entries.length === 0) throw fail.notFound(MSG.noData);
  return { title, entries };
}

/** GET exportAttachmentZip: a documented hand-registered route (http/operation.ts), it streams a zip. */
export function registerAttachmentZipRoute({ app, services }: RouteDeps): void {
  app.get(
    SETTLEMENT_DOCUMENT_PATHS.attachmentZip,
    {
      config: { access: { permission: 'settlement:list:view' } },
      schema: {
        tags: ['结算'],
        summary:
          '导出附件（zip）：id 为结算单的附件，subOrderId 为一人一行（子结算单）的任务照片与附件；文件名 确认单附件、子确认单附件、结算单附件或子结算单附件；没有时答复“无数据”',
        querystring: attachmentZipQuerySchema,
      },
    },
    async (request, reply) => {
      const query = request.query as AttachmentZipQuery;
      const { title, entries } = await attachmentZipContents(services.ctx.db, principalOf(request), query);
      const zip = await zipOfStoredFiles(services.files.storage, entries);
      return reply
        .type('application/zip')
        .header('content-disposition', contentDisposition('attachment', `${title}.zip`, 'attachments.zip'))
        .header('cache-control', 'no-store')
        .send(zip);
    },
  );
}
