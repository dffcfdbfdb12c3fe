import type { MenuEntry, ModuleMenus } from '../../platform/modules';

/**
 * 客户管理 (decision 0030), after 项目管理: the platform reviews the customers its enterprises register
 * (spec 3 §1 "Review customers"). The enterprise side has no customer screen: it opens a customer's
 * verification from its tasks.
 */
const customerManage: MenuEntry = {
  name: '客户管理',
  url: '/customerManage',
  icon: 'UserOutlined',
  position: 15,
  children: [
    {
      name: '客户中心',
      url: '/customerManage/customer',
      icon: 'SafetyCertificateOutlined',
      children: [
        {
          name: '客户审核',
          url: '/customerManage/customer/verify',
          component: 'CustomerVerifyList',
          remarks: 'customerVerifyList',
          permission: 'cusVerify:list:query',
        },
      ],
    },
  ],
};

export const customerMenus: ModuleMenus = { platform: [customerManage] };
