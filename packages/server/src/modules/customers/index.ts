import type { ModuleDefinition } from '../../platform/modules';
import { customerMenus } from './menus';
import { registerCustomerRoutes } from './routes';
import { lookupCustomers, lookupOrganisations } from './service';

/** 终端客户：机构与客户，客户认证信息与审核 (decisions 0027, 0030) */
export const customersModule: ModuleDefinition = {
  name: 'customers',
  routes: registerCustomerRoutes,
  lookups: {
    organisation: lookupOrganisations,
    customer: lookupCustomers,
  },
  menus: customerMenus,
};
