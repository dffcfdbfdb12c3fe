/**
 * Where the settlement list lives (spec 2 §2 routes) and how an address opens one settlement's detail
 * (?isPage=notice&id=, the notice deep link), in a module of their own so that pages linking here stay
 * out of the list's chunk.
 */
export const SETTLEMENT_LIST_PATH = '/settlement/order/list';

/** The detail view of one settlement; `resumePay` reopens its settlement dialog (back from a top-up). */
export const settlementDetailPath = (id: number, resumePay = false) =>
  `${SETTLEMENT_LIST_PATH}?isPage=notice&id=${id}${resumePay ? '&settle=1' : ''}`;
