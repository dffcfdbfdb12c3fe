/** Log out and tenant switch, each confirmed first (spec 1 §2, §4). */
import { MSG } from '@fieldpay/domain';
import { useCallback } from 'react';
import { ApiError } from '../../api/http';
import { useConfirm } from '../../components/ConfirmProvider';
import { currentSide } from '../current-side';
import { endSession } from '../end-session';
import { HOME_PATH } from '../menu';
import { reloadAt } from '../navigation';
import { logout, switchTenant } from '../session-calls';
import { notifier } from '../notify';
import { useSession } from '../session-store';

export function useLogout(): () => Promise<void> {
  const confirm = useConfirm();
  return useCallback(async () => {
    if (!(await confirm({ type: 0, content: MSG.confirmLogout }))) return;
    try {
      await logout(currentSide());
    } catch {
      // Logging out clears everything even when the call fails (spec 1 §4).
    }
    endSession();
    notifier().success(MSG.logoutSuccess);
  }, [confirm]);
}

export function useSwitchTenant(): (tenantId: number) => Promise<void> {
  const confirm = useConfirm();
  return useCallback(
    async (tenantId) => {
      if (useSession.getState().userInfo?.tenant.id === tenantId) return;
      if (!(await confirm({ type: 0, content: MSG.confirmSwitchTenant }))) return;
      try {
        useSession.getState().switchedTenant(await switchTenant(tenantId));
      } catch (error) {
        // the request layer has shown a refused call; an answer without the new user info is shown here
        if (error instanceof ApiError && error.code === 'malformed') notifier().error(error.message);
        return;
      }
      reloadAt(HOME_PATH);
    },
    [confirm],
  );
}
