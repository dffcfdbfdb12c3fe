/**
 * 发票导出: the sheet the platform issues an invoice from (spec 2 §6: the sender downloads the
 * invoice excel), through the export centre: the invoice's header, bank and mailing details on
 * every row, one row per settlement it covers.
 */
import {
  DOWNLOAD_TYPES,
  fenToYuan,
  INVOICE_MSG,
  INVOICE_NUMBER_SEPARATOR,
  INVOICE_SENDING_TYPES,
  INVOICE_TYPES,
  type InvoiceTypeCode,
  invoiceExportFiltersSchema,
  TASK_TYPES,
  type TaskTypeId,
} from '@fieldpay/domain';
import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { fail } from '../../core/errors';
import { enterpriseScope, type Viewer } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { invoiceSettlements, invoices, projects, settlements } from '../../db/schema';
import { type ExportDefinition, readAhead } from '../../platform/exports/definition';

type Filters = z.infer<typeof invoiceExportFiltersSchema>;

const scopeOf = (viewer: Viewer) =>
  enterpriseScope(viewer, invoiceSettlements.tenantId, invoiceSettlements.enterpriseId);
const rowsWhere = (viewer: Viewer, filters: Filters) =>
  and(scopeOf(viewer), eq(invoiceSettlements.invoiceId, filters.id));

const rowsOf = (db: DbOrTx, ids: readonly number[]) =>
  db
    .select({
      id: invoiceSettlements.id,
      invoice: invoices,
      settlementSn: settlements.settlementSn,
      projectName: projects.projectName,
      visitTypeId: settlements.visitTypeId,
      amountFen: settlements.amountFen,
      settlementTime: settlements.settlementTime,
    })
    .from(invoiceSettlements)
    .innerJoin(invoices, eq(invoices.id, invoiceSettlements.invoiceId))
    .innerJoin(settlements, eq(settlements.id, invoiceSettlements.settlementId))
    .innerJoin(projects, eq(projects.id, settlements.projectId))
    .where(inArray(invoiceSettlements.id, [...ids]))
    .orderBy(asc(invoiceSettlements.id));
type Row = Awaited<ReturnType<typeof rowsOf>>[number];

export const invoiceExport: ExportDefinition<Filters, Row> = {
  kind: 'invoice.excel',
  downloadType: DOWNLOAD_TYPES.invoices,
  title: '发票导出',
  filters: invoiceExportFiltersSchema,
  columns: [
    { header: '发票申请编号', width: 20, value: (row) => row.invoice.invoiceSn },
    { header: '发票抬头', width: 28, value: (row) => row.invoice.invoiceName },
    { header: '税号', width: 22, value: (row) => row.invoice.taxpayerNumber },
    { header: '公司注册地址', width: 30, value: (row) => row.invoice.enterpriseAddress },
    { header: '公司电话', width: 16, value: (row) => row.invoice.mobile },
    { header: '开户银行', width: 24, value: (row) => row.invoice.bankName },
    { header: '银行账号', width: 24, value: (row) => row.invoice.bankCard },
    {
      header: '发票类型',
      width: 16,
      value: (row) => INVOICE_TYPES[row.invoice.invoiceType as InvoiceTypeCode] ?? '',
    },
    { header: '开票类目', width: 24, value: (row) => row.invoice.invoiceCategory },
    { header: '开票金额(元)', width: 14, value: (row) => fenToYuan(row.invoice.priceFen) },
    {
      header: '寄送方式',
      width: 16,
      value: (row) => INVOICE_SENDING_TYPES[row.invoice.sendingType as 1 | 2] ?? '',
    },
    {
      header: '收件信息',
      width: 36,
      value: (row) =>
        row.invoice.sendingType === 1
          ? [row.invoice.recipient, row.invoice.recipientPhone, row.invoice.recipientAddress].join(' ')
          : row.invoice.recipientEmail,
    },
    {
      header: '发票号码',
      width: 24,
      value: (row) => row.invoice.invoiceNumbers.join(INVOICE_NUMBER_SEPARATOR),
    },
    { header: '结算单号', width: 20, value: (row) => row.settlementSn },
    { header: '项目名称', width: 24, value: (row) => row.projectName },
    { header: '服务类型', width: 14, value: (row) => TASK_TYPES[row.visitTypeId as TaskTypeId] ?? row.visitTypeId },
    { header: '结算金额(元)', width: 14, value: (row) => fenToYuan(row.amountFen) },
    { header: '结算时间', width: 20, value: (row) => row.settlementTime },
  ],
  async labels(db, viewer, filters) {
    const [row] = await db
      .select({ invoiceSn: invoices.invoiceSn })
      .from(invoices)
      .where(and(enterpriseScope(viewer, invoices.tenantId, invoices.enterpriseId), eq(invoices.id, filters.id)));
    if (!row) throw fail.notFound(INVOICE_MSG.notFound);
    return { projectName: row.invoiceSn, serviceType: '' };
  },
  count: async (db, viewer, filters) =>
    (await db.select({ n: count() }).from(invoiceSettlements).where(rowsWhere(viewer, filters)))[0].n,
  rows: (db, viewer, filters, windowRows) =>
    readAhead(
      async (afterId, limit) =>
        (
          await db
            .select({ id: invoiceSettlements.id })
            .from(invoiceSettlements)
            .where(and(rowsWhere(viewer, filters), gt(invoiceSettlements.id, afterId)))
            .orderBy(asc(invoiceSettlements.id))
            .limit(limit)
        ).map((row) => row.id),
      (ids) => rowsOf(db, ids),
      windowRows,
    ),
};
