import type { LookupKind, LookupQuery, LookupRecord, Page } from '@fieldpay/domain';
import type { DbOrTx } from '../../db/client';
import {
  lookupContractEnterprises,
  lookupContractPersons,
  lookupContracts,
  lookupSigners,
} from '../../modules/agreements/service';
import { lookupFirstSenders, lookupSenders, lookupWechatUsers } from '../../modules/content/service';
import { lookupCustomers, lookupOrganisations } from '../../modules/customers/service';
import {
  lookupEnterpriseAccounts,
  lookupEnterprises,
  lookupEnterpriseTenants,
  lookupLabels,
  lookupTags,
} from '../../modules/enterprises/service';
import {
  lookupBankBranches,
  lookupBankPlatforms,
  lookupChannelAccounts,
  lookupVirtualAccounts,
} from '../../modules/payouts/service';
import { lookupEmployees } from '../../modules/persons/service';
import { lookupAuthorisedProducts, lookupProducts } from '../../modules/products/service';
import { lookupDataProjects, lookupProjects } from '../../modules/projects/service';
import { lookupTaskTypes } from '../../modules/tasks/service';
import { lookupTaxSources } from '../../modules/tax/service';
import type { Principal } from '../auth/sessions';
import { lookupTenants } from '../tenants/lookups';

export type LookupHandler<K extends LookupKind> = (
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<K>,
) => Promise<Page<LookupRecord<K>>>;

/**
 * Which module answers each kind. Every module scopes its own rows (DESIGN §5); reference data
 * (task types, bank branches) is the same for every session.
 */
export const LOOKUP_HANDLERS: { [K in LookupKind]: LookupHandler<K> } = {
  enterprise: lookupEnterprises,
  organisation: lookupOrganisations,
  customer: lookupCustomers,
  product: lookupProducts,
  tenant: lookupTenants,
  tax: lookupTaxSources,
  enterpriseAccount: lookupEnterpriseAccounts,
  employee: lookupEmployees,
  project: lookupProjects,
  signer: lookupSigners,
  authorisedProduct: lookupAuthorisedProducts,
  tag: lookupTags,
  enterpriseTenant: lookupEnterpriseTenants,
  wechatUser: lookupWechatUsers,
  firstSender: lookupFirstSenders,
  sender: lookupSenders,
  dataProject: lookupDataProjects,
  contractEnterprise: lookupContractEnterprises,
  contract: lookupContracts,
  contractPerson: lookupContractPersons,
  label: lookupLabels,
  taskType: (db, _principal, query) => lookupTaskTypes(db, query),
  bankPlatform: lookupBankPlatforms,
  virtualAccount: lookupVirtualAccounts,
  bankBranch: (db, _principal, query) => lookupBankBranches(db, query),
  channelAccount: lookupChannelAccounts,
};
