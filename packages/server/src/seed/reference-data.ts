import {
  CUSTOMER_TYPES,
  DICT_CODES,
  DOWNLOAD_CACHE_STATUS,
  DOWNLOAD_TYPE_LABELS,
  ENTERPRISE_AGREEMENT_STATUS,
  ENTERPRISE_STATUS,
  INVOICE_RECIPIENT_STATUS,
  PAY_STATUS_LIST_READING,
  PERMISSION_CODES,
  PERMISSIONS,
  type PermissionCode,
  type PermissionDefinition,
  type PermissionSide,
  PERSON_LOGIN_FLAG,
  PROJECT_STATUS,
  SETTLEMENT_AUDIT_STATUS,
  type Side,
  type StatusDictionary,
  TASK_TYPES,
  VOUCHER_STATUS,
} from '@fieldpay/domain';
import type { MenuEntry } from '../platform/modules';

/**
 * Reference data every installation has: permission rows, menus, dictionaries and config values.
 * Applied (idempotently) at every start, with the modules' own parts (menus, seed rows) handed in.
 */

export interface PermissionSeed {
  code: PermissionCode;
  name: string;
  side: PermissionSide;
}

/** The permission rows: the domain's catalogue, one row a code. */
export const PERMISSION_ROWS: PermissionSeed[] = PERMISSION_CODES.map((code) => ({
  code,
  name: PERMISSIONS[code].name,
  side: PERMISSIONS[code].side,
}));

/**
 * The codes a built-in role holds: every code of its side, the operator-only ones only for the
 * platform operator's role.
 */
export const builtInRoleCodes = (side: Side, isOperator: boolean): PermissionCode[] =>
  PERMISSION_CODES.filter((code) => {
    const permission: PermissionDefinition = PERMISSIONS[code];
    return (permission.side === 'both' || permission.side === side) && (isOperator || !permission.platformOperatorOnly);
  });

/** A menu entry of the platform's own screens: these alone may be the platform operator's only. */
export interface MenuSeed extends Omit<MenuEntry, 'children'> {
  /** only the platform operator (tenant 0) */
  platformOnly?: boolean;
  children?: MenuSeed[];
}

const notice: MenuSeed = {
  name: '通知',
  url: '/notice',
  icon: 'BellOutlined',
  hidden: true,
  position: 90,
  children: [
    {
      name: '通知中心',
      url: '/notice/view',
      hidden: true,
      children: [
        { name: '通知列表', url: '/notice/view/list', component: 'NoticeList', remarks: 'noticeList', hidden: true },
      ],
    },
  ],
};

/**
 * The platform's own screens, three levels per side: top item, group, page. The business areas'
 * screens come from their modules (ModuleDefinition.menus); top items stand by `position`: the
 * platform's from 50 on, so an area's items (0 to 49) come first.
 */
