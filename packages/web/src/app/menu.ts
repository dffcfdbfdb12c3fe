/**
 * The server's three-level permission menu (spec 1 §2): top items in the top bar, their children
 * in the side menu, leaves are pages. Pure helpers, so the rules are unit-tested.
 */
import { CONSOLE_PAGE_PATHS, type MenuItem, type Side } from '@fieldpay/domain';

export const HOME_PATH = '/home';
export const DASHBOARD_PATH = '/dashboard/analysis';
export const NOTICE_PATH = '/notice';
export const NOTICE_LIST_PATH = '/notice/view/list';
export const CHANGE_PASSWORD_PATH = '/company/loginManage/password';
/** the platform side's own password change (a reset password must be changed here first) */
export const PLATFORM_CHANGE_PASSWORD_PATH = '/account/password';
export const changePasswordPath = (side: Side): string =>
  side === 'platform' ? PLATFORM_CHANGE_PASSWORD_PATH : CHANGE_PASSWORD_PATH;
export const DOWNLOAD_LOG_PATH = '/dataManagement/logManagement/downloadLog';
export const ORDER_GENERATE_CACHE_PATH = '/company/catchSystem/orderGenerateCache';
export const APP_UPLOAD_PATH = '/appUpload';

/** Page component names of the fixed routes (spec 1 §2); the menu need not hold them. */
export const FIXED_PAGES: Readonly<Record<string, { component: string; title: string; side?: Side }>> = {
  [DASHBOARD_PATH]: { component: 'DashboardAnalysis', title: '首页' },
  [CHANGE_PASSWORD_PATH]: { component: 'ChangePassword', title: '修改密码', side: 'enterprise' },
  [PLATFORM_CHANGE_PASSWORD_PATH]: { component: 'ChangePassword', title: '修改密码', side: 'platform' },
};

/** Spec routes that exist only for users whose menu holds them: elsewhere 暂无页面权限. */
/** The download list the menu holds (spec 1 §2 top bar: the icon shows only then), or null. */
export function downloadListPath(menuList: readonly MenuItem[]): string | null {
  return [DOWNLOAD_LOG_PATH, ORDER_GENERATE_CACHE_PATH].find((path) => menuHolds(menuList, path)) ?? null;
}

export const MENU_GATED_PATHS: readonly string[] = [NOTICE_LIST_PATH, DOWNLOAD_LOG_PATH, ORDER_GENERATE_CACHE_PATH];

export const normalizePath = (path: string): string => {
  const clean = path.split('?')[0].replace(/\/+$/, '');
  return clean.startsWith('/') ? clean || '/' : `/${clean}`;
};

export const isNoticeItem = (item: MenuItem): boolean => normalizePath(item.url).startsWith(NOTICE_PATH);

const walk = (
  items: readonly MenuItem[],
  visit: (item: MenuItem, trail: MenuItem[]) => boolean,
  trail: MenuItem[] = [],
): boolean => {
  for (const item of items) {
    const path = [...trail, item];
    if (visit(item, path) || walk(item.childList ?? [], visit, path)) return true;
  }
  return false;
};

export interface MenuHit {
  item: MenuItem;
  /** top item first, the hit last */
  trail: MenuItem[];
}

function find(menu: readonly MenuItem[], match: (item: MenuItem) => boolean): MenuHit | null {
  let hit: MenuHit | null = null;
  walk(menu, (item, trail) => {
    if (!match(item)) return false;
    hit = { item, trail };
    return true;
  });
  return hit;
}

export const findByUrl = (menu: readonly MenuItem[], path: string): MenuHit | null => {
  const target = normalizePath(path);
  return find(menu, (item) => Boolean(item.url) && normalizePath(item.url) === target);
};

/**
 * The side menu's entry for a path: its own, else the entry whose page the path sits under (a hidden
 * page such as /company/account/info/modifyAuth lights 账户信息); the path itself when none does.
 */
export function selectedMenuKey(keys: readonly string[], path: string): string {
  const under = keys.filter((key) => path === key || path.startsWith(`${key}/`));
  return under.sort((a, b) => b.length - a.length)[0] ?? path;
}

export const findByRemarks = (menu: readonly MenuItem[], remarks: string): MenuHit | null =>
  remarks ? find(menu, (item) => item.remarks === remarks) : null;

export const menuHolds = (menu: readonly MenuItem[], path: string): boolean => findByUrl(menu, path) !== null;

/** Top-bar items: shown ones, without the notice entry. */
export const topItems = (menu: readonly MenuItem[]): MenuItem[] =>
  menu.filter((item) => item.isOpen === 1 && !isNoticeItem(item));

/** Side-menu entries under a top item: shown ones, without the notice entry. */
export const sideItems = (top: MenuItem | null): MenuItem[] =>
  (top?.childList ?? []).filter((item) => item.isOpen === 1 && !isNoticeItem(item));

/** Where a click on a top item goes: its first grandchild, else its first child, else itself. */
export function firstPageOf(top: MenuItem): string | null {
  const child = sideItems(top)[0];
  if (!child) return top.url || null;
  const grandchild = sideItems(child)[0];
  return (grandchild ?? child).url || null;
}

/** The top item holding `path`, if any. */
export const topItemFor = (menu: readonly MenuItem[], path: string): MenuItem | null =>
  findByUrl(menu, path)?.trail[0] ?? null;

export type Resolution =
  | { kind: 'page'; component: string; title: string }
  | { kind: 'forbidden' }
  | { kind: 'notFound' };

/**
 * What the console shows at `path`: the page the menu (or a fixed route) names, 暂无页面权限 for
 * a known page the menu lacks, the not-found page otherwise — also for menu entries whose page
 * `isRegistered` does not know.
 */
export function resolvePath(
  path: string,
  menu: readonly MenuItem[],
  side: Side,
  isRegistered: (component: string) => boolean,
): Resolution {
  const target = normalizePath(path);
  const fixed = FIXED_PAGES[target];
  if (fixed) {
    if (fixed.side && fixed.side !== side) return { kind: 'forbidden' };
    return { kind: 'page', component: fixed.component, title: fixed.title };
  }
  const hit = findByUrl(menu, target);
  if (hit) {
    const { component, name } = hit.item;
    return component && isRegistered(component) ? { kind: 'page', component, title: name } : { kind: 'notFound' };
  }
  // a page of the console outside this user's menu (another side's, the operator's) is forbidden, not missing
  return MENU_GATED_PATHS.includes(target) || CONSOLE_PAGE_PATHS.includes(target)
    ? { kind: 'forbidden' }
    : { kind: 'notFound' };
}
