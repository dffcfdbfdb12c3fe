/**
 * Menu component name -> page, each its own lazily loaded chunk. A menu entry whose component
 * is not here shows the not-found page.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export const PAGE_REGISTRY: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  DashboardAnalysis: lazy(() => import('../features/dashboard/DashboardAnalysisPage')),
  ChangePassword: lazy(() => import('../features/account/ChangePasswordPage')),
  AppVersions: lazy(() => import('../features/app-versions/AppVersionsPage')),
  NoticeList: lazy(() => import('../features/notices/NoticeListPage')),
  SensitiveWords: lazy(() => import('../features/system/SensitiveWordsPage')),
  ProjectList: lazy(() => import('../features/projects/ProjectListPage')),
  DownloadLog: lazy(() => import('../features/downloads/DownloadLogPage')),
  OrderGenerateCache: lazy(() => import('../features/downloads/OrderGenerateCachePage')),
};

export const isRegisteredPage = (component: string): boolean => Object.hasOwn(PAGE_REGISTRY, component);