export const PLATFORM_MENUS: Record<Side, MenuSeed[]> = {
  platform: [
    {
      name: '数据管理',
      url: '/dataManagement',
      icon: 'DatabaseOutlined',
      position: 60,
      children: [
        {
          name: '日志管理',
          url: '/dataManagement/logManagement',
          icon: 'FileSearchOutlined',
          children: [
            {
              name: '下载日志',
              url: '/dataManagement/logManagement/downloadLog',
              component: 'DownloadLog',
              remarks: 'downloadLog',
            },
          ],
        },
      ],
    },
    {
      name: '系统管理',
      url: '/system',
      icon: 'SettingOutlined',
      // tenant staff see its 账号权限 group; the other groups are the operator's only, and come first
      // so the operator's 系统管理 still opens on 敏感词管理
      position: 80,
      children: [
        {
          name: '内容安全',
          url: '/system/content',
          icon: 'SafetyCertificateOutlined',
          platformOnly: true,
          children: [
            {
              name: '敏感词管理',
              url: '/system/content/sensitiveWords',
              component: 'SensitiveWords',
              remarks: 'sensitiveWords',
              platformOnly: true,
            },
          ],
        },
        {
          name: '应用管理',
          url: '/system/app',
          icon: 'AppstoreOutlined',
          platformOnly: true,
          children: [
            {
              name: 'APP版本管理',
              url: '/system/app/versions',
              component: 'AppVersions',
              remarks: 'appVersions',
              platformOnly: true,
            },
          ],
        },
        {
          name: '平台管理',
          url: '/system/tenant',
          icon: 'TeamOutlined',
          platformOnly: true,
          children: [
            {
              name: '平台列表',
              url: '/system/tenant/list',
              component: 'TenantList',
              remarks: 'tenantList',
              permission: 'sysTenant:list:view',
              platformOnly: true,
            },
          ],
        },
        {
          name: '日志审计',
          url: '/system/log',
          icon: 'AuditOutlined',
          platformOnly: true,
          children: [
            {
              name: '审计日志',
              url: '/system/log/audit',
              component: 'AuditLog',
              remarks: 'auditLog',
              permission: 'sysAudit:list:view',
              platformOnly: true,
            },
            {
              name: '登录日志',
              url: '/system/log/login',
              component: 'LoginLog',
              remarks: 'loginLog',
              permission: 'sysLoginLog:list:view',
              platformOnly: true,
            },
          ],
        },
        {
          name: '字典配置',
          url: '/system/settings',
          icon: 'ControlOutlined',
          platformOnly: true,
          children: [
            {
              name: '数据字典',
              url: '/system/settings/dicts',
              component: 'DictList',
              remarks: 'dictList',
              permission: 'sysDict:list:view',
              platformOnly: true,
            },
            {
              name: '系统配置',
              url: '/system/settings/configs',
              component: 'ConfigList',
              remarks: 'configList',
              permission: 'sysConfig:list:view',
              platformOnly: true,
            },
          ],
        },
        {
          name: '账号权限',
          url: '/system/account',
          icon: 'UserOutlined',
          children: [
            {
              name: '员工账号',
              url: '/system/account/staff',
              component: 'StaffList',
              remarks: 'staffList',
              permission: 'sysUser:list:view',
            },
            {
              name: '角色管理',
              url: '/system/account/roles',
              component: 'RoleList',
              remarks: 'roleList',
              permission: 'sysRole:list:view',
            },
          ],
        },
      ],
    },
    notice,
  ],
  enterprise: [
    {
      name: '企业中心',
      url: '/company',
      icon: 'BankOutlined',
      position: 60,
      children: [
        {
          name: '登录管理',
          url: '/company/loginManage',
          icon: 'SafetyOutlined',
          children: [
            {
              name: '修改密码',
              url: '/company/loginManage/password',
              component: 'ChangePassword',
              remarks: 'changePassword',
            },
          ],
        },
        {
          name: '缓存系统',
          url: '/company/catchSystem',
          icon: 'CloudDownloadOutlined',
          children: [
            {
              name: '订单生成缓存',
              url: '/company/catchSystem/orderGenerateCache',
              component: 'OrderGenerateCache',
              remarks: 'orderGenerateCache',
            },
          ],
        },
      ],
    },
    notice,
  ],
};

export interface DictSeed {
  code: string;
  name: string;
  /**
   * false: the code reads none of the values (lists of choices such as departments), so operators may
   * add, edit and delete items on 数据字典 (decision 0023); absent: the values are fixed.
   */
  valuesFixed?: false;
  items: Array<{ value: string; title: string }>;
}

const fromStatuses = (dictionary: StatusDictionary<string | number>) =>
  Object.entries(dictionary).map(([value, info]) => ({ value, title: info.label }));
const fromLabels = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, title]) => ({ value, title }));

/** Every dictionary code the spec names, plus the status dictionaries the lists filter by. */
export const DICTS: DictSeed[] = [
  { code: DICT_CODES.settlementPayStatus, name: '结算支付状态', items: fromStatuses(PAY_STATUS_LIST_READING) },
  { code: DICT_CODES.settlementAuditStatus, name: '结算审核状态', items: fromStatuses(SETTLEMENT_AUDIT_STATUS) },
  {
    code: DICT_CODES.bankType,
    name: '银行类型',
    items: fromLabels({
      CMB: '招商银行',
      SCP: '聚合支付通道',
      ICBC: '中国工商银行',
      CCB: '中国建设银行',
      ABC: '中国农业银行',
      BOC: '中国银行',
      BOCOM: '交通银行',
      SPDB: '浦发银行',
    }),
  },
  { code: DICT_CODES.orgType, name: '终端类型', items: fromLabels(CUSTOMER_TYPES) },
  {
    code: DICT_CODES.manageStatus,
    name: '经营状态',
    items: fromLabels({ 1: '存续', 2: '在业', 3: '吊销', 4: '注销', 5: '迁入', 6: '迁出', 7: '停业', 8: '清算' }),
  },
  {
    code: DICT_CODES.cases,
    name: '涉诉情况',
    items: fromLabels({ 0: '无涉诉', 1: '有涉诉（已结案）', 2: '有涉诉（未结案）' }),
  },
  {
    code: DICT_CODES.downloadType,
    name: '下载类型',
    items: fromLabels(DOWNLOAD_TYPE_LABELS),
  },
  {
    code: DICT_CODES.enterpriseAgreementStatus,
    name: '企业协议状态',
    items: fromStatuses(ENTERPRISE_AGREEMENT_STATUS),
  },
  {
    code: DICT_CODES.hospitalDepartment,
    valuesFixed: false,
    name: '医院科室',
    items: fromLabels({
      1: '内科',
      2: '外科',
      3: '儿科',
      4: '妇产科',
      5: '眼科',
      6: '耳鼻喉科',
      7: '口腔科',
      8: '皮肤科',
      9: '肿瘤科',
      10: '心血管内科',
      11: '神经内科',
      12: '药剂科',
    }),
  },
  {
    code: DICT_CODES.pharmacyCustomerType,
    valuesFixed: false,
    name: '药店客户类型',
    items: fromLabels({ 1: '店长', 2: '执业药师', 3: '店员', 4: '采购' }),
  },
  {
    code: DICT_CODES.clinicDepartment,
    valuesFixed: false,
    name: '诊所科室',
    items: fromLabels({ 1: '全科', 2: '内科', 3: '外科', 4: '中医科', 5: '口腔科' }),
  },
  {
    code: DICT_CODES.businessDepartment,
    valuesFixed: false,
    name: '商业公司部门',
    items: fromLabels({ 1: '销售部', 2: '采购部', 3: '市场部', 4: '质量部' }),
  },
  { code: 'project_status', name: '项目状态', items: fromStatuses(PROJECT_STATUS) },
  { code: 'visit_type', name: '任务类型', items: fromLabels(TASK_TYPES) },
  { code: 'voucher_status', name: '报告状态', items: fromStatuses(VOUCHER_STATUS) },
  { code: 'invoice_recipient_status', name: '发票收件状态', items: fromStatuses(INVOICE_RECIPIENT_STATUS) },
  { code: 'login_flag', name: '登录状态', items: fromStatuses(PERSON_LOGIN_FLAG) },
  { code: 'enterprise_status', name: '企业状态', items: fromStatuses(ENTERPRISE_STATUS) },
  { code: 'download_status', name: '缓存状态', items: fromStatuses(DOWNLOAD_CACHE_STATUS) },
  { code: 'sex', name: '性别', items: fromLabels({ 1: '男', 2: '女' }) },
];

