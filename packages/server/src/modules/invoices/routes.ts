import {
  INVOICE_MSG,
  invoiceableSettlementsOperation,
  invoiceApplyOperation,
  invoiceCompanyListOperation,
  invoiceDetailOperation,
  invoiceExportOperation,
  invoiceInfoOperation,
  invoiceInfoRecordsOperation,
  invoiceInfoSaveOperation,
  invoiceListOperation,
  invoiceReceiptOperation,
  invoiceSettlementsOperation,
  invoiceStatusUpdateOperation,
  settlementInvoiceOperation,
} from '@fieldpay/domain';
import { registerOperation } from '../../http/operation';
import { actorOf, principalOf } from '../../platform/auth/guards';
import { registerExportRoute } from '../../platform/exports/routes';
import type { RouteDeps } from '../../platform/modules';
import { invoiceExport } from './export';
import {
  applyInvoice,
  confirmInvoiceReceipt,
  invoiceableSettlements,
  invoiceDetail,
  invoiceInfo,
  invoiceInfoRecords,
  invoiceSettlementPage,
  listCompanyInvoices,
  listInvoices,
  saveInvoiceInfo,
  settlementInvoice,
  updateInvoiceStatus,
} from './service';

export function registerInvoiceRoutes(deps: RouteDeps): void {
  const { app, services } = deps;
  registerExportRoute(deps, invoiceExportOperation, invoiceExport.kind);
  registerOperation(app, invoiceListOperation, async (query, request) =>
    listInvoices(services.ctx.db, principalOf(request), query),
  );
  registerOperation(app, invoiceCompanyListOperation, async (query, request) =>
    listCompanyInvoices(services.ctx.db, principalOf(request), query),
  );
  registerOperation(app, invoiceDetailOperation, async ({ id }, request) =>
    invoiceDetail(services, principalOf(request), id),
  );
  registerOperation(app, invoiceSettlementsOperation, async (query, request) =>
    invoiceSettlementPage(services.ctx.db, principalOf(request), query),
  );
  registerOperation(app, invoiceableSettlementsOperation, async (query, request) =>
    invoiceableSettlements(services.ctx.db, principalOf(request), query),
  );
  registerOperation(
    app,
    invoiceApplyOperation,
    async (body, request) => applyInvoice(services, principalOf(request), body, actorOf(request)),
    { message: INVOICE_MSG.applied },
  );
  registerOperation(
    app,
    invoiceStatusUpdateOperation,
    async (body, request) => updateInvoiceStatus(services, principalOf(request), body, actorOf(request)),
    { message: INVOICE_MSG.statusUpdated },
  );
  registerOperation(
    app,
    invoiceReceiptOperation,
    async ({ ids }, request) => confirmInvoiceReceipt(services, principalOf(request), ids, actorOf(request)),
    { message: INVOICE_MSG.received },
  );
  registerOperation(app, settlementInvoiceOperation, async (query, request) =>
    settlementInvoice(services.ctx.db, principalOf(request), query),
  );
  registerOperation(app, invoiceInfoRecordsOperation, async (query, request) =>
    invoiceInfoRecords(services.ctx.db, principalOf(request), query),
  );
  registerOperation(app, invoiceInfoOperation, async ({ companyId }, request) =>
    invoiceInfo(services.ctx.db, principalOf(request), companyId),
  );
  registerOperation(
    app,
    invoiceInfoSaveOperation,
    async (body, request) => saveInvoiceInfo(services.ctx.db, principalOf(request), body, actorOf(request)),
    { message: INVOICE_MSG.infoSaved },
  );
}
