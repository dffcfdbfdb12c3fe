/**
 * The session (spec 1 §4): token and login user info, the side, the menu and permission list,
 * and the enterprise user's tenant choice (kept 7 days). Persisted in localStorage except the
 * menu, which is fetched once per page load.
 */
import { type LoginUserInfo, type MenuItem, type PermResult, type Side, TENANT_CHOICE_DAYS } from '@fieldpay/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const SESSION_STORAGE_KEY = 'fieldpay-session';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface TenantChoice {
  /** login number the choice belongs to */
  account: string;
  tenantId: number;
  expiresAt: number;
}

export interface SessionState {
  token: string | null;
  userInfo: LoginUserInfo | null;
  side: Side;
  tenantChoice: TenantChoice | null;
  menuList: MenuItem[] | null;
  permList: string[];
  setSide(side: Side): void;
  /** A successful login on `side`. */
  signIn(info: LoginUserInfo, side: Side): void;
  /** A tenant switch: new user info (same token), stored tenant ids replaced, menu to be fetched again. */
  switchedTenant(info: LoginUserInfo): void;
  setPerm(perm: PermResult): void;
  /**
   * Logout, or a session the server ended: everything of the session goes. The side and the
   * tenant choice are preferences of this browser and stay (the choice lapses by itself).
   */
  clear(): void;
}

const choiceFor = (info: LoginUserInfo, now: number): TenantChoice => ({
  account: info.account || info.username,
  tenantId: info.tenant.id,
  expiresAt: now + TENANT_CHOICE_DAYS * DAY_MS,
});

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      userInfo: null,
      side: 'platform',
      tenantChoice: null,
      menuList: null,
      permList: [],
      setSide: (side) => set({ side }),
      signIn: (info, side) =>
        set({
          token: info.token,
          userInfo: info,
          side,
          menuList: null,
          permList: [],
          tenantChoice: side === 'enterprise' ? choiceFor(info, Date.now()) : null,
        }),
      switchedTenant: (info) =>
        set((state) => ({
          userInfo: { ...info, token: state.token ?? info.token },
          menuList: null,
          permList: [],
          tenantChoice: choiceFor(info, Date.now()),
        })),
      setPerm: (perm) => set({ menuList: perm.menuList, permList: perm.permList }),
      clear: () => set({ token: null, userInfo: null, menuList: null, permList: [] }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({
        token: state.token,
        userInfo: state.userInfo,
        side: state.side,
        tenantChoice: state.tenantChoice,
      }),
    },
  ),
);

/** The remembered tenant of `account` if still within its 7 days. */
export function rememberedTenant(choice: TenantChoice | null, account: string, now = Date.now()): number | null {
  if (!choice || choice.account !== account || choice.expiresAt <= now) return null;
  return choice.tenantId;
}

/**
 * The platform operator (userIdentity 1 on the platform side, tenant 0): it sees every platform, so
 * its lists carry the platform's column and filter, and it does none of a platform's own work.
 */
export const useIsPlatformOperator = (): boolean =>
  useSession((state) => state.side === 'platform' && state.userInfo?.userIdentity === 1);
