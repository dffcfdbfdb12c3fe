/**
 * The settlement lifecycle as a state machine (decision 0020). A settlement's state is four
 * columns; each action names the states it may start from and what it changes, and any other
 * move is refused with the message of `illegalSettlementMoveMessage`.
 *
 * auditStatus          1 待审核 -> 2 审核通过 | 3 审核未通过; -1 withdrawn
 * enterprisePayStatus  0 not payable yet -> 1 approved, awaiting the enterprise's payment -> 2 paid
 * payStatus            0 nothing paid out -> 1 payouts in flight -> 2 every line paid | 3 some line
 *                      failed (warning; re-issuing every failed line successfully leads to 2)
 * voucherStatus        0 no statement -> 1 generating -> 2 generated (only once paid out)
 */
import { SOURCE_TYPE_DEFAULT } from '../limits';
import { SETTLEMENT_AUDIT_STATUS } from '../status';

export interface SettlementState {
  auditStatus: number;
  enterprisePayStatus: number;
  payStatus: number;
  voucherStatus: number;
}

export const SETTLEMENT_CREATED: SettlementState = {
  auditStatus: 1,
  enterprisePayStatus: 0,
  payStatus: 0,
  voucherStatus: 0,
};

interface Move {
  label: string;
  allowed: (state: SettlementState) => boolean;
  apply: (state: SettlementState) => SettlementState;
}

export const SETTLEMENT_ACTIONS = {
  /** the platform approves: the enterprise may now pay */
  approve: {
    label: '审核通过',
    allowed: (s) => s.auditStatus === 1,
    apply: (s) => ({ ...s, auditStatus: 2, enterprisePayStatus: 1 }),
  },
  /** the platform refuses the statement */
  fail: {
    label: '审核驳回',
    allowed: (s) => s.auditStatus === 1,
    apply: (s) => ({ ...s, auditStatus: 3 }),
  },
  /** spec 2 §4: voucher status 0, and audit 1, or audit 2 while the enterprise has not paid */
  withdraw: {
    label: '撤回',
    allowed: (s) =>
      s.voucherStatus === 0 && (s.auditStatus === 1 || (s.auditStatus === 2 && s.enterprisePayStatus === 1)),
    apply: (s) => ({ ...s, auditStatus: -1 }),
  },
  /** the enterprise pays: its account is debited and the payouts start, in one transaction */
  pay: {
    label: '结算',
    allowed: (s) => s.auditStatus === 2 && s.enterprisePayStatus === 1 && s.payStatus === 0,
    apply: (s) => ({ ...s, enterprisePayStatus: 2, payStatus: 1 }),
  },
  /** every payout line is final: all paid, or some failed */
  payoutsSucceeded: {
    label: '结算完成',
    allowed: (s) => s.enterprisePayStatus === 2 && (s.payStatus === 1 || s.payStatus === 3),
    apply: (s) => ({ ...s, payStatus: 2 }),
  },
  payoutsFailed: {
    label: '结算异常',
    allowed: (s) => s.enterprisePayStatus === 2 && s.payStatus === 1,
    apply: (s) => ({ ...s, payStatus: 3 }),
  },
  /** a failed line is sent again */
  reissue: {
    label: '重新发放',
    allowed: (s) => s.enterprisePayStatus === 2 && s.payStatus === 3,
    apply: (s) => ({ ...s, payStatus: 1 }),
  },
  generateStatement: {
    label: '生成对账单',
    allowed: (s) => s.enterprisePayStatus === 2 && s.voucherStatus === 0,
    apply: (s) => ({ ...s, voucherStatus: 1 }),
  },
  statementGenerated: {
    label: '生成对账单',
    allowed: (s) => s.voucherStatus === 1,
    apply: (s) => ({ ...s, voucherStatus: 2 }),
  },
} as const satisfies Record<string, Move>;
export type SettlementAction = keyof typeof SETTLEMENT_ACTIONS;

/** The state after `action`, or null when the move is not allowed from `state`. */
export function settlementTransition(action: SettlementAction, state: SettlementState): SettlementState | null {
  const move: Move = SETTLEMENT_ACTIONS[action];
  return move.allowed(state) ? move.apply(state) : null;
}

/** The refusal of an illegal move, naming where the settlement stands. */
export function illegalSettlementMoveMessage(action: SettlementAction, state: SettlementState): string {
  const audit = SETTLEMENT_AUDIT_STATUS[state.auditStatus as keyof typeof SETTLEMENT_AUDIT_STATUS]?.label ?? '未知';
  const where = state.enterprisePayStatus === 2 ? (state.payStatus === 2 ? '已结算' : '结算中') : audit;
  return `结算单当前状态为${where}，不能${SETTLEMENT_ACTIONS[action].label}`;
}

/** Row actions of the main settlement list (spec 2 §4), in the spec's order. */
export type SettlementRowAction =
  | 'detail'
  | 'exportTasks'
  | 'voucher'
  | 'uploadAttachment'
  | 'settle'
  | 'withdraw'
  | 'generateStatement'
  | 'downloadStatement'
  | 'generateReport';

export interface SettlementRowFacts extends SettlementState {
  bankNo: string | null;
}

export interface SettlementRowViewer {
  /** mode 1: the enterprise's own list */
  enterpriseMode: boolean;
  /** 1 the platform's (with its tenants), 2 the enterprise's; absent, SOURCE_TYPE_DEFAULT (1) */
  sourceType?: number;
  canWithdraw: boolean;
}

/**
 * Which row actions show (spec 2 §4 "Row action rules"); they apply only when auditStatus is not
 * -1, when only the detail shows.
 */
export function settlementRowActions(row: SettlementRowFacts, viewer: SettlementRowViewer): SettlementRowAction[] {
  const actions: SettlementRowAction[] = ['detail'];
  if (row.auditStatus === -1) return actions;
  const { enterpriseMode, sourceType = SOURCE_TYPE_DEFAULT } = viewer;
  const paidOut = row.payStatus === 1 || row.payStatus === 2;
  if (enterpriseMode && row.auditStatus === 2) actions.push('exportTasks');
  if (row.bankNo === 'CMB' && row.auditStatus === 2 && paidOut) actions.push('voucher');
  if (enterpriseMode && row.auditStatus === 1) actions.push('uploadAttachment');
  if (enterpriseMode && row.auditStatus === 2 && row.payStatus === 0) actions.push('settle');
  if (viewer.canWithdraw && SETTLEMENT_ACTIONS.withdraw.allowed(row)) actions.push('withdraw');
  if (sourceType === 2 && enterpriseMode && row.enterprisePayStatus === 2 && row.voucherStatus === 0) {
    actions.push('generateStatement');
  }
  if (sourceType === 2 && enterpriseMode && row.voucherStatus === 2 && row.payStatus === 2) {
    actions.push('downloadStatement', 'generateReport');
  }
  return actions;
}
