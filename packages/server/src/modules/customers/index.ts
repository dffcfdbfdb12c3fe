import type { ModuleDefinition } from '../../platform/modules';
import { lookupCustomers, lookupOrganisations } from './service';

/** 终端客户：机构与客户 */
export const customersModule: ModuleDefinition = {
  name: 'customers',
  lookups: {
    organisation: lookupOrganisations,
    customer: lookupCustomers,
  },
};
