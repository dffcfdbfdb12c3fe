import type { MenuEntry, ModuleMenus } from '../../platform/modules';

/** The enterprise info view under 项目管理 > 项目中心: the project lists' client name opens it. */
const enterpriseInfo: MenuEntry = {
  name: '项目管理',
  url: '/projectManage',
  children: [
    {
      name: '项目中心',
      url: '/projectManage/project',
      children: [
        {
          name: '企业信息',
          url: '/projectManage/project/enterpriseInfo',
          component: 'EnterpriseInfo',
          remarks: 'enterpriseInfo',
          permission: 'enterpriseAccountManage:info:view',
          hidden: true,
        },
      ],
    },
  ],
};

/** 企业账户 (decision 0042): the platform's enterprises, under 企业管理 beside the agreements. */
const enterpriseAccounts: MenuEntry = {
  name: '企业管理',
  url: '/enterpriseManage',
  icon: 'BankOutlined',
  position: 17,
  children: [
    {
      name: '企业中心',
      url: '/enterpriseManage/account',
      icon: 'TeamOutlined',
      children: [
        {
          name: '企业账户',
          url: '/enterpriseManage/account/list',
          component: 'EnterpriseAccountList',
          remarks: 'enterpriseAccountList',
          permission: 'enterpriseAccountManage:list:view',
        },
      ],
    },
  ],
};

/** 账户信息 (decision 0043): the enterprise keeps its own authentication (a full page) and bank cards. */
const ownAccountInfo: MenuEntry = {
  name: '企业中心',
  url: '/company',
  children: [
    {
      name: '账号管理',
      url: '/company/account',
      icon: 'TeamOutlined',
      children: [
        {
          name: '账户信息',
          url: '/company/account/info',
          component: 'EnterpriseOwnAccount',
          remarks: 'enterpriseOwnAccount',
          permission: 'enterpriseAccountManage:info:view',
        },
        {
          name: '修改认证信息',
          url: '/company/account/info/modifyAuth',
          component: 'EnterpriseOwnAuthModify',
          remarks: 'enterpriseOwnAuthModify',
          permission: 'enterpriseAccount:info:modify',
          hidden: true,
        },
      ],
    },
  ],
};

export const enterpriseMenus: ModuleMenus = {
  platform: [enterpriseInfo, enterpriseAccounts],
  enterprise: [enterpriseInfo, ownAccountInfo],
};
