/**
 * 开通付款账户 (decision 0047): an enterprise pays its settlements from a sub-account (记账子单元) of
 * its platform's account at a sub-account bank system (CMB, SCP); the platform's staff open one per
 * system for an enterprise, naming it by its 10-digit sub-unit code (下级单位编码), which the bank names
 * the deposits by. Without one an enterprise cannot top up or pay.
 */
import { z } from 'zod';
import { defineOperation } from '../api/operation';
import { recordIdSchema } from '../api/ids';
import { MSG } from '../messages';
import { subUnitCodeSchema } from '../validators';
import { bankSystemSchema, bindsBankCards } from './bank-cards';
import { enterpriseOwnerSchema } from './owner';

export const PAY_ACCOUNT_MSG = {
  opened: '开通成功',
  subUnitCodeRequired: '请输入下级单位编码',
  systemRequired: '请选择银行系统',
  systemUnavailable: '所选银行系统不可用，请刷新后重试',
  alreadyOpen: '该企业在此银行系统已开通付款账户',
  codeTaken: '该下级单位编码已被使用',
  noChannelAccount: '该银行系统尚未配置平台结算账户，不能开通',
} as const;

/** Whether a bank system funds through sub-accounts (CMB, SCP): those are the ones a 付款账户 is opened on. */
export const opensSubAccounts = (bankNo: string): boolean => !bindsBankCards(bankNo);

export const payAccountOpenInputSchema = enterpriseOwnerSchema.extend({
  platformId: recordIdSchema(),
  accountSn: z
    .string({ error: PAY_ACCOUNT_MSG.subUnitCodeRequired })
    .trim()
    .min(1, PAY_ACCOUNT_MSG.subUnitCodeRequired)
    .max(10, MSG.subUnitCodeInvalid)
    .pipe(subUnitCodeSchema),
});
export type PayAccountOpenInput = z.infer<typeof payAccountOpenInputSchema>;

export const payAccountSystemsOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/enterprise/payAccount/systems',
  tag: '企业',
  summary: '可为企业开通付款账户（记账子单元）的银行系统：企业所属平台的招商银行、聚合支付通道中该企业尚未开通的',
  access: { permission: 'enterpriseAccountManage:info:modifyAccount' },
  input: enterpriseOwnerSchema,
  answer: z.array(bankSystemSchema),
});

export const payAccountOpenOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/enterprise/payAccount/open',
  tag: '企业',
  summary:
    '为企业开通付款账户（记账子单元：下级单位编码10位数字，同一银行系统内唯一；每个银行系统一个；账号为平台结算账户加下级单位编码）',
  access: { permission: 'enterpriseAccountManage:info:modifyAccount' },
  input: payAccountOpenInputSchema,
  answer: z.object({ id: z.number().int(), bankAccount: z.string() }),
});
