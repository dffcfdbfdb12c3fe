import type { MenuEntry, ModuleMenus } from '../../platform/modules';

/** The project pages both sides share; the detail and summary open from a list row, so they hide from the menu. */
const projectPages: MenuEntry[] = [
  {
    name: '项目列表',
    url: '/projectManage/project/list',
    component: 'ProjectList',
    remarks: 'projectList',
    permission: 'projectManage:list:view',
  },
  {
    name: '项目详情',
    url: '/projectManage/project/detail',
    component: 'ProjectDetail',
    remarks: 'projectDetail',
    permission: 'projectManage:list:view',
    hidden: true,
  },
  {
    name: '项目汇总',
    url: '/projectManage/project/summary',
    component: 'ProjectSummary',
    remarks: 'projectSummary',
    permission: 'projectManage:list:view',
    hidden: true,
  },
];

/** 项目管理, after 首页 on both sides */
const projectManageOf = (pages: MenuEntry[]): MenuEntry => ({
  name: '项目管理',
  url: '/projectManage',
  icon: 'ProjectOutlined',
  position: 10,
  children: [{ name: '项目中心', url: '/projectManage/project', icon: 'AppstoreOutlined', children: pages }],
});

/**
 * 众包项目列表 (spec 1 §2): the search page of the projects in scope (comeForm 1) on both sides — the
 * platform's enterprises' projects with the client column, the enterprise's own without it — and,
 * on the platform side, with ?enterpriseId=&tenantId= the list embedded for
 * one enterprise (comeForm 2).
 */
const crowdProjectList: MenuEntry = {
  name: '众包项目列表',
  url: '/projectManage/project/crowdList',
  component: 'CrowdProjectList',
  remarks: 'crowdProjectList',
  permission: 'projectManage:list:view',
};

export const projectMenus: ModuleMenus = {
  platform: [projectManageOf([...projectPages, crowdProjectList])],
  // the enterprise places projects: its menu adds the create page
  enterprise: [
    projectManageOf([
      ...projectPages,
      {
        name: '新建项目',
        url: '/projectManage/project/create',
        component: 'ProjectCreate',
        remarks: 'projectCreate',
        permission: 'projectManage:pro:add',
      },
      crowdProjectList,
    ]),
  ],
};
