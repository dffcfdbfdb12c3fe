import type { ModuleDefinition } from '../../platform/modules';
import { personAccountsDemo } from './demo';
import { personMenus } from './menus';
import { registerPersonRoutes } from './routes';
import { lookupEmployees } from './service';

/** 自然人 */
export const personsModule: ModuleDefinition = {
  name: 'persons',
  routes: registerPersonRoutes,
  lookups: {
    employee: lookupEmployees,
  },
  menus: personMenus,
  demo: personAccountsDemo,
};
