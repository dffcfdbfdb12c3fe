/**
 * Line-level codes of a settlement (decision 0021). A line's payStatus uses the records reading of
 * spec 2 §4 (SETTLEMENT_RECORD_PAY_STATUS, with 0 for "not paid out yet"); thirdPayStatus is the
 * bank's side of the line.
 */
export const LINE_PAY_STATUS = { pending: 0, success: 1, failed: 2, handled: 3, processing: 4 } as const;

export const THIRD_PAY_STATUS = { notSent: 0, sent: 1, success: 2, failed: 3, notPayable: 5 } as const;

/** A person's monthly settlement limit with one enterprise when its tax source names none: 98,000 yuan. */
export const DEFAULT_MONTHLY_LIMIT_FEN = 9_800_000;

/** The reasons a line cannot be paid (spec 2 §2.2 step 1 warns on any of them). */
export const LINE_FAILURE = {
  noBankCard: '该自然人未绑定已认证的银行卡，不可结算',
  overMonthlyLimit: (limitYuan: string) => `该自然人本月结算金额将超过月度限额${limitYuan}元，不可结算`,
} as const;

/** Messages of the settlement service. */
export const SETTLEMENT_MSG = {
  notFound: '结算单不存在',
  nothingToSettle: '该项目的服务类型下没有可结算的任务',
  projectNotSettleable: '项目不存在或不可结算',
  hasUnpayableLine: '结算费用中有自然人不可结算，请重新生成结算单',
  noPayerAccount: '未配置相关银行',
  smsCodeWrong: '验证码错误或已失效，请重新获取',
  auditForbidden: '无结算单审核权限',
  withdrawForbidden: '无结算单撤回权限',
  remarksRequired: '请输入驳回原因',
  lineNotFound: '结算明细不存在',
  reissueNotAllowed: '该笔发放未失败或仍在处理中，不能重新发放',
  paid: '付款成功，平台将尽快完成发放',
  repeatedPay: '该结算单已付款，请勿重复操作',
  approved: '审核通过',
  refused: '已驳回',
  withdrawn: '撤回成功',
  reissued: '已重新发放',
  created: '结算单已生成，请等待平台审核',
} as const;

/**
 * Whether a line's tax figures show (spec 2 §4 "Tax columns show a dash when thirdPayStatus is 0
 * or 5"); the settlement dialog, the detail's person list and the records read it.
 */
export function lineTaxesShown(thirdPayStatus: number): boolean {
  return thirdPayStatus !== THIRD_PAY_STATUS.notSent && thirdPayStatus !== THIRD_PAY_STATUS.notPayable;
}
