/**
 * The bank as the server sees it: a bank-enterprise direct connection (银企直连, CMB-style).
 * Transfers are identified by the payer's own reference, `yurref` (业务参考号: unique, at most 30
 * letters and digits); the bank accepts an instruction at once and finishes it later, and the
 * result is read by asking for the yurref again. Sending a yurref twice never moves money twice:
 * the second answer is "already exists" with the first transfer as it stands, never a failure.
 * Deposits (money paid into an account from outside) and transfers appear on the account's
 * statement, read for top-ups and reconciliation. Decision 0018 holds the contract.
 */

/** 业务参考号: letters and digits, 1 to 30 of them. */
export const YURREF_PATTERN = /^[A-Za-z0-9]{1,30}$/;

/** At most this many instructions (or yurrefs) in one batch call; a larger batch is refused whole. */
export const BANK_BATCH_LIMIT = 500;

export type TransferStatus = 'processing' | 'success' | 'failed';

export interface TransferInstruction {
  yurref: string;
  /** the paying account (an enterprise's sub-account, the platform's settlement account) */
  payerAccountNo: string;
  payeeAccountNo: string;
  /** the payee's account name as the payer knows it; the payee bank refuses a name that differs */
  payeeName: string;
  /** integer fen, above 0 */
  amountFen: number;
  /** 用途, shown on both statements */
  purpose: string;
}

export interface TransferRecord {
  yurref: string;
  /** the bank's own serial number of the transfer (流水号) */
  bankRef: string;
  payerAccountNo: string;
  payeeAccountNo: string;
  payeeName: string;
  amountFen: number;
  purpose: string;
  status: TransferStatus;
  /** the bank's words for a failure (户名不符, 账户已销户...), null otherwise */
  failureReason: string | null;
  /** epoch milliseconds */
  acceptedAt: number;
  finishedAt: number | null;
}

/**
 * The answer to an instruction: `accepted` (a new transfer, processing), `exists` (this yurref was
 * sent before: the transfer as it stands; not a failure), `rejected` (refused outright, nothing
 * recorded: the bank will never know this yurref, so it may be sent again after a fix).
 */
export type TransferAnswer =
  | { outcome: 'accepted'; transfer: TransferRecord }
  | { outcome: 'exists'; transfer: TransferRecord }
  | { outcome: 'rejected'; reason: string };

export interface DepositInput {
  /** the account credited */
  accountNo: string;
  amountFen: number;
  /** the remitter (付款人) as the bank reports it */
  payerName: string;
  payerAccountNo: string;
  remark: string;
}

/** A credit to an account from outside, as the bank notifies it (入账通知). */
export interface DepositNotice {
  /** the bank's serial number of the credit: one top-up is credited once per bankRef */
  bankRef: string;
  accountNo: string;
  amountFen: number;
  payerName: string;
  payerAccountNo: string;
  remark: string;
  /** epoch milliseconds */
  bookedAt: number;
}

export type StatementLineKind = 'deposit' | 'transferOut' | 'transferIn' | 'refund';

/** One line of an account's statement (账户明细), in booking order. */
export interface StatementLine {
  /** increasing per bank; the next read starts after the last seq seen */
  seq: number;
  bankRef: string;
  accountNo: string;
  kind: StatementLineKind;
  /** C credit (money in), D debit (money out) */
  direction: 'C' | 'D';
  amountFen: number;
  /** the account's balance after this line */
  balanceFen: number;
  counterpartyAccountNo: string;
  counterpartyName: string;
  /** the transfer's yurref for transfer and refund lines */
  yurref: string | null;
  remark: string;
  bookedAt: number;
}

export interface StatementQuery {
  accountNo: string;
  /** lines after this seq (0: from the start) */
  afterSeq?: number;
  /** at most this many lines (default 200) */
  limit?: number;
}

export interface AccountInput {
  accountNo: string;
  accountName: string;
}

