import {
  MSG,
  noticeListOperation,
  noticeReadAllOperation,
  noticeReadOperation,
  noticeUnreadCountOperation,
} from '@fieldpay/domain';
import { registerOperation } from '../../http/operation';
import { principalOf } from '../auth/guards';
import type { RouteDeps } from '../modules';
import { listNotices, markAllNoticesRead, markNoticesRead, unreadNoticeCount } from './service';

/** The signed-in user's notices on the session's tenant (spec 1 §2 /notice/view/list, §7 unread count). */
export function registerNoticeRoutes({ app, services }: RouteDeps): void {
  const { db } = services.ctx;

  registerOperation(app, noticeListOperation, async (query, request) => listNotices(db, principalOf(request), query));

  registerOperation(
    app,
    noticeReadOperation,
    async ({ ids }, request) => ({ updated: await markNoticesRead(db, principalOf(request), ids) }),
    { message: ({ updated }) => MSG.noticesMarkedRead(updated) },
  );

  registerOperation(
    app,
    noticeReadAllOperation,
    async (_input, request) => ({ updated: await markAllNoticesRead(db, principalOf(request)) }),
    { message: ({ updated }) => (updated > 0 ? MSG.noticesMarkedRead(updated) : MSG.noUnreadNotices) },
  );

  registerOperation(app, noticeUnreadCountOperation, async (_input, request) =>
    unreadNoticeCount(db, principalOf(request)),
  );
}
