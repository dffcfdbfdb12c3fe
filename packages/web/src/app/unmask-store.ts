/**
 * The desensitization token of this session (spec 3 §4): after the check passes, exports and
 * unmasked views send it until it expires. It belongs to the session that asked for it, so a new
 * login or another account never inherits it.
 */
import type { DesensitizationToken } from '@fieldpay/domain';
import { useEffect, useSyncExternalStore } from 'react';
import { useSession } from './session-store';

interface Held extends DesensitizationToken {
  sessionToken: string;
}

let held: Held | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function holdUnmaskToken(sessionToken: string, token: DesensitizationToken): void {
  held = { ...token, sessionToken };
  emit();
}

export function dropUnmaskToken(): void {
  held = null;
  emit();
}

/** The live token of the current session, or null; re-renders when it expires. */
export function useUnmaskToken(now: () => number = Date.now): DesensitizationToken | null {
  const sessionToken = useSession((state) => state.token);
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => held,
  );
  const live = current && current.sessionToken === sessionToken && current.expiresAt > now() ? current : null;
  useEffect(() => {
    if (!live) return;
    const timer = setTimeout(emit, Math.max(0, live.expiresAt - now()) + 10);
    return () => clearTimeout(timer);
  }, [live, now]);
  return live;
}
