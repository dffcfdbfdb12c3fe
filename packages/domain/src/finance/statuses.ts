/** The ledger's entry types and account kinds, with the labels the account flows show (decision 0018). */
import { defineStatuses } from '../status';

/**
 * What an entry books. Each type has one reference per business event (its exactly-once key):
 * topUp the bank's reference of the deposit; settlementPay the settlement; payout and
 * payoutReturned the payout instruction's yurref; withdraw and withdrawReturned the withdrawal's
 * yurref; correction the entry it reverses.
 */
export const LEDGER_ENTRY_TYPES = {
  topUp: '充值',
  settlementPay: '结算付款',
  payout: '代发',
  payoutReturned: '代发退回',
  correction: '冲正',
  withdraw: '提现',
  withdrawReturned: '提现退回',
} as const;
export type LedgerEntryType = keyof typeof LEDGER_ENTRY_TYPES;

/** Account kinds and their normal side (1 debit: assets; -1 credit: what the platform owes, its income). */
export const LEDGER_ACCOUNT_KINDS = {
  enterprise: { name: '企业账户', normalSide: -1 },
  bank: { name: '银行存款', normalSide: 1 },
  clearing: { name: '平台清算户', normalSide: -1 },
  feeIncome: { name: '服务费收入', normalSide: -1 },
  taxPayable: { name: '应交税费', normalSide: -1 },
  personPayable: { name: '应付个人款', normalSide: -1 },
} as const;
export type LedgerAccountKind = keyof typeof LEDGER_ACCOUNT_KINDS;

/** A flow's direction on the account it is read from: 1 money in, 2 money out. */
export const FLOW_DIRECTION = defineStatuses({
  1: ['收入', 'main'],
  2: ['支出', 'warn'],
});

/** The largest single top-up: 10,000,000 yuan in fen. */
export const TOP_UP_MAX_FEN = 1_000_000_000;
/** a transaction password: exactly 6 digits (spec 2 §5) */
export const TRANSACTION_PASSWORD_PATTERN = /^\d{6}$/;
