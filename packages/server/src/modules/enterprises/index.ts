import type { ModuleDefinition } from '../../platform/modules';
import { enterprisesDemoBase } from './demo';
import { enterpriseMenus } from './menus';
import { registerEnterpriseRoutes } from './routes';
import {
  lookupEnterpriseAccounts,
  lookupEnterpriseTenants,
  lookupEnterprises,
  lookupLabels,
  lookupTags,
} from './service';

/** 企业：认证、账户、标签；只读的企业信息 (decision 0027) */
export const enterprisesModule: ModuleDefinition = {
  name: 'enterprises',
  routes: registerEnterpriseRoutes,
  menus: enterpriseMenus,
  lookups: {
    enterprise: lookupEnterprises,
    enterpriseAccount: lookupEnterpriseAccounts,
    enterpriseTenant: lookupEnterpriseTenants,
    tag: lookupTags,
    label: lookupLabels,
  },
  demoBase: enterprisesDemoBase,
};
