/**
 * Session calls of docs/decisions/0002-api-contract.md that the shell and more than one screen
 * share: the signed getKey (login and the desensitization check), logout, keepalive, permission
 * menu, tenant switch (the tenant switcher and the login's remembered tenant).
 */
import {
  type GetKeyResult,
  getKeyOperation,
  type LoginUserInfo,
  type PermResult,
  type Side,
  sessionOperations,
  switchTenantOperation,
} from '@fieldpay/domain';
import { hmacSha256Hex, randomHex } from '../api/crypto';
import { call } from './api-client';
import { signSecret } from './app-config';

/** A fresh single-use RSA key; the request is signed with the injected secret. */
export async function getKey(): Promise<GetKeyResult> {
  const key = randomHex(16);
  const timestamp = String(Date.now());
  const sign = await hmacSha256Hex(signSecret(), key + timestamp);
  return call(
    getKeyOperation,
    { key, timestamp, sign },
    { silent: true, headers: { 'X-Sign': sign, 'X-TIMESTAMP': timestamp } },
  );
}

export async function logout(side: Side): Promise<void> {
  await call(sessionOperations[side].logout, undefined, { silent: true });
}

export async function ping(side: Side): Promise<void> {
  await call(sessionOperations[side].ping, undefined);
}

export async function queryPerm(side: Side, tenantId: number | null): Promise<PermResult> {
  return call(sessionOperations[side].queryPerm, tenantId === null ? {} : { tenantId });
}

/** `token`: a session not stored yet (restoring the remembered tenant right after login). */
export async function switchTenant(tenantId: number, token?: string): Promise<LoginUserInfo> {
  return call(
    switchTenantOperation,
    { tenantId },
    token ? { silent: true, headers: { 'X-Access-Token': token } } : undefined,
  );
}