export interface ConfigSeed {
  configKey: string;
  name: string;
  content: string;
  remarks: string;
  /** defaults of earlier releases: a value still equal to one of them takes the current default */
  formerDefaults?: string[];
}

export const CONFIGS: ConfigSeed[] = [
  { configKey: 'manager_file_size', name: '附件大小上限', content: '10', remarks: '单位 MB，附件上传的大小上限' },
  { configKey: 'invoice.number', name: '发票号码数量上限', content: '10', remarks: '状态更新时可添加的发票号码个数' },
  {
    configKey: 'qrcode.address',
    name: 'APP下载地址',
    // empty: the console's own public landing page /#/appUpload, at the address the visitor used
    content: '',
    remarks: 'APP下载二维码指向的地址；留空时为本控制台的 /#/appUpload 下载页',
    formerDefaults: ['https://app.fieldpay.cn/download'],
  },
];

/** Built-in roles: every tenant gets the tenant and enterprise administrators; tenant 0 the operator. */
export const BUILT_IN_ROLES = {
  operator: { code: 'operator_admin', name: '平台超级管理员', side: 'platform' as const },
  tenantAdmin: { code: 'tenant_admin', name: '平台管理员', side: 'platform' as const },
  enterpriseAdmin: { code: 'enterprise_admin', name: '企业管理员', side: 'enterprise' as const },
};

export const PLATFORM_TENANT = { id: 0, name: '灵活用工结算平台', company: '平台运营中心', contracts: '' };

/**
 * The sensitive-word list a new installation starts with (the operator edits it on 敏感词管理): words
 * that must not appear in service descriptions and agreement templates of a medical field-service
 * platform — commercial bribery in drug promotion, absolute claims the Advertising Law and the drug
 * advertising rules forbid, tax and invoice fraud, gambling, drugs, and off-platform payment.
 */
export const SENSITIVE_WORD_SEEDS: readonly string[] = [
  // commercial bribery and prescription data in drug promotion
  '回扣',
  '带金销售',
  '统方',
  '处方提成',
  '开单提成',
  '药品返点',
  '临床费',
  '商业贿赂',
  '红包返现',
  // absolute and curative claims (广告法, 药品广告审查标准)
  '包治百病',
  '药到病除',
  '根治',
  '无效退款',
  '无任何副作用',
  '百分之百有效',
  '100%有效',
  '治愈率',
  '国家级产品',
  '最佳疗效',
  '第一品牌',
  '祖传秘方',
  '神医',
  // tax, invoices and money laundering
  '虚开发票',
  '代开发票',
  '发票代开',
  '买卖发票',
  '刷单',
  '套现',
  '洗钱',
  '偷税',
  '逃税',
  '个税筹划避税',
  // gambling, drugs, weapons
  '赌博',
  '网络赌博',
  '博彩',
  '六合彩',
  '时时彩',
  '赌场',
  '毒品',
  '冰毒',
  '海洛因',
  '大麻',
  '摇头丸',
  '枪支弹药',
  // fraud, pyramid schemes, forged papers
  '传销',
  '非法集资',
  '高额返利',
  '办假证',
  '代考',
  '替考',
  '裸聊',
  '援交',
  // taking users and payments off the platform
  '私下转账',
  '私下交易',
  '加微信转账',
  '线下付款',
];
