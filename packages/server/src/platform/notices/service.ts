/**
 * Notices: what a user is told about events of the business modules (a settlement approved or paid,
 * a project reviewed, an export ready). Modules call `createNotice` inside the transaction of the
 * event, so a notice exists exactly when the event does:
 *
 *   await db.transaction(async (tx) => {
 *     ...approve the settlement...
 *     await createNotice(tx, {
 *       tenantId: settlement.tenantId,
 *       userIds: await enterpriseMemberIds(tx, settlement.tenantId, settlement.enterpriseId),
 *       type: 'settlement',
 *       title: '结算单审核通过',
 *       content: `结算单${settlement.settlementSn}已审核通过，请及时完成付款。`,
 *       bizId: settlement.id,
 *       link: `/company/settlement/list?isPage=notice&id=${settlement.id}`,
 *     });
 *   });
 *
 * Users read them at /notice/view/list; the top bar shows a red dot while any is unread.
 */
import {
  NOTICE_LIMITS,
  type NoticeReadFlag,
  type NoticeRecord,
  type NoticeType,
  noticeLinkSchema,
  noticeTypeSchema,
  type Page,
} from '@fieldpay/domain';
import { and, count, eq, getTableColumns, inArray, isNotNull, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { enterpriseMembers, notices, users } from '../../db/schema';
import type { Principal } from '../auth/sessions';

export interface NewNotice {
  /** the tenant the event belongs to; the notice shows to its users while their session is on it */
  tenantId: number;
  /** recipients (console users); repeats are sent once */
  userIds: readonly number[];
  type: NoticeType;
  title: string;
  content?: string;
  /** id of the record the notice is about */
  bizId?: string | number | null;
  /** console route the list's 查看 opens (hash path, no other site) */
  link?: string | null;
  /** when the event happened; now unless the event is replayed at its own date (the demo seed) */
  createdAt?: Date;
}

const newNoticeSchema = z.object({
  tenantId: z.number().int().min(0),
  userIds: z.array(z.number().int().positive()),
  type: noticeTypeSchema,
  title: z.string().trim().min(1).max(NOTICE_LIMITS.titleMaxLength),
  content: z.string().max(NOTICE_LIMITS.contentMaxLength).default(''),
  bizId: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((id) => (id === null || id === undefined ? null : String(id)))
    .pipe(z.string().max(NOTICE_LIMITS.bizIdMaxLength).nullable()),
  link: noticeLinkSchema.nullish().transform((link) => link ?? null),
});

/**
 * Creates one notice per recipient and answers their ids. A malformed notice (empty title, a link
 * outside the console, an unknown type) is a programming error and throws before anything is written.
 */
export async function createNotice(db: DbOrTx, notice: NewNotice): Promise<number[]> {
  const valid = newNoticeSchema.parse(notice);
  const recipients = [...new Set(valid.userIds)];
  if (recipients.length === 0) return [];
  const rows = await db
    .insert(notices)
    .values(
      recipients.map((userId) => ({
        tenantId: valid.tenantId,
        userId,
        type: valid.type,
        title: valid.title,
        content: valid.content,
        bizId: valid.bizId,
        link: valid.link,
        ...(notice.createdAt ? { createdAt: notice.createdAt } : {}),
      })),
    )
    .returning({ id: notices.id });
  return rows.map((row) => row.id);
}

/** The console users of an enterprise on a tenant: the usual recipients of an enterprise's notices. */
export async function enterpriseMemberIds(db: DbOrTx, tenantId: number, enterpriseId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: enterpriseMembers.userId })
    .from(enterpriseMembers)
    .where(and(eq(enterpriseMembers.tenantId, tenantId), eq(enterpriseMembers.enterpriseId, enterpriseId)));
  return rows.map((row) => row.userId);
}

/** The enabled staff of a tenant (platform side): who is told of work waiting for the platform. */
export async function tenantStaffIds(db: DbOrTx, tenantId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.side, 'platform'), eq(users.tenantId, tenantId), eq(users.status, 1)));
  return rows.map((row) => row.id);
}

type NoticeReader = Pick<Principal, 'userId' | 'tenantId'>;

/** Notices are the user's own, on the tenant of the session. */
const ownedBy = (reader: NoticeReader) => and(eq(notices.userId, reader.userId), eq(notices.tenantId, reader.tenantId));

const readFilter = (readFlag: NoticeReadFlag | undefined) =>
  readFlag === undefined ? undefined : readFlag === 1 ? isNotNull(notices.readAt) : isNull(notices.readAt);

export async function listNotices(
  db: DbOrTx,
  reader: NoticeReader,
  query: { pageNo: number; pageSize: number; readFlag?: NoticeReadFlag },
): Promise<Page<NoticeRecord>> {
  return paged(db, query, {
    from: notices,
    where: and(ownedBy(reader), readFilter(query.readFlag)),
    key: notices.id,
    orderBy: [
      [notices.createdAt, 'desc'],
      [notices.id, 'desc'],
    ],
    rows: (page) =>
      db
        .select({ ...getTableColumns(notices), ...page.columns })
        .from(notices)
        .where(inArray(notices.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => ({
      id: row.id,
      type: row.type,
      title: row.title,
      content: row.content,
      bizId: row.bizId,
      link: row.link,
      readFlag: row.readAt ? 1 : 0,
      createTime: row.createdAt.getTime(),
      readTime: row.readAt ? row.readAt.getTime() : null,
    }),
  });
}

/** Marks the user's own unread notices among `ids` read; others' ids change nothing. Answers how many changed. */
export async function markNoticesRead(db: DbOrTx, reader: NoticeReader, ids: readonly number[]): Promise<number> {
  const rows = await db
    .update(notices)
    .set({ readAt: new Date() })
    .where(and(ownedBy(reader), inArray(notices.id, [...ids]), isNull(notices.readAt)))
    .returning({ id: notices.id });
  return rows.length;
}

export async function markAllNoticesRead(db: DbOrTx, reader: NoticeReader): Promise<number> {
  const rows = await db
    .update(notices)
    .set({ readAt: new Date() })
    .where(and(ownedBy(reader), isNull(notices.readAt)))
    .returning({ id: notices.id });
  return rows.length;
}

export async function unreadNoticeCount(db: DbOrTx, reader: NoticeReader): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(notices)
    .where(and(ownedBy(reader), isNull(notices.readAt)));
  return n;
}
