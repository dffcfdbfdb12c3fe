/**
 * 财务账户管理's calls and query keys. The electronic receipt is a file, not an envelope, so it comes
 * through the raw client's download (a JSON refusal in the blob is shown as a warning by the request layer).
 */
import {
  ACCOUNT_PROOF_PATH,
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
import { call, http } from '../../app/api-client';
import { saveBlob } from '../../app/save-blob';
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
/** GET downloadProof: saves the flow's electronic receipt, 电子回单-HD….pdf. */
export async function downloadAccountProof(id: number): Promise<void> {
  const { blob, fileName } = await http.download(ACCOUNT_PROOF_PATH, { id });
  saveBlob(blob, fileName ?? `电子回单-${id}.pdf`);
}
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
