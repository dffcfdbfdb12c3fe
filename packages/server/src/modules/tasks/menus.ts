import type { MenuEntry, ModuleMenus } from '../../platform/modules';

const taskList: MenuEntry = {
  name: '任务列表',
  url: '/projectManage/task/list',
  component: 'TaskList',
  remarks: 'taskList',
  permission: 'taskManage:list:view',
};

const taskDetail: MenuEntry = {
  name: '任务详情',
  url: '/projectManage/task/detail',
  component: 'TaskDetail',
  remarks: 'taskDetail',
  permission: 'taskManage:list:view',
  hidden: true,
};

/** The enterprise publishes its projects' tasks (decision 0017's amendment). */
const taskPublish: MenuEntry = {
  name: '发布任务',
  url: '/projectManage/task/publish',
  component: 'TaskPublish',
  remarks: 'taskPublish',
  permission: 'taskManage:task:add',
};

/**
 * 任务中心 under 项目管理 on both sides: the task list (review on the platform side) and the detail a
 * row opens; on the enterprise side also 发布任务.
 */
const taskCenter = (children: MenuEntry[]): MenuEntry => ({
  name: '项目管理',
  url: '/projectManage',
  children: [{ name: '任务中心', url: '/projectManage/task', icon: 'task', children }],
});

export const taskMenus: ModuleMenus = {
  platform: [taskCenter([taskList, taskDetail])],
  enterprise: [taskCenter([taskList, taskPublish, taskDetail])],
};
