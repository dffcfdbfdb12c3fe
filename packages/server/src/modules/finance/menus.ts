import type { MenuEntry, ModuleMenus } from '../../platform/modules';

/** 财务账户管理's address (spec 2 §2), also where a withdrawal's notice leads */
export const FINANCIAL_ACCOUNT_URL = '/company/financialSystem/financialAccountManage';

const financialAccountPage: MenuEntry = {
  name: '财务账户管理',
  url: FINANCIAL_ACCOUNT_URL,
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
