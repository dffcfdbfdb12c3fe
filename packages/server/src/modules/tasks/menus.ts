import type { MenuEntry, ModuleMenus } from '../../platform/modules';

/** 任务中心 under 项目管理 on both sides: the task list (review on the platform side) and the detail a row opens. */
const taskCenter: MenuEntry = {
  name: '项目管理',
  url: '/projectManage',
  children: [
    {
      name: '任务中心',
      url: '/projectManage/task',
      icon: 'task',
      children: [
        {
          name: '任务列表',
          url: '/projectManage/task/list',
          component: 'TaskList',
          remarks: 'taskList',
          permission: 'taskManage:list:view',
        },
        {
          name: '任务详情',
          url: '/projectManage/task/detail',
          component: 'TaskDetail',
          remarks: 'taskDetail',
          permission: 'taskManage:list:view',
          hidden: true,
        },
      ],
    },
  ],
};

export const taskMenus: ModuleMenus = { platform: [taskCenter], enterprise: [taskCenter] };
