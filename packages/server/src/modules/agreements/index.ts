import type { ModuleDefinition } from '../../platform/modules';
import { lookupContractEnterprises, lookupContractPersons, lookupContracts, lookupSigners } from './service';

/** 协议与电子签：企业协议、个人协议、签署人 */
export const agreementsModule: ModuleDefinition = {
  name: 'agreements',
  lookups: {
    signer: lookupSigners,
    contractEnterprise: lookupContractEnterprises,
    contract: lookupContracts,
    contractPerson: lookupContractPersons,
  },
};
