import type { ModuleMenus } from '../../platform/modules';

/**
 * 成员账号: on the enterprise side a group of 企业中心 (its own members), on the platform side a page
 * of 系统管理 > 账号权限 (any enterprise of the tenant). The top items and the platform's group are the
 * platform's own entries (seed/reference-data.ts); these hang below them. The enterprise's 角色管理
 * (decision 0029) stands beside its 成员账号.
 */
export const memberMenus: ModuleMenus = {
  platform: [
    {
      name: '系统管理',
      url: '/system',
      children: [
        {
          name: '账号权限',
          url: '/system/account',
          children: [
            {
              name: '企业成员账号',
              url: '/system/account/members',
              component: 'MemberList',
              remarks: 'memberList',
              permission: 'member:list:view',
            },
          ],
        },
      ],
    },
  ],
  enterprise: [
    {
      name: '企业中心',
      url: '/company',
      children: [
        {
          name: '账号管理',
          url: '/company/account',
          icon: 'TeamOutlined',
          children: [
            {
              name: '成员账号',
              url: '/company/account/members',
              component: 'MemberList',
              remarks: 'memberList',
              permission: 'member:list:view',
            },
            {
              name: '角色管理',
              url: '/company/account/roles',
              component: 'RoleList',
              remarks: 'enterpriseRoleList',
              permission: 'enterpriseRole:list:view',
            },
          ],
        },
      ],
    },
  ],
};
