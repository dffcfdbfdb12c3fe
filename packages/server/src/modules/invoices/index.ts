import type { ModuleDefinition } from '../../platform/modules';
import { invoicesDemo } from './demo';
import { invoiceExport } from './export';
import { invoiceMenus } from './menus';
import { registerInvoiceRoutes } from './routes';

/** 发票：开票信息、申请开票、开票与寄送、查收、发票导出 */
export const invoicesModule: ModuleDefinition = {
  name: 'invoices',
  routes: registerInvoiceRoutes,
  exports: [invoiceExport],
  menus: invoiceMenus,
  demo: invoicesDemo,
};
