/**
 * 登录日志 (decision 0016): every sign-in attempt is written by the login (auth/login.ts) in its own
 * scope, kept whether the attempt succeeds or fails; the operator reads and exports them.
 */
import {
  DOWNLOAD_TYPES,
  LOGIN_FAILURE_REASONS,
  LOGIN_RESULTS,
  LOGIN_SIDE_LABELS,
  type LoginFailureReason,
  type LoginLogFilters,
  loginLogExportOperation,
  loginLogFiltersSchema,
  type LoginLogRecord,
  loginLogQueryOperation,
  type LoginResult,
  maskMiddle,
  maskPhone,
  type PageQuery,
  type Side,
} from '@fieldpay/domain';
import { and, asc, count, getTableColumns, gt, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { equalsIfGiven } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { loginLogs } from '../../db/schema';
import { registerOperation } from '../../http/operation';
import { hmacHex } from '../auth/crypto';
import { type ExportDefinition, readAhead } from '../exports/definition';
import { registerExportRoute } from '../exports/routes';
import { contains } from '../lookups/query';
import type { RouteDeps } from '../modules';
import type { AppContext } from '../context';
import { serverKey } from '../server-keys';

/** A login number as the log shows it: a mobile number's middle, anything else but its ends, masked. */
export const maskLoginName = (username: string): string =>
  /^1\d{10}$/.test(username) ? maskPhone(username) : maskMiddle(username.slice(0, 32), 1, 1);

export interface LoginAttempt {
  side: Side;
  username: string;
  ip: string;
  userAgent: string;
  tenantId?: number | null;
  userId?: number | null;
  realname?: string;
  result: LoginResult;
  reason?: LoginFailureReason;
  lockedUntil?: number | null;
}

export class LoginLogService {
  private readonly key: string;

  constructor(private readonly ctx: AppContext) {
    this.key = serverKey(ctx.config.serverSecret, 'login-log').toString('hex');
  }

  /** The keyed hash one account's attempts are found by: the number itself is never stored. */
  accountKey(username: string): string {
    return hmacHex(this.key, username.trim());
  }

  /** Writes one attempt in the current scope (a failure's AppError keeps it: decision 0010). */
  async record(attempt: LoginAttempt): Promise<void> {
    const username = attempt.username.trim();
    await this.ctx.db.insert(loginLogs).values({
      tenantId: attempt.tenantId ?? 0,
      userId: attempt.userId ?? null,
      usernameMasked: maskLoginName(username),
      usernameKey: this.accountKey(username),
      realname: (attempt.realname ?? '').slice(0, 32),
      side: attempt.side,
      result: attempt.result,
      reason: attempt.reason ?? '',
      ip: attempt.ip.slice(0, 64),
      userAgent: attempt.userAgent.slice(0, 256),
      lockedUntil: attempt.lockedUntil ? new Date(attempt.lockedUntil) : null,
    });
  }
}

const chinaTimeBound = (value: number | undefined, bound: typeof gte) =>
  value === undefined ? undefined : bound(loginLogs.createdAt, new Date(value));

export function loginLogWhere(service: LoginLogService, filters: LoginLogFilters): SQL | undefined {
  return and(
    filters.username ? equalsIfGiven(loginLogs.usernameKey, service.accountKey(filters.username)) : undefined,
    contains(loginLogs.realname, filters.realname),
    equalsIfGiven(loginLogs.side, filters.side),
    equalsIfGiven(loginLogs.result, filters.result),
    equalsIfGiven(loginLogs.ip, filters.ip || undefined),
    equalsIfGiven(loginLogs.tenantId, filters.tenantId),
    chinaTimeBound(filters.startTime, gte),
    chinaTimeBound(filters.endTime, lte),
  );
}

type LoginLogRow = typeof loginLogs.$inferSelect;

const recordOf = (row: LoginLogRow): LoginLogRecord => ({
  id: row.id,
  tenantId: row.tenantId,
  username: row.usernameMasked,
  realname: row.realname,
  side: row.side,
  result: row.result,
  reason: row.reason,
  ip: row.ip,
  userAgent: row.userAgent,
  lockedUntil: row.lockedUntil?.getTime() ?? null,
  createdAt: row.createdAt.getTime(),
});

export function queryLoginLog(db: DbOrTx, service: LoginLogService, query: LoginLogFilters & PageQuery) {
  return paged(db, query, {
    from: loginLogs,
    where: loginLogWhere(service, query),
    key: loginLogs.id,
    orderBy: [[loginLogs.id, 'desc']],
    rows: (page) =>
      db
        .select({ ...getTableColumns(loginLogs), ...page.columns })
        .from(loginLogs)
        .where(inArray(loginLogs.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row): LoginLogRecord => recordOf(row),
  });
}

const labelOf = <T extends Record<string, string>>(labels: T, key: string): string =>
  Object.hasOwn(labels, key) ? labels[key as keyof T] : key;

/** The export of the login log: the screen's columns, the login number masked as stored. */
export function loginLogExport(service: LoginLogService): ExportDefinition<LoginLogFilters, LoginLogRow> {
  return {
    kind: 'system.loginLog',
    downloadType: DOWNLOAD_TYPES.loginLog,
    title: '登录日志',
    filters: loginLogFiltersSchema,
    columns: [
      { header: '登录时间', width: 20, value: (row) => row.createdAt },
      { header: '登录账号', width: 16, value: (row) => row.usernameMasked },
      { header: '姓名', width: 12, value: (row) => row.realname },
      { header: '登录端', width: 8, value: (row) => labelOf(LOGIN_SIDE_LABELS, row.side) },
      { header: '结果', width: 8, value: (row) => labelOf(LOGIN_RESULTS, row.result) },
      { header: '原因', width: 30, value: (row) => (row.reason ? labelOf(LOGIN_FAILURE_REASONS, row.reason) : '') },
      { header: '锁定至', width: 20, value: (row) => row.lockedUntil },
      { header: 'IP地址', width: 16, value: (row) => row.ip },
      { header: '浏览器', width: 40, value: (row) => row.userAgent },
    ],
    labels: async () => ({ projectName: '登录日志', serviceType: '' }),
    count: async (db, _requester, filters) =>
      (await db.select({ n: count() }).from(loginLogs).where(loginLogWhere(service, filters)))[0].n,
    rows: (db, _requester, filters, windowRows) =>
      readAhead(
        async (afterId, limit) =>
          (
            await db
              .select({ id: loginLogs.id })
              .from(loginLogs)
              .where(and(loginLogWhere(service, filters), gt(loginLogs.id, afterId)))
              .orderBy(asc(loginLogs.id))
              .limit(limit)
          ).map((row) => row.id),
        (ids) => db.select().from(loginLogs).where(inArray(loginLogs.id, ids)).orderBy(asc(loginLogs.id)),
        windowRows,
      ),
  };
}

export function registerLoginLogRoutes(deps: RouteDeps): void {
  const { app, services } = deps;
  registerOperation(app, loginLogQueryOperation, (query) => queryLoginLog(services.ctx.db, services.loginLog, query));
  registerExportRoute(deps, loginLogExportOperation, 'system.loginLog');
}
