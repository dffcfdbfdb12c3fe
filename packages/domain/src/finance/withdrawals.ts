/**
 * 提现 (decision 0048; spec 1 §5 "withdrawal amount under 1,000,000 with at most two decimals",
 * spec 2 §7 "Pay-centre data (… withdraw …)"): an enterprise takes money from one of its paying
 * banks to one of its own 结算银行卡, the only places the money may go. A request id makes a double
 * click or a retry answer the first withdrawal; the money leaves the balance at once and comes back
 * when the bank fails the transfer.
 */
import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../api/envelope';
import { recordIdSchema } from '../api/ids';
import { defineOperation } from '../api/operation';
import { MSG } from '../messages';
import { parseYuanToFen } from '../money';
import { defineStatuses } from '../status';
import { isWithdrawalAmount, mobileSchema } from '../validators';

/** A withdrawal as the bank left it: 0 while the bank works on it, then 1 or 2 for good. */
export const WITHDRAWAL_STATUS = defineStatuses({
  0: ['处理中', 'main'],
  1: ['提现成功', 'success'],
  2: ['提现失败', 'fail'],
});
export type WithdrawalStatus = keyof typeof WITHDRAWAL_STATUS;

export const WITHDRAWAL_MSG = {
  cardRequired: '请选择收款银行卡',
  cardNotFound: '收款银行卡不存在或不属于本企业',
  noCard: '本企业尚未添加结算银行卡，请先在企业信息中添加',
  amountRequired: '请输入提现金额',
  overBalance: '提现金额不能超过账户余额',
  requested: '提现申请已提交，银行处理中',
  succeeded: '提现成功',
  failed: '提现失败',
} as const;

/** Yuan as typed -> fen; refused unless above 0, below 1,000,000, with at most two decimals. */
export const withdrawalAmountFenSchema = z
  .union([z.string(), z.number()], { error: WITHDRAWAL_MSG.amountRequired })
  .transform((value, context) => {
    const text = String(value).trim();
    const fen = isWithdrawalAmount(text) ? parseYuanToFen(text) : null;
    if (fen === null) {
      context.addIssue({ code: 'custom', message: text ? MSG.withdrawalAmountInvalid : WITHDRAWAL_MSG.amountRequired });
      return z.NEVER;
    }
    return fen;
  });

export const withdrawBodySchema = z.object({
  /** the paying bank the money leaves */
  id: recordIdSchema(),
  /** the enterprise's 结算银行卡 it goes to */
  cardId: recordIdSchema(),
  amount: withdrawalAmountFenSchema,
  /** one per dialog opening: the same id again answers the first withdrawal */
  requestId: z.uuid('请求编号格式不正确'),
  keyId: z.string().min(1).max(64),
  /** base64 of RSA-OAEP(SHA-256) of the transaction password under the keyId's key */
  password: z.string().min(1).max(1024),
  phone: mobileSchema,
  phoneCode: z.string().regex(/^\d{6}$/, MSG.smsCodeInvalid),
});
export type WithdrawBody = z.input<typeof withdrawBodySchema>;

export const withdrawalRecordSchema = z.object({
  id: z.number().int(),
  /** the bank's reference of the transfer (业务参考号) */
  yurref: z.string(),
  payBankId: z.number().int(),
  payBankName: z.string(),
  payBankAccount: z.string(),
  cardBankName: z.string(),
  cardAccount: z.string(),
  cardUserName: z.string(),
  /** yuan, two decimals */
  amount: z.string(),
  status: z.number().int(),
  status_dictText: z.string(),
  /** the bank's words when it failed the transfer */
  failureReason: z.string().nullable(),
  enterpriseId: z.number().int(),
  enterpriseName: z.string(),
  createBy: z.string(),
  /** epoch milliseconds */
  createTime: z.number().int(),
  /** epoch milliseconds; null while the bank works on it */
  finishTime: z.number().int().nullable(),
});
export type WithdrawalRecord = z.infer<typeof withdrawalRecordSchema>;

/** POST /api/sys/finance/account/withdraw: the money leaves the paying bank once per requestId. */
export const withdrawOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/finance/account/withdraw',
  tag: '财务账户',
  summary: '提现至本企业结算银行卡（交易密码与短信验证码；同一 requestId 只提现一次；银行失败时退回余额）',
  access: { permission: 'financialAccount:list:withdraw' },
  input: withdrawBodySchema,
  answer: withdrawalRecordSchema,
});

export const withdrawCardSchema = z.object({
  id: z.number().int(),
  bankDeposit: z.string(),
  bankAccount: z.string(),
  bankUserName: z.string(),
});
export type WithdrawCard = z.infer<typeof withdrawCardSchema>;

/** GET /api/sys/finance/account/withdrawCards: the enterprise's own 结算银行卡, where a withdrawal may go. */
export const withdrawCardsOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/finance/account/withdrawCards',
  tag: '财务账户',
  summary: '提现收款银行卡（本企业的结算银行卡）',
  access: { permission: 'financialAccount:list:withdraw' },
  input: z.object({ id: recordIdSchema() }),
  answer: z.array(withdrawCardSchema),
});

/** GET /api/sys/finance/account/withdrawList: one paying bank's withdrawals, newest first. */
export const withdrawalListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/finance/account/withdrawList',
  tag: '财务账户',
  summary: '提现记录（付款银行的提现及银行处理结果）',
  access: { permission: 'financialAccount:list:view' },
  input: pageQuerySchema.extend({ id: recordIdSchema() }),
  answer: pageOf(withdrawalRecordSchema),
});
