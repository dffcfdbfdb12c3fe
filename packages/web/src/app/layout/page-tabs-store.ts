/** Visited pages as tabs; the first tab (首页, the dashboard) is fixed (spec 1 §2: /home). */
import { create } from 'zustand';
import { DASHBOARD_PATH } from '../menu';

export interface PageTab {
  path: string;
  title: string;
}

export const HOME_TAB: PageTab = { path: DASHBOARD_PATH, title: '首页' };
const MAX_TABS = 12;

interface PageTabsState {
  tabs: PageTab[];
  open(tab: PageTab): void;
  /** Closes `path`; answers the tab to show next when it was the active one. */
  close(path: string): PageTab;
  /** Keeps 首页 and `path` only. */
  closeOthers(path: string): void;
  /** Keeps 首页 only. */
  closeAll(): void;
  /** How often each page was refreshed from its tab: the page remounts when it changes. */
  refreshed: Record<string, number>;
  refresh(path: string): void;
  reset(): void;
}

export const usePageTabs = create<PageTabsState>()((set, get) => ({
  tabs: [HOME_TAB],
  open: (tab) =>
    set(({ tabs }) => {
      if (tab.path === HOME_TAB.path) return { tabs };
      const existing = tabs.find((t) => t.path === tab.path);
      if (existing) return { tabs: tabs.map((t) => (t.path === tab.path ? tab : t)) };
      const next = [...tabs, tab];
      // Oldest non-fixed tabs go first when there are too many.
      return { tabs: next.length > MAX_TABS ? [HOME_TAB, ...next.slice(next.length - MAX_TABS + 1)] : next };
    }),
  close: (path) => {
    const { tabs } = get();
    const index = tabs.findIndex((t) => t.path === path);
    if (index <= 0) return HOME_TAB;
    const next = tabs.filter((t) => t.path !== path);
    set({ tabs: next });
    return next[Math.min(index, next.length - 1)] ?? HOME_TAB;
  },
  closeOthers: (path) => set(({ tabs }) => ({ tabs: tabs.filter((t) => t.path === HOME_TAB.path || t.path === path) })),
  closeAll: () => set({ tabs: [HOME_TAB] }),
  refreshed: {},
  refresh: (path) => set(({ refreshed }) => ({ refreshed: { ...refreshed, [path]: (refreshed[path] ?? 0) + 1 } })),
  reset: () => set({ tabs: [HOME_TAB], refreshed: {} }),
}));
