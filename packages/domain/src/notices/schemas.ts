/** Notices: the list at /notice/view/list, read marks and the red dot (spec 1 §2, §7; decision 0004). */
import { z } from 'zod';
import { MSG } from '../messages';
import { STYLE_TAG_COLOR, type StatusDictionary, type StatusStyle } from '../status';
import { pageQuerySchema } from '../api/envelope';

const noticeType = (label: string, style: StatusStyle) => ({ label, style, color: STYLE_TAG_COLOR[style] });

/** What a notice is about; the list shows the label as a coloured tag. */
export const NOTICE_TYPES = {
  system: noticeType('系统通知', 'other'),
  project: noticeType('项目通知', 'main'),
  task: noticeType('任务通知', 'main'),
  settlement: noticeType('结算通知', 'success'),
  invoice: noticeType('发票通知', 'warn'),
  agreement: noticeType('协议通知', 'main'),
  finance: noticeType('财务通知', 'warn'),
  download: noticeType('下载通知', 'normal'),
} as const satisfies StatusDictionary<string>;
export type NoticeType = keyof typeof NOTICE_TYPES;
export const noticeTypeSchema = z.enum(Object.keys(NOTICE_TYPES) as [NoticeType, ...NoticeType[]]);

/** readFlag of a notice: 0 unread, 1 read. */
export const NOTICE_READ_FLAG = {
  0: noticeType('未读', 'warn'),
  1: noticeType('已读', 'other'),
} as const satisfies StatusDictionary<number>;
export type NoticeReadFlag = keyof typeof NOTICE_READ_FLAG;

export const NOTICE_LIMITS = { titleMaxLength: 100, contentMaxLength: 2000, bizIdMaxLength: 64, linkMaxLength: 256 };

/**
 * A notice links only into the console (a hash route such as `/company/catchSystem/orderGenerateCache`),
 * never to another site: a single leading slash and the characters of a route and its query.
 */
export const noticeLinkSchema = z
  .string()
  .max(NOTICE_LIMITS.linkMaxLength)
  .regex(/^\/(?!\/)[A-Za-z0-9/_\-.?=&%]*$/);

export const noticeListQuerySchema = pageQuerySchema.extend({
  /** 0 unread, 1 read; absent: all */
  readFlag: z
    .enum(['0', '1'])
    .optional()
    .transform((flag) => (flag === undefined ? undefined : (Number(flag) as NoticeReadFlag))),
});

export const noticeRecordSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  content: z.string(),
  bizId: z.string().nullable(),
  link: z.string().nullable(),
  readFlag: z.union([z.literal(0), z.literal(1)]),
  /** epoch milliseconds */
  createTime: z.number().int(),
  readTime: z.number().int().nullable(),
});
export type NoticeRecord = z.infer<typeof noticeRecordSchema>;

export const noticeReadBodySchema = z.object({
  ids: z.array(z.number().int().positive()).min(1, MSG.noticeReadRequired).max(500),
});

export const noticeReadResultSchema = z.object({ updated: z.number().int() });
