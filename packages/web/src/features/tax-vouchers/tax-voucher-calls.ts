/** The tax voucher screens' calls and query keys (spec 2 §2.7, §7; decision 0032). */
import {
  type OperationInput,
  taxPeriodSummaryOperation,
  taxVoucherListOperation,
  taxVoucherSaveOperation,
  taxVoucherSettlementsOperation,
} from '@fieldpay/domain';
import { call, callWithMessage } from '../../app/api-client';

/** Every tax voucher query: invalidate it after a save. */
export const TAX_VOUCHER_KEY = ['tax-vouchers'] as const;
export const TAX_VOUCHER_LIST_KEY = ['tax-vouchers', 'list'] as const;
export const taxVoucherSettlementsKey = (id: number) => ['tax-vouchers', 'settlements', id] as const;
export const taxPeriodKey = (enterpriseId: number, tenantId: number, taxPeriod: string) =>
  ['tax-vouchers', 'period', enterpriseId, tenantId, taxPeriod] as const;

export const fetchTaxVouchers = (query: OperationInput<typeof taxVoucherListOperation>) =>
  call(taxVoucherListOperation, query);

export const fetchTaxVoucherSettlements = (id: number, pageNo: number, pageSize: number) =>
  call(taxVoucherSettlementsOperation, { id, pageNo, pageSize });

export const fetchTaxPeriod = (query: OperationInput<typeof taxPeriodSummaryOperation>) =>
  call(taxPeriodSummaryOperation, query);

/** 保存 on the upload page; answers the server's words (完税凭证已保存). */
export async function saveTaxVoucher(body: OperationInput<typeof taxVoucherSaveOperation>): Promise<string> {
  return (await callWithMessage(taxVoucherSaveOperation, body)).message;
}
