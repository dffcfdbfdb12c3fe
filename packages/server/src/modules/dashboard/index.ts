import type { ModuleDefinition } from '../../platform/modules';
import { dashboardMenus } from './menus';
import { registerDashboardRoutes } from './routes';

/** 首页：按会话范围的统计 */
export const dashboardModule: ModuleDefinition = {
  name: 'dashboard',
  routes: registerDashboardRoutes,
  menus: dashboardMenus,
};
