import type { ModuleDefinition } from '../../platform/modules';
import { financeDemo } from './demo';
import { registerFinanceJobs } from './jobs';
import { financeMenus } from './menus';
import { registerFinanceRoutes } from './routes';

/** 财务：付款银行与余额、充值与对账、账户流水、交易密码、支付短信验证码 */
export const financeModule: ModuleDefinition = {
  name: 'finance',
  routes: registerFinanceRoutes,
  jobs: registerFinanceJobs,
  menus: financeMenus,
  demo: financeDemo,
};
