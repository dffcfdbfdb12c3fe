/** The signed-in user's notices on the session's tenant (spec 1 §2 /notice/view/list, §7 unread count). */
import { z } from 'zod';
import { pageOf } from '../api/envelope';
import { defineOperation, noInput } from '../api/operation';
import { noticeListQuerySchema, noticeReadBodySchema, noticeReadResultSchema, noticeRecordSchema } from './schemas';

export const noticeListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/notice/list',
  tag: '通知',
  summary: '通知列表（readFlag 0 未读、1 已读，不传为全部）',
  access: 'session',
  input: noticeListQuerySchema,
  answer: pageOf(noticeRecordSchema),
});

/** The envelope's message names how many were marked (MSG.noticesMarkedRead). */
export const noticeReadOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/notice/read',
  tag: '通知',
  summary: '标记通知为已读（只改本人在当前平台的通知）',
  access: 'session',
  input: noticeReadBodySchema,
  answer: noticeReadResultSchema,
});

export const noticeReadAllOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/notice/readAll',
  tag: '通知',
  summary: '全部标记为已读',
  access: 'session',
  input: noInput,
  answer: noticeReadResultSchema,
});

export const noticeUnreadCountOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/notice/unreadCount',
  tag: '通知',
  summary: '未读通知数',
  access: 'session',
  input: noInput,
  answer: z.number().int(),
});
