import type { ModuleDefinition } from '../../platform/modules';
import { enterprisesDemo, enterprisesDemoBase } from './demo';
import { enterpriseMenus } from './menus';
import { registerEnterpriseRoutes } from './routes';
import {
  lookupEnterpriseAccounts,
  lookupEnterpriseTenants,
  lookupEnterprises,
  lookupLabels,
  lookupTags,
} from './service';

/** 企业：认证、账户、标签；企业信息 (decision 0027)、结算银行卡 (decision 0037) */
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
  demo: enterprisesDemo,
};
