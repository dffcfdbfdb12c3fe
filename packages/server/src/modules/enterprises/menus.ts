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

export const enterpriseMenus: ModuleMenus = { platform: [enterpriseInfo], enterprise: [enterpriseInfo] };
