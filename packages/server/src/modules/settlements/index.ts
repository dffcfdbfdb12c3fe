import type { ModuleDefinition } from '../../platform/modules';
import { settlementsDemo } from './demo';
import { settlementRecordExport, settlementTaskExport } from './documents';
import { registerSettlementJobs } from './jobs';
import { settlementMenus } from './menus';
import { registerSettlementRoutes } from './routes';

/** 结算：由审核通过的任务生成结算单、审核与撤回、付款（恰好一次）、逐人发放与重新发放、对账 */
export const settlementsModule: ModuleDefinition = {
  name: 'settlements',
  routes: registerSettlementRoutes,
  jobs: registerSettlementJobs,
  exports: [settlementTaskExport, settlementRecordExport],
  menus: settlementMenus,
  demo: settlementsDemo,
};
