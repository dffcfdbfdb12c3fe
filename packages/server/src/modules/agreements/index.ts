import type { ModuleDefinition } from '../../platform/modules';
import { agreementsDemo } from './demo';
import { agreementMenus } from './menus';
import { registerAgreementRoutes } from './routes';
import { lookupContractEnterprises, lookupContractPersons, lookupContracts, lookupSigners } from './service';

/** 协议与电子签：企业协议、个人协议、签署人 */
export const agreementsModule: ModuleDefinition = {
  name: 'agreements',
  routes: registerAgreementRoutes,
  menus: agreementMenus,
  demo: agreementsDemo,
  lookups: {
    signer: lookupSigners,
    contractEnterprise: lookupContractEnterprises,
    contract: lookupContracts,
    contractPerson: lookupContractPersons,
  },
};
