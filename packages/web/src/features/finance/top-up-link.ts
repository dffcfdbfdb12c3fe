/** Where a short balance sends the user (spec 2 §2 routes): the financial account page with sign=1. */
import { type PendingSettlement, parsePendingSettlement } from '@fieldpay/domain';

export const FINANCIAL_ACCOUNT_PATH = '/company/financialSystem/financialAccountManage';

/** The page with the short-balance notice and, when known, the settlement to return to. */
export function topUpPath(settlement?: PendingSettlement): string {
  const params = new URLSearchParams({ sign: '1' });
  if (settlement) {
    const { id, settlementSn, amount } = settlement;
    params.set('settlement', JSON.stringify({ id, settlementSn, amount }));
  }
  return `${FINANCIAL_ACCOUNT_PATH}?${params}`;
}

/** The settlement serialized in the page's address, or null. */
export const readPendingSettlement = (params: URLSearchParams) => parsePendingSettlement(params.get('settlement'));
