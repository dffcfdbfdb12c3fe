import type { ModuleDefinition } from '../../platform/modules';
import { tasksDemo } from './demo';
import { taskMenus } from './menus';
import { registerTaskRoutes } from './routes';
import { seedTaskTypes } from './seed';
import { lookupTaskTypes } from './service';

/** 任务：任务类型、服务人员接口（领取、签到签退、记录、提交与自动审核）、任务列表与审核 */
export const tasksModule: ModuleDefinition = {
  name: 'tasks',
  routes: registerTaskRoutes,
  lookups: {
    taskType: (db, _principal, query) => lookupTaskTypes(db, query),
  },
  menus: taskMenus,
  seed: seedTaskTypes,
  demo: tasksDemo,
};
