/**
 * 企业结算银行卡 (spec 3 §3 "Enterprise bank account", §5, §6, §7, §9; decision 0037): the enterprise's
 * own bank accounts, each bound to bank systems of its platform that work with bound cards: every bank
 * platform but CMB and SCP, which fund through the enterprise's sub-accounts. At most 20 cards; the
 * reserved phone is fixed once added. The platform's own staff keep them (结算信息修改), in the
 * desensitized view for an edit.
 */
import { z } from 'zod';
import { recordIdSchema } from '../api/ids';
import { defineOperation } from '../api/operation';
import { bankTakesPlatformId, ENTERPRISE_BANK_CARDS_MAX, INPUT_MAX_LENGTH } from '../limits';
import { MSG } from '../messages';
import { bankCardSchema, isMobile } from '../validators';
import { enterpriseOwnerSchema } from './owner';

export const BANK_CARD_MSG = {
  added: MSG.bankAdded,
  edited: MSG.bankEdited,
  deleted: '删除成功',
  notFound: '银行卡不存在',
  duplicate: '该银行账号已添加',
  tooMany: `最多添加${ENTERPRISE_BANK_CARDS_MAX}张银行卡`,
  branchUnknown: '开户银行不存在',
  systemUnavailable: '所选银行系统不可用，请刷新后重试',
  reservedPhoneRequired: '请输入预留手机号',
  deleteConfirm: '确认删除该银行卡？',
} as const;

/**
 * Whether cards are bound to a bank platform of this bank code (spec 3 §6: not CMB, not SCP): the
 * same platforms a payment names by platformId.
 */
export const bindsBankCards = bankTakesPlatformId;

/** Whether the enterprise may add another card (spec 3 §6: hidden at 20 or more). */
export const canAddBankCard = (cardCount: number, systemCount: number): boolean =>
  systemCount > 0 && cardCount < ENTERPRISE_BANK_CARDS_MAX;

const trimmed = (message: string, max: number) => z.string().trim().min(1, message).max(max, message);

/** The fields an edit may change (the reserved phone is not among them). */
export const bankCardFieldsSchema = z.object({
  /** 开户银行名称: a branch of the bank directory (lookup bankBranch) */
  bankDepositId: z.number({ error: MSG.bankNameRequired }).int().min(1, MSG.bankNameRequired),
  bankUserName: trimmed(MSG.bankAccountNameRequired, INPUT_MAX_LENGTH.bankAccountName),
  bankAccount: z
    .string()
    .trim()
    .min(1, MSG.bankAccountRequired)
    .max(INPUT_MAX_LENGTH.bankAccountName, MSG.bankCardInvalid)
    .pipe(bankCardSchema),
  bankDepositAddress: trimmed(MSG.bankAddressRequired, INPUT_MAX_LENGTH.bankDeposit),
  /** 银行系统: the bank platforms (ids) the card is bound to */
  platformList: z
    .array(recordIdSchema(), { error: MSG.bankSystemRequired })
    .min(1, MSG.bankSystemRequired)
    .max(10, MSG.bankSystemRequired),
});

export const bankReservedPhoneSchema = z
  .string()
  .trim()
  .min(1, BANK_CARD_MSG.reservedPhoneRequired)
  .max(INPUT_MAX_LENGTH.phone, MSG.mobileInvalid)
  .refine(isMobile, MSG.mobileInvalid);

export const bankCardAddInputSchema = enterpriseOwnerSchema.extend({
  ...bankCardFieldsSchema.shape,
  bankReservedPhone: bankReservedPhoneSchema,
});
export const bankCardEditInputSchema = enterpriseOwnerSchema.extend({
  id: recordIdSchema(),
  ...bankCardFieldsSchema.shape,
});
export type BankCardAddInput = z.infer<typeof bankCardAddInputSchema>;
export type BankCardEditInput = z.infer<typeof bankCardEditInputSchema>;

/** 银行系统: a bank platform of the enterprise's tenant that cards are bound to. */
export const bankSystemSchema = z.object({
  platformId: z.number().int(),
  platformName: z.string(),
  bankNo: z.string(),
  bankNo_dictText: z.string(),
});
export type BankSystem = z.infer<typeof bankSystemSchema>;

export const enterpriseBankCardSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  enterpriseId: z.number().int(),
  bankDepositId: z.number().int(),
  bankDeposit: z.string(),
  bankDepositAddress: z.string(),
  /** masked unless the answer is unmasked */
  bankAccount: z.string(),
  bankUserName: z.string(),
  /** masked unless the answer is unmasked */
  bankReservedPhone: z.string(),
  platformList: z.array(z.object({ platformId: z.number().int(), platformName: z.string() })),
  /** 1: kept here, editable and deletable (0 would be data of the earlier system, spec 3 §3) */
  isEdit: z.number().int(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type EnterpriseBankCard = z.infer<typeof enterpriseBankCardSchema>;

export const bankCardListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/enterprise/bank/list',
  tag: '企业',
  summary: '企业结算银行卡列表（账号、预留手机号脱敏；带脱敏查看令牌时明文）',
  access: { permission: 'enterpriseAccountManage:info:view' },
  input: enterpriseOwnerSchema.extend({ tempToken: z.string().max(64).optional() }),
  answer: z.object({
    records: z.array(enterpriseBankCardSchema),
    total: z.number().int(),
    unmasked: z.boolean(),
  }),
});

export const bankSystemListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/enterprise/bank/systems',
  tag: '企业',
  summary: '可绑定企业银行卡的银行系统（企业所属平台的银行平台，招商银行、聚合支付通道除外）',
  access: { permission: 'enterpriseAccountManage:info:view' },
  input: enterpriseOwnerSchema,
  answer: z.array(bankSystemSchema),
});

export const bankCardAddOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/enterprise/bank/add',
  tag: '企业',
  summary: `新增企业结算银行卡（每个企业最多${ENTERPRISE_BANK_CARDS_MAX}张，账号不可重复）`,
  access: { permission: 'enterpriseAccountManage:info:modifyAccount' },
  input: bankCardAddInputSchema,
  answer: z.object({ id: z.number().int() }),
});

export const bankCardEditOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/enterprise/bank/edit',
  tag: '企业',
  summary: '编辑企业结算银行卡（预留手机号不可修改）',
  access: { permission: 'enterpriseAccountManage:info:modifyAccount' },
  input: bankCardEditInputSchema,
  answer: z.null(),
});

export const bankCardDeleteOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/enterprise/bank/delete',
  tag: '企业',
  summary: '删除企业结算银行卡',
  access: { permission: 'enterpriseAccountManage:info:modifyAccount' },
  input: enterpriseOwnerSchema.extend({ id: recordIdSchema() }),
  answer: z.null(),
});
