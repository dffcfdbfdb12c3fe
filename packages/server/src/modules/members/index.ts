import type { ModuleDefinition } from '../../platform/modules';
import { membersDemo } from './demo';
import { memberMenus } from './menus';
import { registerMemberRoutes } from './routes';

/** 成员账号: the login numbers of an enterprise, from its own side and from the platform's (decision 0023). */
export const membersModule: ModuleDefinition = {
  name: 'members',
  routes: registerMemberRoutes,
  menus: memberMenus,
  demo: membersDemo,
};
