import type { ModuleDefinition } from '../../platform/modules';
import { taxVouchersDemo } from './demo';
import { taxMenus } from './menus';
import { registerTaxRoutes } from './routes';
import { lookupTaxSources } from './service';

/** 税源地，完税凭证 */
export const taxModule: ModuleDefinition = {
  name: 'tax',
  routes: registerTaxRoutes,
  lookups: {
    tax: lookupTaxSources,
  },
  menus: taxMenus,
  demo: taxVouchersDemo,
};
