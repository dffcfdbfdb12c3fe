/** Where the enterprise agreement screens live (server modules/agreements/menus.ts). */
export const ENTERPRISE_AGREEMENT_LIST_PATH = '/enterpriseManage/agreement/list';
export const ENTERPRISE_AGREEMENT_ADD_PATH = '/enterpriseManage/agreement/add';
