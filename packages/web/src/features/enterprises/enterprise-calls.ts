/**
 * The enterprise info view's calls and address (decision 0027), the fee change's (decision 0035) and the
 * bank cards' (decision 0037).
 */
import {
  ApiCode,
  bankCardAddOperation,
  bankCardDeleteOperation,
  bankCardEditOperation,
  bankCardListOperation,
  bankSystemListOperation,
  type CurrentFee,
  currentFeeOperation,
  dictItemsByPathOperation,
  enterpriseAuthOperation,
  enterpriseContactOperation,
  type EnterpriseInfo,
  enterpriseInfoOperation,
  enterpriseLimitOperation,
  enterpriseStatusOperation,
  enterpriseTagsSaveOperation,
  feeOrderedOperation,
  type OperationInput,
  saveFeeOperation,
  enterpriseAccountListOperation,
  enterpriseAddOperation,
  ownBankCardAddOperation,
  ownBankCardDeleteOperation,
  ownBankCardEditOperation,
  ownEnterpriseAuthOperation,
  payAccountOpenOperation,
  payAccountSystemsOperation,
} from '@fieldpay/domain';
import { ApiError } from '../../api/http';
import { call, callWithMessage } from '../../app/api-client';
import { notifier } from '../../app/notify';

export const ENTERPRISE_INFO_PATH = '/projectManage/project/enterpriseInfo';
/** The enterprise's own 账户信息 and its full-page 修改认证信息 (decision 0043). */
export const OWN_ACCOUNT_PATH = '/company/account/info';
export const OWN_AUTH_MODIFY_PATH = '/company/account/info/modifyAuth';

export const enterpriseInfoPath = (id: number, tenantId?: number) =>
  `${ENTERPRISE_INFO_PATH}?id=${id}${tenantId === undefined ? '' : `&tenantId=${tenantId}`}`;

export const enterpriseInfoKey = (id: number, tenantId?: number, tempToken?: string) =>
  ['enterprise', 'info', id, tenantId, tempToken] as const;

/** The info; with the caller's live desensitization token, unmasked (the desensitized view). */
export const fetchEnterpriseInfo = (id: number, tenantId?: number, tempToken?: string): Promise<EnterpriseInfo> =>
  call(enterpriseInfoOperation, {
    id,
    ...(tenantId === undefined ? {} : { tenantId }),
    ...(tempToken ? { tempToken } : {}),
  });

/** 企业风险's save: 注册资本 (万元), 经营状态, 涉诉情况; answers the server's message. */
export const saveEnterpriseLimit = async (input: OperationInput<typeof enterpriseLimitOperation>): Promise<string> =>
  (await callWithMessage(enterpriseLimitOperation, input)).message;

/**
 * 修改认证信息; answers the server's message. `own`: the enterprise on its own 账户信息 (decision 0043), whose
 * calls are the twins of the platform's under its own code; the same holds for the bank cards below.
 */
export const saveEnterpriseAuth = async (
  input: OperationInput<typeof enterpriseAuthOperation>,
  own = false,
): Promise<string> =>
  (await callWithMessage(own ? ownEnterpriseAuthOperation : enterpriseAuthOperation, input)).message;

/** 编辑标签; answers the server's message. */
export const saveEnterpriseTags = async (input: OperationInput<typeof enterpriseTagsSaveOperation>): Promise<string> =>
  (await callWithMessage(enterpriseTagsSaveOperation, input)).message;

/** 修改联系电话; answers the server's message. */
export const saveEnterpriseContact = async (
  input: OperationInput<typeof enterpriseContactOperation>,
): Promise<string> => (await callWithMessage(enterpriseContactOperation, input)).message;

/** A dictionary's items (经营状态, 涉诉情况) as select options. */
export const fetchDictOptions = async (dictCode: string) =>
  (await call(dictItemsByPathOperation, { dictCode })).map((item) => ({ value: item.value, label: item.title }));

