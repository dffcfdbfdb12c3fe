import type { MenuEntry, ModuleMenus } from '../../platform/modules';

const listPage: MenuEntry = {
  name: '发票列表',
  url: '/invoice/invoiceList',
  component: 'InvoiceList',
  remarks: 'invoiceList',
  permission: 'invoice:list:view',
};

/** 发票管理 after 结算管理 (20) and 财务管理 (25). */
const invoicesOf = (): MenuEntry => ({
  name: '发票管理',
  url: '/invoice',
  icon: 'AuditOutlined',
  position: 27,
  children: [{ name: '发票中心', url: '/invoice/center', icon: 'FileTextOutlined', children: [listPage] }],
});

export const invoiceMenus: ModuleMenus = { platform: [invoicesOf()], enterprise: [invoicesOf()] };
