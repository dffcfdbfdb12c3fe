/**
 * Configuration the server injects into index.html in place of `<!--APP_CONFIG-->`
 * (docs/decisions/0002-api-contract.md): the getKey signing secret.
 */
declare global {
  interface Window {
    __APP_CONFIG__?: { signSecret?: string };
  }
}

/** The server's development default; used only by the Vite dev server. */
export const DEV_SIGN_SECRET = 'fieldpay-dev-sign-secret';

export function signSecret(): string {
  const injected = typeof window === 'undefined' ? undefined : window.__APP_CONFIG__?.signSecret;
  if (injected) return injected;
  return import.meta.env.DEV ? DEV_SIGN_SECRET : '';
}
