import type { PermissionCode } from '@fieldpay/domain';
import { useMemo } from 'react';
import { useSession } from './session-store';

export interface Access {
  /** whether the session's permission list holds the code */
  can(code: PermissionCode): boolean;
}

/**
 * The session's permission codes, for hiding or disabling what the user may not do (DESIGN §5: the web
 * hides what the list lacks). The server checks every call again; this only spares a refused click.
 */
export function useAccess(): Access {
  const permList = useSession((state) => state.permList);
  return useMemo(() => {
    const held = new Set(permList);
    return { can: (code) => held.has(code) };
  }, [permList]);
}
