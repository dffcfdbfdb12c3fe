import type { Side } from '../auth/schemas';

/** Which side's roles may hold a code. */
export type PermissionSide = Side | 'both';

export interface PermissionDefinition {
  /** the name role settings show */
  name: string;
  side: PermissionSide;
  /** held only by the platform operator (tenant 0, userIdentity 1), never by a tenant's roles */
  platformOperatorOnly: boolean;
}

/**
 * Every permission code: the spec's codes exactly as written, and the system's own (list views and
 * operator screens). Server routes, the seed's roles and the web's checks all name codes from here, so
 * a code that is not in this list does not compile.
 */
export const PERMISSIONS = {
  'dashboard:analysis:view': { name: '首页数据概览查看', side: 'both', platformOperatorOnly: false },
  'projectManage:list:view': { name: '项目列表查看', side: 'both', platformOperatorOnly: false },
  'projectManage:pro:modify': { name: '项目编辑', side: 'platform', platformOperatorOnly: false },
  'projectManage:list:export': { name: '项目列表导出', side: 'both', platformOperatorOnly: false },
  'projectManage:pro:add': { name: '新建项目', side: 'enterprise', platformOperatorOnly: false },
  'projectManage:pro:audit': { name: '项目审核', side: 'platform', platformOperatorOnly: false },
  'projectManage:pro:pause': { name: '项目暂停与恢复', side: 'both', platformOperatorOnly: false },
  'projectManage:pro:end': { name: '项目结束', side: 'both', platformOperatorOnly: false },
  'taskManage:list:view': { name: '任务列表查看', side: 'both', platformOperatorOnly: false },
  'taskManage:task:audit': { name: '任务审核', side: 'platform', platformOperatorOnly: false },
  'taskManage:task:add': { name: '发布任务', side: 'enterprise', platformOperatorOnly: false },
  'content:list:view': { name: '文章/问卷查看', side: 'both', platformOperatorOnly: false },
  'content:list:add': { name: '文章/问卷新增', side: 'enterprise', platformOperatorOnly: false },
  'content:list:edit': { name: '文章/问卷编辑', side: 'enterprise', platformOperatorOnly: false },
  'content:list:delete': { name: '文章/问卷删除', side: 'enterprise', platformOperatorOnly: false },
  'financialAccount:list:view': { name: '财务账户查看', side: 'both', platformOperatorOnly: false },
  'financialAccount:list:topUp': { name: '财务账户充值', side: 'enterprise', platformOperatorOnly: false },
  'financialAccount:list:withdraw': { name: '财务账户提现', side: 'enterprise', platformOperatorOnly: false },
  'financialAccount:password:edit': { name: '交易密码设置', side: 'enterprise', platformOperatorOnly: false },
  'settlement:list:view': { name: '结算单查看', side: 'both', platformOperatorOnly: false },
  'settlement:list:create': { name: '生成结算单', side: 'enterprise', platformOperatorOnly: false },
  'settlement:list:audit': { name: '结算单审核', side: 'platform', platformOperatorOnly: false },
  'settlement:list:pay': { name: '结算付款', side: 'enterprise', platformOperatorOnly: false },
  'settlement:record:reissue': { name: '重新发放', side: 'platform', platformOperatorOnly: false },
  'settlement:list:withdraw': { name: '结算单撤回', side: 'both', platformOperatorOnly: false },
  'settlement:Infor:download': { name: '结算明细下载', side: 'both', platformOperatorOnly: false },
  'invoice:list:view': { name: '发票查看', side: 'both', platformOperatorOnly: false },
  'invoice:list:apply': { name: '申请开票', side: 'enterprise', platformOperatorOnly: false },
  'invoice:list:update': { name: '发票状态更新', side: 'platform', platformOperatorOnly: false },
  'invoice:list:receive': { name: '发票查收', side: 'enterprise', platformOperatorOnly: false },
  'invoice:list:download': { name: '发票导出', side: 'platform', platformOperatorOnly: false },
  'invoice:info:edit': { name: '开票信息编辑', side: 'both', platformOperatorOnly: false },
  'taxVoucher:list:view': { name: '完税凭证查看', side: 'both', platformOperatorOnly: false },
  'taxVoucher:list:upload': { name: '上传完税凭证', side: 'platform', platformOperatorOnly: false },
  'page:list:download': { name: '缓存文件下载', side: 'both', platformOperatorOnly: false },
  // 自然人账户, the platform's list of the persons registered on it (decision 0033)
  'personalAccountManage:list:view': { name: '自然人账户查看', side: 'platform', platformOperatorOnly: false },
  'personalAccountManage:info:password': { name: '自然人修改密码', side: 'platform', platformOperatorOnly: false },
  'personalAccountManage:info:edit': { name: '自然人信息编辑', side: 'platform', platformOperatorOnly: false },
  'personalAccountManage:info:desensitization': {
    name: '自然人脱敏查看',
    side: 'platform',
    platformOperatorOnly: false,
  },
  'personalAccountManage:info:clearLogin': {
    name: '自然人解除登录限制',
    side: 'platform',
    platformOperatorOnly: false,
  },
  'personalAccountManage:list:disable': { name: '自然人禁用/启用', side: 'platform', platformOperatorOnly: false },
  'personalAccountManage:list:transferOut': { name: '自然人转出', side: 'platform', platformOperatorOnly: false },
  'personalAccountManage:list:transferOutRecord': {
    name: '自然人转出记录',
    side: 'platform',
    platformOperatorOnly: false,
  },
  'personalAgreement:list:view': { name: '个人协议查看', side: 'both', platformOperatorOnly: false },
  'personalAgreement:list:download': { name: '个人协议下载', side: 'both', platformOperatorOnly: false },
  // the read-only enterprise info view, opened from the project lists (decision 0027)
  'enterpriseAccountManage:info:view': { name: '企业信息查看', side: 'both', platformOperatorOnly: false },
  // 企业账户 (decision 0042): the platform's list of its enterprises and 新增企业
  'enterpriseAccountManage:list:view': { name: '企业账户查看', side: 'platform', platformOperatorOnly: false },
  'enterpriseAccountManage:list:add': { name: '新增企业', side: 'platform', platformOperatorOnly: false },
  'enterpriseAccountManage:list:disable': { name: '企业禁用/启用', side: 'platform', platformOperatorOnly: false },
  'enterpriseAccountManage:info:modify': { name: '企业认证信息修改', side: 'platform', platformOperatorOnly: false },
  'enterpriseAccountManage:info:modifyAccount': {
    name: '企业结算信息修改（结算账户、服务费）',
    side: 'platform',
    platformOperatorOnly: false,
  },
  'enterpriseAccountManage:info:desensitization': {
    name: '企业脱敏查看',
    side: 'platform',
    platformOperatorOnly: false,
  },
  // 账户信息 (decision 0043): the enterprise keeps its own authentication and bank cards
  'enterpriseAccount:info:modify': { name: '本企业认证信息修改', side: 'enterprise', platformOperatorOnly: false },
  'enterpriseAccount:info:modifyAccount': {
    name: '本企业结算银行卡维护',
    side: 'enterprise',
    platformOperatorOnly: false,
  },
  'enterpriseAccount:info:desensitization': {
    name: '本企业脱敏查看',
    side: 'enterprise',
    platformOperatorOnly: false,
  },
  // 企业协议 (decision 0040): the platform's list and the enterprise's signing records
  'enterpriseAgreement:list:view': { name: '企业协议查看', side: 'both', platformOperatorOnly: false },
  'enterpriseAgreement:list:download': { name: '企业协议下载与预览', side: 'both', platformOperatorOnly: false },
  'enterpriseAgreement:list:sign': { name: '企业协议线上签署', side: 'both', platformOperatorOnly: false },
  // 协议模板 (decision 0041): the enterprise's agreements for its projects' people
  'agreementTemplate:list:view': { name: '协议模板查看', side: 'both', platformOperatorOnly: false },
  'agreementTemplate:list:edit': { name: '协议模板新增与修改', side: 'enterprise', platformOperatorOnly: false },
  'enterpriseAgreement:list:manage': {
    name: '企业协议撤回、取消签署与终止',
    side: 'platform',
    platformOperatorOnly: false,
  },
  'enterpriseAgreement:list:add': { name: '新增企业协议', side: 'platform', platformOperatorOnly: false },
  'enterpriseAgreement:list:delete': { name: '删除企业协议', side: 'platform', platformOperatorOnly: false },
  // the customer verification dialog: the task detail's verified badge, the settlement report (decision 0027)
  'cusVerify:list:view': { name: '客户认证信息查看', side: 'both', platformOperatorOnly: false },
  // 客户审核, the platform's list of customers to review (decision 0030)
  'cusVerify:list:query': { name: '客户审核列表查看', side: 'platform', platformOperatorOnly: false },
  'cusVerify:list:adopt': { name: '客户审核通过', side: 'platform', platformOperatorOnly: false },
  'cusVerify:list:reject': { name: '客户审核驳回', side: 'platform', platformOperatorOnly: false },
  'sysConfig:list:edit': { name: '系统配置修改', side: 'platform', platformOperatorOnly: true },
  'sysAudit:list:view': { name: '审计日志查看', side: 'platform', platformOperatorOnly: true },
  'sysAudit:list:export': { name: '审计日志导出', side: 'platform', platformOperatorOnly: true },
  'sysLoginLog:list:view': { name: '登录日志查看', side: 'platform', platformOperatorOnly: true },
  'sysLoginLog:list:export': { name: '登录日志导出', side: 'platform', platformOperatorOnly: true },
  'sysDict:list:view': { name: '数据字典查看', side: 'platform', platformOperatorOnly: true },
  'sysDict:list:edit': { name: '数据字典修改', side: 'platform', platformOperatorOnly: true },
  'sysConfig:list:view': { name: '系统配置查看', side: 'platform', platformOperatorOnly: true },
  'appVersion:list:view': { name: 'APP版本列表查看', side: 'platform', platformOperatorOnly: true },
  'appVersion:list:add': { name: '发布APP版本', side: 'platform', platformOperatorOnly: true },
  'appVersion:list:edit': { name: '修改与撤回APP版本', side: 'platform', platformOperatorOnly: true },
  'sensitiveWord:list:edit': { name: '敏感词维护', side: 'platform', platformOperatorOnly: true },
  'sysUser:list:view': { name: '员工账号查看', side: 'platform', platformOperatorOnly: false },
  'sysUser:list:edit': { name: '新增与编辑员工账号', side: 'platform', platformOperatorOnly: false },
  'sysUser:list:disable': { name: '员工账号禁用/启用', side: 'platform', platformOperatorOnly: false },
  'sysUser:list:resetPassword': { name: '重置员工密码', side: 'platform', platformOperatorOnly: false },
  'sysUser:list:logout': { name: '员工强制下线', side: 'platform', platformOperatorOnly: false },
  // 企业成员账号 (decision 0023): the enterprise's administrators on the enterprise side, tenant staff
  // (and the operator) for the tenant's enterprises on the platform side
  'member:list:view': { name: '企业成员账号查看', side: 'both', platformOperatorOnly: false },
  'member:list:edit': { name: '新增与编辑企业成员账号', side: 'both', platformOperatorOnly: false },
  'member:list:disable': { name: '企业成员账号禁用/启用', side: 'both', platformOperatorOnly: false },
  'member:list:resetPassword': { name: '重置企业成员密码', side: 'both', platformOperatorOnly: false },
  'member:list:logout': { name: '企业成员强制下线', side: 'both', platformOperatorOnly: false },
  'sysRole:list:view': { name: '角色查看', side: 'platform', platformOperatorOnly: false },
  'sysRole:list:edit': { name: '新增、编辑与删除角色', side: 'platform', platformOperatorOnly: false },
  // 角色管理 of an enterprise (decision 0029): its administrators make roles for its own members
  'enterpriseRole:list:view': { name: '企业角色查看', side: 'enterprise', platformOperatorOnly: false },
  'enterpriseRole:list:edit': { name: '新增、编辑与删除企业角色', side: 'enterprise', platformOperatorOnly: false },
  'sysTenant:list:view': { name: '平台管理查看', side: 'platform', platformOperatorOnly: true },
  'sysTenant:list:edit': { name: '新增与编辑平台', side: 'platform', platformOperatorOnly: true },
  'sysTenant:list:disable': { name: '平台禁用/启用', side: 'platform', platformOperatorOnly: true },
} as const satisfies Record<string, PermissionDefinition>;

export type PermissionCode = keyof typeof PERMISSIONS;

export const PERMISSION_CODES = Object.keys(PERMISSIONS) as PermissionCode[];

/**
 * Red-dot notices and the bank list load only when userIdentity is not 1 (spec 1 §6, spec 2 §6): the
 * platform operator (identity 1) has no notices of its own and pays no settlement. Signed out
 * (no identity), nothing loads.
 */
export const loadsNoticesAndBanks = (userIdentity: number | undefined): boolean =>
  userIdentity !== undefined && userIdentity !== 1;
