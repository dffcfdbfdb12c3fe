import type { ModuleDefinition } from '../../platform/modules';
import {
  lookupEnterpriseAccounts,
  lookupEnterpriseTenants,
  lookupEnterprises,
  lookupLabels,
  lookupTags,
} from './service';

/** 企业：认证、账户、标签 */
export const enterprisesModule: ModuleDefinition = {
  name: 'enterprises',
  lookups: {
    enterprise: lookupEnterprises,
    enterpriseAccount: lookupEnterpriseAccounts,
    enterpriseTenant: lookupEnterpriseTenants,
    tag: lookupTags,
    label: lookupLabels,
  },
};
