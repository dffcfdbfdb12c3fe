/** 财务账户管理's calls and query keys. */
import {
  accountFlowListOperation,
  financialAccountListOperation,
  type OperationInput,
  payPasswordStatusOperation,
  sendPhoneOperation,
  setPayPasswordOperation,
  topUpOperation,
} from '@fieldpay/domain';
import { call } from '../../app/api-client';
import { getKey } from '../../app/session-calls';
import { rsaEncryptBase64 } from '../../api/crypto';

export const FINANCIAL_ACCOUNT_KEY = ['finance', 'accounts'] as const;
export const ACCOUNT_FLOW_KEY = ['finance', 'flows'] as const;
export const PAY_PASSWORD_STATUS_KEY = ['finance', 'payPasswordStatus'] as const;

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
