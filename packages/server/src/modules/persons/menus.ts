import type { MenuEntry, ModuleMenus } from '../../platform/modules';

/**
 * 人员管理 (decision 0033), after 客户管理 on the platform side: the persons registered on the
 * platform; the detail opens from a row, so it hides from the menu.
 */
const personManage: MenuEntry = {
  name: '人员管理',
  url: '/personManage',
  icon: 'TeamOutlined',
  position: 16,
  children: [
    {
      name: '人员中心',
      url: '/personManage/person',
      icon: 'IdcardOutlined',
      children: [
        {
          name: '自然人账户',
          url: '/personManage/person/list',
          component: 'PersonAccountList',
          remarks: 'personAccountList',
          permission: 'personalAccountManage:list:view',
        },
        {
          name: '自然人详情',
          url: '/personManage/person/detail',
          component: 'PersonDetail',
          remarks: 'personDetail',
          permission: 'personalAccountManage:list:view',
          hidden: true,
        },
      ],
    },
  ],
};

export const personMenus: ModuleMenus = { platform: [personManage] };
