/**
 * The settlement dialog's calls (spec 2 §2.2, §7): the per-person lines to confirm (15 s timeout,
 * the request layer's), the enterprise's paying banks, the payment SMS code, and the payment itself
 * with the transaction password RSA-encrypted under a fresh single-use key.
 */
import {
  bankTakesPlatformId,
  confirmSettlementDetailListOperation,
  confirmSettlementOperation,
  type PayBank,
  payBankInfoOperation,
  type SettlementLine,
  sendPhoneOperation,
} from '@fieldpay/domain';
import { callWithMessage, call } from '../../app/api-client';
import { notifier } from '../../app/notify';
import { getKey } from '../../app/session-calls';
import { rsaEncryptBase64 } from '../../api/crypto';

export const settleLinesKey = (settlementId: number) => ['settlements', 'settleLines', settlementId] as const;
export const payBanksKey = (tenantId: number, enterpriseId: number) =>
  ['settlements', 'payBanks', tenantId, enterpriseId] as const;

export const fetchSettleLines = (settlementId: number): Promise<SettlementLine[]> =>
  call(confirmSettlementDetailListOperation, { settlementId });

export const fetchPayBanks = (tenantId: number, enterpriseId: number): Promise<PayBank[]> =>
  call(payBankInfoOperation, { tenantId, enterpriseId });

/** A payment code to the user's own phone, bound to the settlement it will pay. */
export const sendPayCode = (phone: string, settlementId: number) =>
  call(sendPhoneOperation, { phone, purpose: 'pay', settlementId });

export interface PayInput {
  settlementId: number;
  bank: Pick<PayBank, 'bankNo' | 'platformId'>;
  password: string;
  phone: string;
  phoneCode: string;
}

export interface PayResult {
  message: string;
  /** the settlement had been paid already: the server answered the first payment */
  repeated: boolean;
}

/** POST confirmSettlement: the password travels RSA-OAEP encrypted under a fresh getKey key. */
export async function paySettlement(input: PayInput): Promise<PayResult> {
  let key: Awaited<ReturnType<typeof getKey>>;
  try {
    key = await getKey();
  } catch (error) {
    // getKey is silent for the login page's sake; here its failure must be said
    notifier().warning(error instanceof Error ? error.message : String(error));
    throw error;
  }
  const { bankNo, platformId } = input.bank;
  const { result, message } = await callWithMessage(confirmSettlementOperation, {
    id: input.settlementId,
    bankNo,
    password: await rsaEncryptBase64(key.publicKey, input.password),
    keyId: key.keyId,
    phone: input.phone,
    phoneCode: input.phoneCode,
    type: 1,
    ...(bankTakesPlatformId(bankNo) ? { platformId } : {}),
  });
  return { message, repeated: result.repeated };
}
