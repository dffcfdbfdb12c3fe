/** Where the task screens live (spec 1 §2 routes), in a module of their own so links pull in no page. */
export const TASK_LIST_PATH = '/projectManage/task/list';
export const TASK_DETAIL_PATH = '/projectManage/task/detail';
export const TASK_PUBLISH_PATH = '/projectManage/task/publish';
