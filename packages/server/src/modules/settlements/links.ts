/** The settlement list's address; with isPage=notice&id it opens that settlement's detail (spec 2 §2). */
export const SETTLEMENT_LIST_URL = '/settlement/order/list';

export const settlementLink = (settlementId: number) => `${SETTLEMENT_LIST_URL}?isPage=notice&id=${settlementId}`;

/** One settlement's payout jobs share this key: at most one of them waits at a time (jobs.ts, policy short). */
export const payoutJobKey = (settlementId: number): string => `settlement:${settlementId}`;
