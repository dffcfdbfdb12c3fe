import { describe, expect, it } from 'vitest';
import {
  illegalSettlementMoveMessage,
  SETTLEMENT_ACTIONS,
  SETTLEMENT_CREATED,
  type SettlementAction,
  type SettlementState,
  settlementRowActions,
  settlementTransition,
} from './lifecycle';

const run = (...actions: SettlementAction[]): SettlementState =>
  actions.reduce<SettlementState>((state, action) => {
    const next = settlementTransition(action, state);
    if (!next) throw new Error(`${action} refused from ${JSON.stringify(state)}`);
    return next;
  }, SETTLEMENT_CREATED);

describe('settlement lifecycle (decision 0020)', () => {
  it('walks create -> approve -> pay -> payouts failed -> re-issue -> paid -> statement', () => {
    expect(run('approve')).toEqual({ auditStatus: 2, enterprisePayStatus: 1, payStatus: 0, voucherStatus: 0 });
    expect(run('approve', 'pay')).toMatchObject({ enterprisePayStatus: 2, payStatus: 1 });
    expect(run('approve', 'pay', 'payoutsFailed')).toMatchObject({ payStatus: 3 });
    expect(run('approve', 'pay', 'payoutsFailed', 'reissue', 'payoutsSucceeded')).toMatchObject({ payStatus: 2 });
    expect(run('approve', 'pay', 'payoutsSucceeded', 'generateStatement', 'statementGenerated')).toMatchObject({
      voucherStatus: 2,
    });
  });

  it('withdraws while pending, or approved and unpaid, never once paid or with a statement', () => {
    expect(run('withdraw').auditStatus).toBe(-1);
    expect(run('approve', 'withdraw').auditStatus).toBe(-1);
    expect(settlementTransition('withdraw', run('approve', 'pay'))).toBeNull();
    expect(settlementTransition('withdraw', run('fail'))).toBeNull();
    expect(settlementTransition('withdraw', { ...run('approve'), voucherStatus: 1 })).toBeNull();
  });

  it('refuses every move from a final state and a second payment', () => {
    for (const final of [run('withdraw'), run('fail')]) {
      for (const action of Object.keys(SETTLEMENT_ACTIONS) as SettlementAction[]) {
        expect(settlementTransition(action, final)).toBeNull();
      }
    }
    expect(settlementTransition('pay', run('approve', 'pay'))).toBeNull();
    expect(settlementTransition('pay', SETTLEMENT_CREATED)).toBeNull();
  });

  it('names where the settlement stands when refusing', () => {
    expect(illegalSettlementMoveMessage('pay', SETTLEMENT_CREATED)).toBe('结算单当前状态为待审核，不能结算');
    expect(illegalSettlementMoveMessage('withdraw', run('approve', 'pay'))).toBe('结算单当前状态为结算中，不能撤回');
    expect(illegalSettlementMoveMessage('pay', run('withdraw'))).toBe('结算单当前状态为已撤回，不能结算');
  });
});

describe('row actions of the settlement list (spec 2 §4)', () => {
  const enterprise = { enterpriseMode: true, sourceType: 1, canWithdraw: true };
  const row = (state: SettlementState, bankNo: string | null = 'CMB') => ({ ...state, bankNo });

  it('a pending statement: detail, upload attachment, withdraw', () => {
    expect(settlementRowActions(row(SETTLEMENT_CREATED), enterprise)).toEqual([
      'detail',
      'uploadAttachment',
      'withdraw',
    ]);
  });

  it('approved and unpaid: export tasks, settle, withdraw; withdraw only with the permission', () => {
    expect(settlementRowActions(row(run('approve')), enterprise)).toEqual([
      'detail',
      'exportTasks',
      'settle',
      'withdraw',
    ]);
    expect(settlementRowActions(row(run('approve')), { ...enterprise, canWithdraw: false })).not.toContain('withdraw');
  });

  it('paid out through CMB: the voucher; source type 2 adds the statement actions in turn', () => {
    const paid = run('approve', 'pay', 'payoutsSucceeded');
    expect(settlementRowActions(row(paid), enterprise)).toEqual(['detail', 'exportTasks', 'voucher']);
    expect(settlementRowActions(row(paid, 'SCP'), enterprise)).toEqual(['detail', 'exportTasks']);
    expect(settlementRowActions(row(paid), { ...enterprise, sourceType: 2 })).toContain('generateStatement');
    const withStatement = run('approve', 'pay', 'payoutsSucceeded', 'generateStatement', 'statementGenerated');
    expect(settlementRowActions(row(withStatement), { ...enterprise, sourceType: 2 })).toEqual([
      'detail',
      'exportTasks',
      'voucher',
      'downloadStatement',
      'generateReport',
    ]);
  });

  it('the embedded (platform) mode shows no enterprise actions; a withdrawn row only its detail', () => {
    const platform = { enterpriseMode: false, sourceType: 1, canWithdraw: true };
    expect(settlementRowActions(row(run('approve')), platform)).toEqual(['detail', 'withdraw']);
    expect(settlementRowActions(row(run('withdraw')), enterprise)).toEqual(['detail']);
  });

  it('reads an absent source type as the default 1: the enterprise documents need source 2', () => {
    const paidOut = row(run('approve', 'pay', 'payoutsSucceeded'));
    const withDefault = settlementRowActions(paidOut, { enterpriseMode: true, canWithdraw: false });
    expect(withDefault).toEqual(
      settlementRowActions(paidOut, { enterpriseMode: true, sourceType: 1, canWithdraw: false }),
    );
    expect(withDefault).not.toContain('generateStatement');
    expect(settlementRowActions(paidOut, { enterpriseMode: true, sourceType: 2, canWithdraw: false })).toContain(
      'generateStatement',
    );
  });
});
