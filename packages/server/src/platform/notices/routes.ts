import {
  envelopeOf,
  MSG,
  noticeListQuerySchema,
  noticeReadBodySchema,
  noticeReadResultSchema,
  noticeRecordSchema,
  pageOf,
} from '@fieldpay/domain';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { principalOf } from '../auth/guards';
import type { RouteDeps } from '../modules';
import { listNotices, markAllNoticesRead, markNoticesRead, unreadNoticeCount } from './service';

/** The signed-in user's notices on the session's tenant (spec 1 §2 /notice/view/list, §7 unread count). */
export function registerNoticeRoutes({ app, services }: RouteDeps): void {
  const { db } = services.ctx;

  app.get(
    '/api/sys/notice/list',
    {
      config: { access: 'session' },
      schema: {
        tags: ['通知'],
        summary: '通知列表（readFlag 0 未读、1 已读，不传为全部）',
        querystring: noticeListQuerySchema,
        response: { 200: envelopeOf(pageOf(noticeRecordSchema)) },
      },
    },
    async (request) => ok(await listNotices(db, principalOf(request), request.query)),
  );

  app.post(
    '/api/sys/notice/read',
    {
      config: { access: 'session' },
      schema: {
        tags: ['通知'],
        summary: '标记通知为已读（只改本人在当前平台的通知）',
        body: noticeReadBodySchema,
        response: { 200: envelopeOf(noticeReadResultSchema) },
      },
    },
    async (request) => {
      const updated = await markNoticesRead(db, principalOf(request), request.body.ids);
      return ok({ updated }, MSG.noticesMarkedRead(updated));
    },
  );

  app.post(
    '/api/sys/notice/readAll',
    {
      config: { access: 'session' },
      schema: {
        tags: ['通知'],
        summary: '全部标记为已读',
        response: { 200: envelopeOf(noticeReadResultSchema) },
      },
    },
    async (request) => {
      const updated = await markAllNoticesRead(db, principalOf(request));
      return ok({ updated }, updated > 0 ? MSG.noticesMarkedRead(updated) : MSG.noUnreadNotices);
    },
  );

  app.get(
    '/api/sys/notice/unreadCount',
    {
      config: { access: 'session' },
      schema: { tags: ['通知'], summary: '未读通知数', response: { 200: envelopeOf(z.number().int()) } },
    },
    async (request) => ok(await unreadNoticeCount(db, principalOf(request))),
  );
}
