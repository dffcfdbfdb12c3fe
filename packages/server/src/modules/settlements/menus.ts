import type { MenuEntry, ModuleMenus } from '../../platform/modules';
import { SETTLEMENT_LIST_URL } from './links';

const listPage: MenuEntry = {
  name: '结算单列表',
  url: SETTLEMENT_LIST_URL,
  component: 'SettlementList',
  remarks: 'settlementList',
  permission: 'settlement:list:view',
};

const createPage: MenuEntry = {
  name: '生成结算单',
  url: '/settlement/order/create',
  component: 'SettlementCreate',
  remarks: 'settlementCreate',
  permission: 'settlement:list:create',
};

/** 结算管理 after 项目管理 (10), before 财务管理 (25). */
const settlementsOf = (pages: MenuEntry[]): MenuEntry => ({
  name: '结算管理',
  url: '/settlement',
  icon: 'MoneyCollectOutlined',
  position: 20,
  children: [{ name: '结算中心', url: '/settlement/order', icon: 'FileDoneOutlined', children: pages }],
});

export const settlementMenus: ModuleMenus = {
  platform: [settlementsOf([listPage])],
  enterprise: [settlementsOf([listPage, createPage])],
};
