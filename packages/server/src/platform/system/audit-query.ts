/** 审计日志 screen's query (decision 0013): filters over the audit rows, newest first. */
import { auditQueryOperation, type AuditRecord } from '@fieldpay/domain';
import { and, getTableColumns, gte, inArray, lte } from 'drizzle-orm';
import type { z } from 'zod';
import { equalsIfGiven } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { auditLogs } from '../../db/schema';
import { registerOperation } from '../../http/operation';
import { contains } from '../lookups/query';
import type { RouteDeps } from '../modules';

type Query = z.output<(typeof auditQueryOperation)['input']>;

export function queryAudit(db: DbOrTx, query: Query) {
  const where = and(
    contains(auditLogs.actorName, query.actorName),
    equalsIfGiven(auditLogs.action, query.action || undefined),
    equalsIfGiven(auditLogs.targetType, query.targetType || undefined),
    equalsIfGiven(auditLogs.targetId, query.targetId || undefined),
    equalsIfGiven(auditLogs.tenantId, query.tenantId),
    query.startTime === undefined ? undefined : gte(auditLogs.createdAt, new Date(query.startTime)),
    query.endTime === undefined ? undefined : lte(auditLogs.createdAt, new Date(query.endTime)),
  );
  return paged(db, query, {
    from: auditLogs,
    where,
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

export function registerAuditQueryRoutes({ app, services }: RouteDeps): void {
  registerOperation(app, auditQueryOperation, (input) => queryAudit(services.ctx.db, input));
}
