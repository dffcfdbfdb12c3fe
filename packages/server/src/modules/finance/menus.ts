import type { MenuEntry, ModuleMenus } from '../../platform/modules';

const financialAccountPage: MenuEntry = {
  name: '财务账户管理',
  url: '/company/financialSystem/financialAccountManage',
  component: 'FinancialAccountManage',
  remarks: 'financialAccountManage',
  permission: 'financialAccount:list:view',
};

/** 财务管理 after 项目管理 (10) and the settlements (20); its url is the spec's page path (spec 2 §2). */
const financeOf = (): MenuEntry => ({
  name: '财务管理',
  url: '/company',
  icon: 'AccountBookOutlined',
  position: 25,
  children: [
    { name: '财务中心', url: '/company/financialSystem', icon: 'WalletOutlined', children: [financialAccountPage] },
  ],
});

export const financeMenus: ModuleMenus = { platform: [financeOf()], enterprise: [financeOf()] };
