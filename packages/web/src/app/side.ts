import type { Side } from '@fieldpay/domain';

/**
 * Side of the console (spec 1 §1): the address says it when it contains platform or enterprise
 * (`#/login?side=enterprise`, `#/enterprise/...`); otherwise the side kept locally applies.
 */
export function sideFromAddress(href: string): Side | null {
  const hash = href.includes('#') ? href.slice(href.indexOf('#')) : href;
  if (/enterprise/i.test(hash)) return 'enterprise';
  if (/platform/i.test(hash)) return 'platform';
  return null;
}

export const SIDE_LABEL: Record<Side, string> = { platform: '平台端', enterprise: '企业端' };
