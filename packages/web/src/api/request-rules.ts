/** Timeouts and trimming exceptions of spec 1 §7, kept in one place. */
import { REQUEST_TIMEOUT_MS, SLOW_CALL_PATHS } from '@fieldpay/domain';

/** Calls the spec names no timeout for. */
export const DEFAULT_TIMEOUT_MS = 60_000;

const pathOf = (url: string): string => url.split('?')[0].replace(/^https?:\/\/[^/]+/, '');

export function timeoutFor(url: string, upload: boolean): number {
  if (upload) return REQUEST_TIMEOUT_MS.upload;
  return (SLOW_CALL_PATHS as readonly string[]).includes(pathOf(url))
    ? REQUEST_TIMEOUT_MS.slowCalls
    : DEFAULT_TIMEOUT_MS;
}

/** Password fields are sent exactly as typed (or encrypted) on login and change-password. */
const PASSWORD_KEYS: ReadonlySet<string> = new Set(['password', 'oldPassword', 'newPassword', 'confirmPassword']);
const NO_TRIM_PASSWORD_PATHS = /^\/(platform|enterprise)\/v2\/(login|changePassword)$/;

export function untrimmedKeysFor(url: string): ReadonlySet<string> {
  return NO_TRIM_PASSWORD_PATHS.test(pathOf(url)) ? PASSWORD_KEYS : new Set();
}

/** Codes that end the session (spec 1 §8). Code 4 does it without a warning. */
export const SESSION_END_CODES: ReadonlySet<number> = new Set([3, 4, 100, 101, 103]);
export const SILENT_SESSION_END_CODE = 4;
