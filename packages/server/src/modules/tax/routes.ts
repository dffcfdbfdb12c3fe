import {
  TAX_VOUCHER_MSG,
  taxPeriodSummaryOperation,
  taxVoucherDetailOperation,
  taxVoucherListOperation,
  taxVoucherSaveOperation,
  taxVoucherSettlementsOperation,
} from '@fieldpay/domain';
import { registerOperation } from '../../http/operation';
import { actorOf, principalOf } from '../../platform/auth/guards';
import type { RouteDeps } from '../../platform/modules';
import { listTaxVouchers, saveTaxVoucher, taxPeriodSummary, taxVoucherDetail, taxVoucherSettlements } from './vouchers';

export function registerTaxRoutes({ app, services }: RouteDeps): void {
  registerOperation(app, taxVoucherListOperation, async (query, request) =>
    listTaxVouchers(services.ctx.db, principalOf(request), query),
  );
  registerOperation(app, taxVoucherDetailOperation, async ({ id }, request) =>
    taxVoucherDetail(services.ctx.db, principalOf(request), id),
  );
  registerOperation(app, taxVoucherSettlementsOperation, async (query, request) =>
    taxVoucherSettlements(services.ctx.db, principalOf(request), query),
  );
  registerOperation(app, taxPeriodSummaryOperation, async (query, request) =>
    taxPeriodSummary(services.ctx.db, principalOf(request), query),
  );
  registerOperation(
    app,
    taxVoucherSaveOperation,
    async (body, request) => saveTaxVoucher(services, principalOf(request), body, actorOf(request)),
    { message: TAX_VOUCHER_MSG.saved },
  );
}
