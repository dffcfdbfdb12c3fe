/** The login screen's calls: captcha image and login (docs/decisions/0002-api-contract.md). */
import {
  captchaImageOperation,
  type LoginBody,
  type LoginUserInfo,
  type Side,
  sessionOperations,
} from '@fieldpay/domain';
import { rsaEncryptBase64 } from '../../api/crypto';
import { call } from '../../app/api-client';
import { getKey } from '../../app/session-calls';

/** Captcha image for `checkKey`, as a data URL. */
export async function captchaImage(checkKey: string): Promise<string> {
  return call(captchaImageOperation, { checkKey }, { silent: true });
}

export interface Credentials {
  username: string;
  password: string;
  captcha?: string;
  checkKey?: string;
}

/** Login on `side`: the password travels RSA-OAEP encrypted under a key fetched for this attempt. */
export async function login(side: Side, credentials: Credentials): Promise<LoginUserInfo> {
  const { keyId, publicKey } = await getKey();
  const body: LoginBody = {
    username: credentials.username,
    password: await rsaEncryptBase64(publicKey, credentials.password),
    keyId,
    ...(credentials.checkKey ? { captcha: credentials.captcha ?? '', checkKey: credentials.checkKey } : {}),
  };
  return call(sessionOperations[side].login, body, { silent: true });
}
