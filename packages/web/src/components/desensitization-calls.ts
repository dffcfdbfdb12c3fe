/** The desensitization check's calls (decision 0007): the SMS code and the verification. */
import { type DesensitizationToken, desensitizationVerifyOperation, sendVerifyCodeOperation } from '@fieldpay/domain';
import { rsaEncryptBase64 } from '../api/crypto';
import { call, callWithMessage } from '../app/api-client';
import { getKey } from '../app/session-calls';

/** Sends the SMS code of the desensitization check to the user's own phone; answers the server's text. */
export async function sendVerifyCode(): Promise<string> {
  return (await callWithMessage(sendVerifyCodeOperation, undefined)).message;
}

/** The desensitization check: the password travels RSA-encrypted, as at login. */
export async function verifyDesensitization(input: {
  password: string;
  msgCaptcha?: string;
}): Promise<DesensitizationToken> {
  const { keyId, publicKey } = await getKey();
  return call(desensitizationVerifyOperation, {
    keyId,
    password: await rsaEncryptBase64(publicKey, input.password),
    msgCaptcha: input.msgCaptcha || undefined,
  });
}
