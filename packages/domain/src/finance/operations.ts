/**
 * The calls of the financial account (spec 2 §2, §3 "Bank account for payment", §7 enterprise pay
 * banks and the payment SMS code; decision 0018): the paying banks with their balances from the
 * ledger, top-ups through the bank, the account flows, the transaction password.
 */
import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../api/envelope';
import { recordIdSchema } from '../api/ids';
import { defineOperation, noInput } from '../api/operation';
import { INPUT_MAX_LENGTH } from '../limits';
import { MSG } from '../messages';
import { parseYuanToFen } from '../money';
import { mobileSchema } from '../validators';
import { TOP_UP_MAX_FEN } from './statuses';

/** One paying bank of an enterprise (spec 2 §3 "Bank account for payment"); accountSum in yuan. */
export const payBankSchema = z.object({
  /** the enterprise's sub-account on the bank platform */
  id: z.number().int(),
  bankNo: z.string(),
  bankNo_dictText: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
  /** the sub-account's code under the platform's bank account (记账子单元编号); null for an account opened without one */
  accountSn: z.string().nullable(),
  /** balance in yuan, two decimals, from the ledger */
  accountSum: z.string(),
  platformId: z.number().int(),
  enterpriseId: z.number().int(),
  enterpriseName: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
});
export type PayBank = z.infer<typeof payBankSchema>;

/** GET /api/sys2/enterprise/bank/getEnterprisePayBankInfo: the settlement dialog's paying banks. */
export const payBankInfoOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/enterprise/bank/getEnterprisePayBankInfo',
  tag: '财务账户',
  summary: '企业付款银行及余额（企业端：本企业；平台端：本平台的指定企业）',
  access: { permission: 'financialAccount:list:view' },
  input: z.object({ tenantId: recordIdSchema(0).optional(), enterpriseId: recordIdSchema().optional() }),
  answer: z.array(payBankSchema),
});

export const financialAccountFiltersSchema = z.object({
  enterpriseName: z.string().trim().max(INPUT_MAX_LENGTH.enterpriseName).optional(),
  bankNo: z.string().trim().max(16).optional(),
  tenantId: recordIdSchema(0).optional(),
});
export type FinancialAccountFilters = z.infer<typeof financialAccountFiltersSchema>;

/** GET /api/sys/finance/account/list: the paying banks of the viewer's enterprises with their balances. */
export const financialAccountListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/finance/account/list',
  tag: '财务账户',
  summary: '财务账户列表（付款银行、账号、余额）',
  access: { permission: 'financialAccount:list:view' },
  input: pageQuerySchema.extend(financialAccountFiltersSchema.shape),
  answer: pageOf(payBankSchema),
});

export const accountFlowRecordSchema = z.object({
  id: z.number().int(),
  /** epoch milliseconds */
  postedAt: z.number().int(),
  entryType: z.string(),
  entryTypeLabel: z.string(),
  /** 1 in, 2 out */
  direction: z.number().int(),
  /** yuan, two decimals, unsigned */
  amount: z.string(),
  /** the account's balance after the flow, yuan */
  balanceAfter: z.string(),
  /** the bank's reference or the business record the flow books */
  reference: z.string(),
  memo: z.string(),
});
export type AccountFlowRecord = z.infer<typeof accountFlowRecordSchema>;

/** GET /api/sys/finance/account/flowList: one paying bank's flows (its ledger postings), newest first. */
export const accountFlowListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/finance/account/flowList',
  tag: '财务账户',
  summary: '账户流水（付款银行的记账明细）',
  access: { permission: 'financialAccount:list:view' },
  input: pageQuerySchema.extend({ id: recordIdSchema() }),
  answer: pageOf(accountFlowRecordSchema),
});

/** Yuan as typed (text or number) -> fen; refused unless above 0 with at most 2 decimals. */
export const topUpAmountSchema = z.union([z.string(), z.number()]).transform((value, context) => {
  const fen = parseYuanToFen(value);
  if (fen === null || fen <= 0) {
    context.addIssue({ code: 'custom', message: MSG.topUpAmountInvalid });
    return z.NEVER;
  }
  if (fen > TOP_UP_MAX_FEN) {
    context.addIssue({ code: 'custom', message: MSG.topUpAmountTooLarge });
    return z.NEVER;
  }
  return fen;
});

export const topUpBodySchema = z.object({ id: recordIdSchema(), amount: topUpAmountSchema });
export type TopUpBody = z.input<typeof topUpBodySchema>;

/** POST /api/sys/finance/account/topUp: pays money into a paying bank; credited once per bank reference. */
export const topUpOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/finance/account/topUp',
  tag: '财务账户',
  summary: '充值（经银行入账，按银行流水号只记一次）',
  access: { permission: 'financialAccount:list:topUp' },
  input: topUpBodySchema,
  answer: z.object({ bankRef: z.string(), amount: z.string(), accountSum: z.string() }),
});

/** GET /api/sys/password/payPasswordStatus: whether the enterprise has its transaction password. */
export const payPasswordStatusOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/password/payPasswordStatus',
  tag: '财务账户',
  summary: '交易密码是否已设置',
  access: { side: 'enterprise' },
  input: noInput,
  answer: z.object({ isSet: z.boolean(), updateTime: z.number().int().nullable() }),
});

export const setPayPasswordBodySchema = z.object({
  keyId: z.string().min(1).max(64),
  /** base64 of RSA-OAEP(SHA-256) of the new 6-digit password, under the keyId's key */
  password: z.string().min(1).max(1024),
  /** the current password the same way; required once one is set */
  oldPassword: z.string().min(1).max(1024).optional(),
  phone: mobileSchema,
  phoneCode: z.string().regex(/^\d{6}$/, MSG.smsCodeInvalid),
});
export type SetPayPasswordBody = z.infer<typeof setPayPasswordBodySchema>;

/** POST /api/sys/password/setPayPassword: sets or changes the transaction password (SMS code to the user's phone). */
export const setPayPasswordOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/password/setPayPassword',
  tag: '财务账户',
  summary: '设置或修改交易密码（6位数字；修改时校验原密码，错误次数限制同登录）',
  access: { permission: 'financialAccount:password:edit' },
  input: setPayPasswordBodySchema,
  answer: z.null(),
});

export const sendPhoneBodySchema = z.object({
  phone: mobileSchema,
  /** the settlement the code will pay (binds the code to it); without it, the first payment binds it */
  settlementId: recordIdSchema().optional(),
  /** what the code is for: pay (default) a settlement, password the transaction password, withdraw a withdrawal */
  purpose: z.enum(['pay', 'password', 'withdraw']).optional(),
});
export type SendPhoneBody = z.infer<typeof sendPhoneBodySchema>;

/** POST /api/sys/password/sendPhone: a 6-digit code to the user's own phone, once a minute. */
export const sendPhoneOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/password/sendPhone',
  tag: '财务账户',
  summary: '发送支付短信验证码（6位，5分钟内有效，单次使用，60秒后可重发）',
  access: { side: 'enterprise' },
  input: sendPhoneBodySchema,
  answer: z.object({ phone: z.string(), resendAfterSeconds: z.number().int() }),
});
