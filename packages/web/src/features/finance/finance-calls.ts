/** 财务账户管理's calls and query keys. */
import {
  accountFlowListOperation,
  financialAccountListOperation,
  type OperationInput,
  payPasswordStatusOperation,
  sendPhoneOperation,
  setPayPasswordOperation,
  topUpOperation,
  type WithdrawBody,
  withdrawalListOperation,
  withdrawCardsOperation,
  withdrawOperation,
} from '@fieldpay/domain';
import { call } from '../../app/api-client';
import { getKey } from '../../app/session-calls';
import { rsaEncryptBase64 } from '../../api/crypto';

export const FINANCIAL_ACCOUNT_KEY = ['finance', 'accounts'] as const;
export const ACCOUNT_FLOW_KEY = ['finance', 'flows'] as const;
export const PAY_PASSWORD_STATUS_KEY = ['finance', 'payPasswordStatus'] as const;
export const WITHDRAWAL_KEY = ['finance', 'withdrawals'] as const;
export const WITHDRAW_CARDS_KEY = ['finance', 'withdrawCards'] as const;

export const fetchFinancialAccounts = (query: OperationInput<typeof financialAccountListOperation>) =>
  call(financialAccountListOperation, query);
export const fetchAccountFlows = (query: OperationInput<typeof accountFlowListOperation>) =>
  call(accountFlowListOperation, query);
export const topUp = (id: number, amount: string) => call(topUpOperation, { id, amount });
export const fetchPayPasswordStatus = () => call(payPasswordStatusOperation, undefined);
export const sendPasswordCode = (phone: string) => call(sendPhoneOperation, { phone, purpose: 'password' });

/** Sets or changes the transaction password; both passwords travel RSA-OAEP encrypted under one fresh key. */
export async function savePayPassword(input: {
  password: string;
  oldPassword?: string;
  phone: string;
  phoneCode: string;
}): Promise<void> {
  const { keyId, publicKey } = await getKey();
  await call(setPayPasswordOperation, {
    keyId,
    password: await rsaEncryptBase64(publicKey, input.password),
    oldPassword: input.oldPassword ? await rsaEncryptBase64(publicKey, input.oldPassword) : undefined,
    phone: input.phone,
    phoneCode: input.phoneCode,
  });
}

export const fetchWithdrawCards = (payBankId: number) => call(withdrawCardsOperation, { id: payBankId });
export const fetchWithdrawals = (query: OperationInput<typeof withdrawalListOperation>) =>
  call(withdrawalListOperation, query);
export const sendWithdrawCode = (phone: string) => call(sendPhoneOperation, { phone, purpose: 'withdraw' });

/** A withdrawal; the transaction password travels RSA-OAEP encrypted under a fresh key. */
export async function withdraw(input: Omit<WithdrawBody, 'keyId'>) {
  const { keyId, publicKey } = await getKey();
  return call(withdrawOperation, { ...input, keyId, password: await rsaEncryptBase64(publicKey, input.password) });
}