/** The bank behind the direct connection; the simulator and the HTTP client both implement it. */
export interface BankGateway {
  /** Opens an account at the bank (a sub-account of the platform's, a payee card); idempotent. */
  openAccount(account: AccountInput): Promise<void>;
  transfer(instruction: TransferInstruction): Promise<TransferAnswer>;
  /** The transfer of this yurref as it stands, or null when the bank never accepted it. */
  queryTransfer(yurref: string): Promise<TransferRecord | null>;
  /**
   * Batch payment (批量支付): up to BANK_BATCH_LIMIT instructions in one request, each with its own
   * yurref and answered on its own, in the request's order, exactly as `transfer` would answer it:
   * a yurref the bank has (sent before, or earlier in the same batch) answers "exists", never a
   * failure. The request is one call on the line: lost, it is lost whole (a BankTimeoutError: any
   * or all of its instructions may have been recorded; ask by yurref or send the batch again).
   */
  transferBatch(instructions: readonly TransferInstruction[]): Promise<TransferAnswer[]>;
  /** Batch status query (批量查询): each yurref's transfer as it stands, or null, in the request's order. */
  queryTransfers(yurrefs: readonly string[]): Promise<Array<TransferRecord | null>>;
  /** Money paid into an account from outside; answers the deposit notice. */
  deposit(input: DepositInput): Promise<DepositNotice>;
  statement(query: StatementQuery): Promise<StatementLine[]>;
  /** The account's balance at the bank in fen (null when the bank holds no such account). */
  balance(accountNo: string): Promise<number | null>;
}

/**
 * Faults the simulator can be told to show, so the callers' exactly-once rules are tested against
 * a bank that misbehaves as real ones do. Rates are between 0 and 1, drawn from a seeded stream.
 */
export interface BankFaults {
  /** the request is lost before the bank records it (the caller sees a timeout) */
  timeoutBeforeAcceptRate: number;
  /** the bank records the transfer but the answer is lost (the caller sees a timeout) */
  timeoutAfterAcceptRate: number;
  /** a transfer fails at the bank for a reason of its own (系统繁忙，交易失败) */
  failureRate: number;
  /** a slow answer waits this long (over HTTP: a slow line; the client's timeout may end it first) */
  slowAnswerMs: number;
  /** the share of answers that are slow (1: every answer waits slowAnswerMs) */
  slowAnswerRate: number;
}

export const NO_FAULTS: BankFaults = {
  timeoutBeforeAcceptRate: 0,
  timeoutAfterAcceptRate: 0,
  failureRate: 0,
  slowAnswerMs: 0,
  slowAnswerRate: 1,
};

/** What tests and the fault-injection console tell the simulator (not part of the bank's protocol). */
export interface BankSimControl {
  setFaults(faults: Partial<BankFaults>): Promise<void>;
  /** closes an account (销户): transfers to it then fail with 账户已销户 */
  closeAccount(accountNo: string): Promise<void>;
  /** how long an accepted transfer takes to finish */
  setFinishDelay(ms: number): Promise<void>;
}

export type SimulatedBank = BankGateway & BankSimControl;

/** The bank did not answer in time: the instruction may or may not have been recorded; ask by yurref. */
export class BankTimeoutError extends Error {
  constructor(message = 'the bank did not answer in time') {
    super(message);
    this.name = 'BankTimeoutError';
  }
}

/** The bank's words for the failures it reports (as CMB's direct connection words them). */
export const BANK_FAILURE = {
  wrongName: '收款人户名与账号不符',
  closedAccount: '收款账户已销户',
  insufficientFunds: '付款账户余额不足',
  bankBusy: '系统繁忙，交易失败',
  unknownPayer: '付款账户不存在',
  payerClosed: '付款账户已销户',
  badYurref: '业务参考号格式错误',
  badAmount: '交易金额错误',
  batchTooLarge: '批量笔数超过上限',
} as const;
