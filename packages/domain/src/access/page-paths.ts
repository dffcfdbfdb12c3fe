/**
 * Every page address of the console, either side (the seed's pages with a component). The console
 * tells a page that exists but is not in the user's menu (暂无页面权限，请联系管理员) from an address
 * that is no page at all (页面不存在); the server's menu test keeps this list equal to the seed.
 */
export const CONSOLE_PAGE_PATHS: readonly string[] = [
  '/company/account/members',
  '/company/account/roles',
  '/company/catchSystem/orderGenerateCache',
  '/company/financialSystem/financialAccountManage',
  '/company/loginManage/password',
  '/contentManage/resource/article',
  '/contentManage/resource/questionnaire',
  '/customerManage/customer/verify',
  '/dashboard/analysis',
  '/dataManagement/logManagement/downloadLog',
  '/notice/view/list',
  '/projectManage/project/create',
  '/projectManage/project/crowdList',
  '/projectManage/project/detail',
  '/projectManage/project/enterpriseInfo',
  '/projectManage/project/list',
  '/projectManage/project/summary',
  '/projectManage/task/detail',
  '/projectManage/task/list',
  '/projectManage/task/publish',
  '/settlement/order/create',
  '/settlement/order/list',
  '/system/account/members',
  '/system/account/roles',
  '/system/account/staff',
  '/system/app/versions',
  '/system/content/sensitiveWords',
  '/system/log/audit',
  '/system/log/login',
  '/system/settings/configs',
  '/system/settings/dicts',
  '/system/tenant/list',
];
