import type { MenuEntry, ModuleMenus } from '../../platform/modules';

const voucherPage: MenuEntry = {
  name: '完税凭证',
  url: '/invoice/tax/voucherList',
  component: 'TaxVoucherList',
  remarks: 'taxVoucherList',
  permission: 'taxVoucher:list:view',
};

/** 发票管理 (the invoices area's top item, the same url) gets 完税中心 below 发票中心. */
const taxOf = (): MenuEntry => ({
  name: '发票管理',
  url: '/invoice',
  children: [{ name: '完税中心', url: '/invoice/tax', icon: 'SafetyCertificateOutlined', children: [voucherPage] }],
});

export const taxMenus: ModuleMenus = { platform: [taxOf()], enterprise: [taxOf()] };
