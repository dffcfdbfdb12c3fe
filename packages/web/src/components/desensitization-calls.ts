/** The desensitization check's calls (decision 0007): the SMS code and the verification. */
import type { DesensitizationToken } from '@fieldpay/domain';
import { rsaEncryptBase64 } from '../api/crypto';
import { http } from '../app/api-client';
import { getKey } from '../app/session-calls';

/** Sends the SMS code of the desensitization check to the user's own phone; answers the server's text. */
export async function sendVerifyCode(): Promise<string> {
  const answer = await http.post<{ phone: string }>('/api/sys2/sendVerifyCode', {});
  return answer.message;
}

/** The desensitization check: the password travels RSA-encrypted, as at login. */
export async function verifyDesensitization(input: {
  password: string;
  msgCaptcha?: string;
}): Promise<DesensitizationToken> {
  const { keyId, publicKey } = await getKey();
  const answer = await http.post<DesensitizationToken>('/api/sys2/desensitization/verify', {
    keyId,
    password: await rsaEncryptBase64(publicKey, input.password),
    msgCaptcha: input.msgCaptcha || undefined,
  });
  return answer.result;
}
