/** 审计日志 screen's query (decision 0013): filters over the audit rows, newest first. */
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  auditExportOperation,
  type AuditFilters,
  auditFiltersSchema,
  auditQueryOperation,
  type AuditRecord,
  DOWNLOAD_TYPES,
} from '@fieldpay/domain';
import { and, asc, count, getTableColumns, gt, gte, inArray, lte } from 'drizzle-orm';
import type { z } from 'zod';
import { equalsIfGiven } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { auditLogs } from '../../db/schema';
import { registerOperation } from '../../http/operation';
import { type ExportDefinition, readAhead } from '../exports/definition';
import { registerExportRoute } from '../exports/routes';
import { contains } from '../lookups/query';
import type { RouteDeps } from '../modules';

type Query = z.output<(typeof auditQueryOperation)['input']>;

export const auditWhere = (query: AuditFilters) =>
  and(
    contains(auditLogs.actorName, query.actorName),
    equalsIfGiven(auditLogs.action, query.action || undefined),
    equalsIfGiven(auditLogs.targetType, query.targetType || undefined),
    equalsIfGiven(auditLogs.targetId, query.targetId || undefined),
    equalsIfGiven(auditLogs.tenantId, query.tenantId),
    query.startTime === undefined ? undefined : gte(auditLogs.createdAt, new Date(query.startTime)),
    query.endTime === undefined ? undefined : lte(auditLogs.createdAt, new Date(query.endTime)),
  );

export function queryAudit(db: DbOrTx, query: Query) {
  return paged(db, query, {
    from: auditLogs,
    where: auditWhere(query),
    key: auditLogs.id,
    orderBy: [[auditLogs.id, 'desc']],
    rows: (page) =>
      db
        .select({ ...getTableColumns(auditLogs), ...page.columns })
        .from(auditLogs)
        .where(inArray(auditLogs.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row): AuditRecord => ({
      id: row.id,
      tenantId: row.tenantId,
      actorName: row.actorName,
      side: row.side,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      before: row.before,
      after: row.after,
      ip: row.ip,
      createdAt: row.createdAt.getTime(),
    }),
  });
}

type AuditRow = typeof auditLogs.$inferSelect;

/** A stored before/after value as the screen writes it: `key: value` pairs. */
export function changeText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => `${key}: ${typeof item === 'object' ? JSON.stringify(item) : String(item)}`)
    .join('；');
}

const SIDE_LABELS: Record<string, string> = { platform: '平台端', enterprise: '企业端' };

/** The export of the audit log (its filters, newest rows last): values stay masked as written. */
export const auditExport: ExportDefinition<AuditFilters, AuditRow> = {
  kind: 'system.audit',
  downloadType: DOWNLOAD_TYPES.auditLog,
  title: '审计日志',
  filters: auditFiltersSchema,
  columns: [
    { header: '操作时间', width: 20, value: (row) => row.createdAt },
    { header: '操作人', width: 14, value: (row) => row.actorName },
    { header: '端', width: 8, value: (row) => SIDE_LABELS[row.side] ?? row.side },
    { header: '操作', width: 16, value: (row) => AUDIT_ACTIONS[row.action] ?? row.action },
    { header: '对象类型', width: 10, value: (row) => AUDIT_TARGET_TYPES[row.targetType] ?? row.targetType },
    { header: '对象编号', width: 12, value: (row) => row.targetId },
    { header: '变更前', width: 50, value: (row) => changeText(row.before) },
    { header: '变更后', width: 50, value: (row) => changeText(row.after) },
    { header: 'IP地址', width: 16, value: (row) => row.ip },
  ],
  labels: async () => ({ projectName: '审计日志', serviceType: '' }),
  count: async (db, _requester, filters) =>
    (await db.select({ n: count() }).from(auditLogs).where(auditWhere(filters)))[0].n,
  rows: (db, _requester, filters, windowRows) =>
    readAhead(
      async (afterId, limit) =>
        (
          await db
            .select({ id: auditLogs.id })
            .from(auditLogs)
            .where(and(auditWhere(filters), gt(auditLogs.id, afterId)))
            .orderBy(asc(auditLogs.id))
            .limit(limit)
        ).map((row) => row.id),
      (ids) => db.select().from(auditLogs).where(inArray(auditLogs.id, ids)).orderBy(asc(auditLogs.id)),
      windowRows,
    ),
};

export function registerAuditQueryRoutes(deps: RouteDeps): void {
  const { app, services } = deps;
  registerOperation(app, auditQueryOperation, (input) => queryAudit(services.ctx.db, input));
  registerExportRoute(deps, auditExportOperation, 'system.audit');
}