/** 禁用 (2) / 启用 (1) the enterprise. */
export const setEnterpriseStatus = (info: Pick<EnterpriseInfo, 'id' | 'tenantId'>, status: 1 | 2) =>
  call(enterpriseStatusOperation, { enterpriseId: info.id, tenantId: info.tenantId, status });

/** The fee change dialog's queries (decision 0035), under the enterprise's key so a save refreshes them with the info. */
export const feeKey = (owner: FeeOwner) => ['enterprise', 'fee', owner.enterpriseId, owner.tenantId] as const;

export interface FeeOwner {
  enterpriseId: number;
  tenantId: number;
}

/** The waiting or in-force fee; null (code 10013) while the enterprise has none of its own. */
export async function fetchCurrentFee(owner: FeeOwner): Promise<CurrentFee | null> {
  try {
    return await call(currentFeeOperation, owner, { silent: true });
  } catch (error) {
    if (error instanceof ApiError && error.code === ApiCode.feeMissing) return null;
    if (error instanceof ApiError) notifier().warning(error.message);
    throw error;
  }
}

export const fetchFeeOrdered = async (owner: FeeOwner): Promise<boolean> =>
  (await call(feeOrderedOperation, owner)).ordered;

/** Saves the fee; answers the server's message (at once, or from next month). */
export const saveFee = async (input: OperationInput<typeof saveFeeOperation>): Promise<string> =>
  (await callWithMessage(saveFeeOperation, input)).message;

/** The enterprise's bank cards; unmasked with the caller's live desensitization token. */
export const bankCardsKey = (owner: FeeOwner, tempToken?: string) =>
  ['enterprise', 'bankCards', owner.enterpriseId, owner.tenantId, tempToken] as const;

export const fetchBankCards = (owner: FeeOwner, tempToken?: string) =>
  call(bankCardListOperation, { ...owner, ...(tempToken ? { tempToken } : {}) });

/** The bank systems the cards can be bound to (not CMB, not SCP); silent: a failure leaves 新增银行卡 hidden. */
export const fetchBankSystems = (owner: FeeOwner) => call(bankSystemListOperation, owner, { silent: true });

/** 新增 / 编辑 a card; answers the server's message. */
export const addBankCard = async (input: OperationInput<typeof bankCardAddOperation>, own = false): Promise<string> =>
  (await callWithMessage(own ? ownBankCardAddOperation : bankCardAddOperation, input)).message;

export const editBankCard = async (input: OperationInput<typeof bankCardEditOperation>, own = false): Promise<string> =>
  (await callWithMessage(own ? ownBankCardEditOperation : bankCardEditOperation, input)).message;

export const deleteBankCard = (owner: FeeOwner, id: number, own = false) =>
  call(own ? ownBankCardDeleteOperation : bankCardDeleteOperation, { ...owner, id });

/** 企业账户 (decision 0042): under the enterprise's key, so a status change anywhere reloads the list. */
export const ENTERPRISE_ACCOUNTS_KEY = ['enterprise', 'accounts'] as const;

export const fetchEnterpriseAccounts = (query: OperationInput<typeof enterpriseAccountListOperation>) =>
  call(enterpriseAccountListOperation, query);

/** 新增企业: the enterprise and its administrator; answers the login to hand over. */
export const addEnterpriseAccount = (input: OperationInput<typeof enterpriseAddOperation>) =>
  call(enterpriseAddOperation, input);

/** The CMB and SCP systems where the enterprise has no 付款账户 yet (decision 0047). */
export const payAccountSystemsKey = (owner: FeeOwner) =>
  ['enterprise', 'payAccountSystems', owner.enterpriseId, owner.tenantId] as const;

/** Silent: a failed background lookup leaves 开通付款账户 hidden instead of raising a toast (spec 3 §8). */
export const fetchPayAccountSystems = (owner: FeeOwner) => call(payAccountSystemsOperation, owner, { silent: true });

/** 开通付款账户; answers the server's message. */
export const openPayAccount = async (input: OperationInput<typeof payAccountOpenOperation>): Promise<string> =>
  (await callWithMessage(payAccountOpenOperation, input)).message;
