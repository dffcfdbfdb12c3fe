import { MENU_RETRY_MS } from '@fieldpay/domain';
/**
 * The permission menu is fetched once per page load after login (spec 1 §2, §4). Code that needs
 * it waits, retrying every 50 ms, until it is present. A failing permission call removes all
 * session data and goes to /login.
 */
import type { MenuItem } from '@fieldpay/domain';
import { currentSide } from './current-side';
import { endSession } from './end-session';
import { queryPerm } from './session-calls';
import { useSession } from './session-store';

let loading: Promise<void> | null = null;

export function loadMenuOnce(): Promise<void> {
  const { token, menuList, userInfo } = useSession.getState();
  if (!token || menuList) return Promise.resolve();
  if (!loading) {
    loading = queryPerm(currentSide(), userInfo?.tenant.id ?? null)
      .then((perm) => useSession.getState().setPerm(perm))
      .catch(() => endSession())
      .finally(() => {
        loading = null;
      });
  }
  return loading;
}

/** Resolves with the menu once present; null if the session ends first. */
export function waitForMenu(retryMs = MENU_RETRY_MS): Promise<MenuItem[] | null> {
  return new Promise((resolve) => {
    const check = () => {
      const { menuList, token } = useSession.getState();
      if (menuList) resolve(menuList);
      else if (!token) resolve(null);
      else setTimeout(check, retryMs);
    };
    check();
  });
}
