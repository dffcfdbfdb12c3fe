import type { MenuEntry, ModuleMenus } from '../../platform/modules';

/** 首页, the first top item on both sides */
const home: MenuEntry = {
  name: '首页',
  url: '/dashboard',
  icon: 'HomeOutlined',
  position: 0,
  children: [
    {
      name: '数据概览',
      url: '/dashboard/overview',
      icon: 'DashboardOutlined',
      children: [
        {
          name: '分析页',
          url: '/dashboard/analysis',
          component: 'DashboardAnalysis',
          remarks: 'dashboardAnalysis',
          permission: 'dashboard:analysis:view',
        },
      ],
    },
  ],
};

export const dashboardMenus: ModuleMenus = { platform: [home], enterprise: [home] };
