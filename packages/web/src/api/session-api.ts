/**
 * Session calls of docs/decisions/0002-api-contract.md: credentials (getKey, captcha, login),
 * logout, keepalive, permission menu, tenant switch, password change.
 */
import {
  type GetKeyResult,
  type LoginBody,
  type LoginUserInfo,
  MSG,
  type PermResult,
  type Side,
} from '@fieldpay/domain';
import { signSecret } from '../app/app-config';
import { http } from '../app/api-client';
import { hmacSha256Hex, randomHex, rsaEncryptBase64 } from './crypto';
import { ApiError } from './http';

/** A fresh single-use RSA key; the request is signed with the injected secret. */
export async function getKey(): Promise<GetKeyResult> {
  const key = randomHex(16);
  const timestamp = String(Date.now());
  const sign = await hmacSha256Hex(signSecret(), key + timestamp);
  const answer = await http.get<GetKeyResult>(
    '/api/sys2/getKey',
    { key, timestamp, sign },
    { silent: true, headers: { 'X-Sign': sign, 'X-TIMESTAMP': timestamp } },
  );
  return answer.result;
}

/** Captcha image for `checkKey`, as a data URL. */
export async function captchaImage(checkKey: string): Promise<string> {
  const answer = await http.get<string>(`/sys/randomImage/${encodeURIComponent(checkKey)}`, undefined, {
    silent: true,
  });
  return answer.result;
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
  const answer = await http.post<LoginUserInfo>(`/${side}/v2/login`, body, { silent: true });
  return answer.result;
}

export async function logout(side: Side): Promise<void> {
  await http.get(`/${side}/v2/logout`, undefined, { silent: true });
}

export async function ping(side: Side): Promise<void> {
  await http.post(`/${side}/v2/ping`, {});
}

export async function queryPerm(side: Side, tenantId: number | null): Promise<PermResult> {
  const answer = await http.get<PermResult>(`/${side}/v2/queryPerm`, tenantId === null ? {} : { tenantId });
  return answer.result;
}

/** `token`: a session not stored yet (restoring the remembered tenant right after login). */
export async function switchTenant(tenantId: number, token?: string): Promise<LoginUserInfo> {
  const answer = await http.post<LoginUserInfo>(
    '/enterprise/v2/switchTenant',
    { tenantId },
    token ? { silent: true, headers: { 'X-Access-Token': token } } : undefined,
  );
  if (!answer?.result?.tenant) throw new ApiError(MSG.serverError, 'malformed');
  return answer.result;
}

export interface ChangePasswordBody {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export async function changePassword(body: ChangePasswordBody): Promise<void> {
  await http.post('/enterprise/v2/changePassword', body);
}
