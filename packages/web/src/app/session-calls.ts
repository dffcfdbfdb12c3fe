/**
 * Session calls of docs/decisions/0002-api-contract.md that the shell and more than one screen
 * share: the signed getKey (login and the desensitization check), logout, keepalive, permission
 * menu, tenant switch (the tenant switcher and the login's remembered tenant).
 */
import { type GetKeyResult, type LoginUserInfo, MSG, type PermResult, type Side } from '@fieldpay/domain';
import { hmacSha256Hex, randomHex } from '../api/crypto';
import { ApiError } from '../api/http';
import { http } from './api-client';
import { signSecret } from './app-config';

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
