/**
 * Status dictionaries with Chinese labels and colours (spec 1 §4, §9; spec 2 §4; spec 3 §3, §4).
 * Styles keep the spec's names (main, success, normal, warn, fail, other) and map to antd Tag
 * colours. Where the spec gives two readings of one value, both are here, named by the screen.
 * Labels the spec gives in Chinese are exact; the others are ours, in the same register.
 */
import { DICT_CODES } from './limits';
import { MSG } from './messages';

export type TagColor = 'success' | 'processing' | 'error' | 'warning' | 'default';
export type StatusStyle = 'main' | 'success' | 'normal' | 'warn' | 'fail' | 'other';

export const STYLE_TAG_COLOR: Readonly<Record<StatusStyle, TagColor>> = {
  main: 'processing',
  success: 'success',
  normal: 'success',
  warn: 'warning',
  fail: 'error',
  other: 'default',
};

export interface StatusInfo {
  label: string;
  style: StatusStyle;
  color: TagColor;
}

type StatusCode = string | number;
export type StatusDictionary<K extends StatusCode> = Readonly<Record<K, StatusInfo>>;

function statusInfoOf(label: string, style: StatusStyle): StatusInfo {
  return { label, style, color: STYLE_TAG_COLOR[style] };
}

export function defineStatuses<K extends StatusCode>(
  entries: Record<K, readonly [string, StatusStyle]>,
): StatusDictionary<K> {
  const dictionary = {} as Record<K, StatusInfo>;
  for (const code of Object.keys(entries) as K[]) {
    const [label, style] = entries[code];
    dictionary[code] = statusInfoOf(label, style);
  }
  return dictionary;
}

/** Entry for a code as it arrives from the wire (number or numeric string); undefined when unknown. */
export function statusInfo<K extends StatusCode>(
  dictionary: StatusDictionary<K>,
  code: StatusCode | null | undefined,
): StatusInfo | undefined {
  if (code === null || code === undefined) return undefined;
  const key = String(code);
  return Object.hasOwn(dictionary, key) ? dictionary[key as K] : undefined;
}

/** Label for a code, or a dash (the console's empty cell) when unknown. */
export function statusLabel<K extends StatusCode>(
  dictionary: StatusDictionary<K>,
  code: StatusCode | null | undefined,
): string {
  return statusInfo(dictionary, code)?.label ?? '-';
}

// ---- projects and tasks (spec 1 §3, §4, §9)

/** Task types by visitTypeId (spec 1 §4). */
export const TASK_TYPES = {
  cgfw: '采购服务',
  dhbf: '电话拜访',
  ppxc: '品牌宣传(文章阅读)',
  wjdy: '问卷调研',
  ptfw: '普通服务',
  cpzr: '产品准入',
  other: '其他',
  xueShu_chengShi: '学术会议(城市会)',
  xueShu_keShi: '学术会议(科室会)',
  xueShu_tongYong: '学术会议(通用)',
} as const;
export type TaskTypeId = keyof typeof TASK_TYPES;

/** Parent service types the screens branch on (spec 1 §2, §3; spec 2 §2.5). */
export const PARENT_VISIT_TYPES = {
  academicMeeting: 'p-xueShu',
  articleReading: 'p-ppxc',
  questionnaire: 'p-wjdy',
  productAccess: 'p-zrfw',
} as const;

export const PROCUREMENT_FEEDBACK_TYPES = { 0: '开始记录', 1: '结束记录' } as const;

/** Task audit statuses 2 and 4 hide the AI rejection reason (spec 1 §4). */
export function showsAiRejectionReason(auditStatus: number, remarks: string | null | undefined): boolean {
  return Boolean(remarks) && auditStatus !== 2 && auditStatus !== 4;
}

/** Survey subject types (spec 1 §9, spec 3 §2). */
export const SURVEY_SUBJECT_TYPES = {
  4: '图片',
  9: '多项填空',
  10: '单选',
  11: '多选',
  13: '评分（五星）',
  14: '下拉选择',
  15: '填空',
  16: '附件',
  17: '图片',
  100: '长文本',
  101: '单选+简答',
  102: '多选+简答',
  103: '其他',
} as const;
export type SurveySubjectType = keyof typeof SURVEY_SUBJECT_TYPES;

/** Types analysed with an option table (and a chart for 2-10 options) in the report (spec 2 §2.5). */
export const CHOICE_SUBJECT_TYPES: readonly SurveySubjectType[] = [10, 11, 13, 14];

// ---- settlements (spec 2 §4)

/**
 * Settlement audit status as status tags show it in the settlement list and detail header: -1 is
 * the withdrawn reading (withdrawing sets -1).
 */
export const SETTLEMENT_AUDIT_STATUS = defineStatuses({
  [-1]: ['已撤回', 'fail'],
  1: ['待审核', 'main'],
  2: ['审核通过', 'success'],
  3: ['审核未通过', 'fail'],
});

/** The two readings of auditStatus -1 (spec 2 §4). */
export const AUDIT_STATUS_MINUS_ONE_READINGS = {
  /** status tags (list column, detail header): the statement was withdrawn */
  withdrawn: statusInfoOf('已撤回', 'fail'),
  /** progress bar of the detail view: not audited, the bar stays at step 1 */
  notAudited: statusInfoOf('未审核', 'other'),
} as const;

export interface SettlementProgressTimes {
  auditStatus: number;
  auditTime?: string | null;
  enterprisePayTime?: string | null;
  settlementTime?: string | null;
}

/**
 * Active step (1-based) of the settlement progress bar. The enterprise flow has three steps
 * (applied, platform audit, enterprise settle); the detail view four (plus platform settle).
 * auditStatus -1 takes the not-audited reading: the bar stays at step 1.
 */
export function settlementProgressStep(times: SettlementProgressTimes, view: 'enterpriseFlow' | 'detail'): number {
  if (times.auditStatus === -1) return 1;
  if (times.settlementTime) return view === 'detail' ? 4 : 3;
  if (times.enterprisePayTime) return 3;
  if (times.auditTime) return 2;
  return 1;
}

/**
 * Platform settlement status (payStatus), list reading: the settlement list's status column and
 * pay-status filter. Styling 0 warn, 1 fail, 2 success.
 */
export const PAY_STATUS_LIST_READING = defineStatuses({
  0: ['未结算', 'warn'],
  1: ['结算失败', 'fail'],
  2: ['已结算', 'success'],
  3: ['结算异常', 'warn'],
});
/**
 * payStatus as the console shows a settlement's platform settlement status (decision 0025). Our
 * lifecycle gives 1 to payouts in flight (decision 0021), the detail reading's "pending"; the list
 * reading's 结算失败 would call money on its way lost. A line that failed makes 3 结算异常.
 */
export const SETTLEMENT_PAY_STATUS = defineStatuses({
  0: ['未结算', 'warn'],
  1: ['结算中', 'main'],
  2: ['已结算', 'success'],
  3: ['结算异常', 'warn'],
});
/** The pay-status filter of the settlement list leaves out the dictionary entry 1. */
export const PAY_STATUS_FILTER_EXCLUDED: readonly number[] = [1];

/**
 * payStatus, detail reading: the settlement detail view, where 1 means pending (with auditStatus 2 it
 * shows pending persons, amount and tasks) and 2 paid.
 */
export const PAY_STATUS_DETAIL_READING = defineStatuses({
  1: ['待结算', 'warn'],
  2: ['已结算', 'success'],
});

/** payStatus of per-person settlement records (the records view inside a settlement). */
export const SETTLEMENT_RECORD_PAY_STATUS = defineStatuses({
  0: ['待发放', 'warn'],
  1: ['结算成功', 'success'],
  2: ['结算失败', 'fail'],
  3: ['已处理', 'other'],
  4: ['处理中', 'main'],
});
/** The settlement-order filter of the records view leaves out dictionary entries 1 and 3. */
export const SETTLEMENT_RECORD_FILTER_EXCLUDED: readonly number[] = [1, 3];

/** Settlement process entry: payStatus '1' success, '2' failure, anything else processing. */
export function settlementProcessStatus(payStatus: string | number | null | undefined): StatusInfo {
  if (String(payStatus) === '1') return statusInfoOf('成功', 'success');
  if (String(payStatus) === '2') return statusInfoOf('失败', 'fail');
  return statusInfoOf('处理中', 'main');
}

/** Enterprise settlement status (enterprisePayStatus): 0 none, 1 processing, 2 paid. */
export const ENTERPRISE_PAY_STATUS = defineStatuses({
  0: ['未结算', 'warn'],
  1: ['结算中', 'main'],
  2: ['已结算', 'success'],
});

/** Reconciliation statement / report status (voucherStatus). */
export const VOUCHER_STATUS = defineStatuses({
  0: ['未生成', 'other'],
  1: ['生成中', 'main'],
  2: ['已生成', 'success'],
});

// ---- invoices (spec 2 §3, §4; spec 3 §4)

/** Recipient status (identity 2): styled 0 main, 1 warn, 2 success; 1 offers 查收. */
export const INVOICE_RECIPIENT_STATUS = defineStatuses({
  0: ['待开票', 'main'],
  1: ['待查收', 'warn'],
  2: ['已查收', 'success'],
});

/** Send status (identity 1): 1 pending offers 状态更新, 2 sent offers 编辑状态信息. */
export const INVOICE_SEND_STATUS = defineStatuses({
  0: ['未开票', 'other'],
  1: ['待发送', 'warn'],
  2: ['已发送', 'success'],
});

export const INVOICE_SENDER_ACTION_LABELS = { 1: '状态更新', 2: '编辑状态信息' } as const;
export const INVOICE_RECIPIENT_ACTION_LABELS = { 1: '查收' } as const;
export const INVOICE_SENDING_TYPES = { 1: '快递（纸质发票）', 2: '邮箱（电子发票）' } as const;

// ---- agreements (spec 3 §3, §4)

/**
 * signStatus in an enterprise's signing-records dialog: 1 failed, 2 normal, 3-5 warning, 6 other;
 * the labels of agreement management, 7 (ended) styled as other too.
 */
export const ENTERPRISE_SIGNING_RECORD_STATUS = defineStatuses({
  1: ['签署失败', 'fail'],
  2: ['履约中', 'normal'],
  3: ['待签署', 'warn'],
  4: ['签署中', 'warn'],
  5: ['草稿', 'warn'],
  6: ['已失效', 'other'],
  7: ['已结束', 'other'],
});

/**
 * signStatus in enterprise agreement management: 1 failed, 2 in force, 3 awaiting sign (withdrawable),
 * 4 signing online, 5 draft (offline may be deleted), 6 other, 7 finished.
 */
export const ENTERPRISE_AGREEMENT_STATUS = defineStatuses({
  1: ['签署失败', 'fail'],
  2: ['履约中', 'main'],
  3: ['待签署', 'warn'],
  4: ['签署中', 'main'],
  5: ['草稿', 'other'],
  6: ['已失效', 'other'],
  7: ['已结束', 'other'],
});

export const ENTERPRISE_AGREEMENT_TYPES = { 0: '线下协议', 1: '线上协议' } as const;
export const PERSON_AGREEMENT_TYPES = { 1: '平台协议', 2: '项目协议' } as const;

// ---- natural persons (spec 3 §3, §4)

export const PERSON_LOGIN_FLAG = defineStatuses({
  0: ['正常', 'success'],
  1: ['已禁用', 'fail'],
  2: ['登录受限', 'warn'],
  3: ['其他', 'other'],
});
export type PersonLoginFlag = keyof typeof PERSON_LOGIN_FLAG;

export type PersonLoginAction = 'ban' | 'enable' | 'clearLoginRestriction';

/** The one login action each flag allows: ban a normal person, re-enable a banned one, clear a restriction. */
export const LOGIN_FLAG_ACTIONS: Readonly<Record<PersonLoginFlag, readonly PersonLoginAction[]>> = {
  0: ['ban'],
  1: ['enable'],
  2: ['clearLoginRestriction'],
  3: [],
};

// ---- enterprises and fees (spec 3 §3, §4)

export const ENTERPRISE_STATUS = defineStatuses({
  1: ['启用', 'success'],
  2: ['禁用', 'fail'],
});
export type EnterpriseStatus = keyof typeof ENTERPRISE_STATUS;

/** The status a toggle moves to, and the confirm text naming the enterprise (确认禁用… / 确认启用…). */
export function enterpriseStatusToggle(current: EnterpriseStatus, enterpriseName: string) {
  return current === 1
    ? { next: 2 as const, confirmText: MSG.confirmDisableEnterprise(enterpriseName) }
    : { next: 1 as const, confirmText: MSG.confirmEnableEnterprise(enterpriseName) };
}

export const FEE_MODES = { 0: '单一费率', 1: '个人阶梯费率' } as const;
export const CHARGING_MODES = { 0: '按个人实得收入计费', 1: '按企业应付金额计费' } as const;
export const FEE_EFFECTIVE_TIMINGS = { 1: '立即生效', 2: '次月生效' } as const;

// ---- customers (spec 3 §2, §3, §4)

export const CUSTOMER_AUDIT_STATUS = defineStatuses({
  0: ['待审核', 'warn'],
  1: ['审核通过', 'success'],
  2: ['审核驳回', 'fail'],
});

/** Certificate status of hospital customers: 2 awaits review; review sets 1 or 3. */
export const CUSTOMER_AUTH_STATUS = defineStatuses({
  0: ['未认证', 'other'],
  1: ['已认证', 'success'],
  2: ['认证待审核', 'warn'],
  3: ['认证驳回', 'fail'],
});

export const CUSTOMER_TYPES = { hospital: '医院', pharmacy: '药店', clinic: '诊所', business: '商业' } as const;
export type CustomerType = keyof typeof CUSTOMER_TYPES;

/** Dictionary holding each customer type's departments (spec 3 §7). */
export const CUSTOMER_DEPARTMENT_DICT: Readonly<Record<CustomerType, string>> = {
  hospital: DICT_CODES.hospitalDepartment,
  pharmacy: DICT_CODES.pharmacyCustomerType,
  clinic: DICT_CODES.clinicDepartment,
  business: DICT_CODES.businessDepartment,
};

/** Sex: 1 male, 2 female, anything else a dash. */
export function sexLabel(sex: number | string | null | undefined): string {
  if (String(sex) === '1') return '男';
  if (String(sex) === '2') return '女';
  return '-';
}

// ---- tenants, downloads, articles (spec 2 §3, §4; spec 3 §3)

/** Tenant options: status 0 is shown disabled, prefixed 【已禁用】. */
export function tenantOptionLabel(name: string, status: number): string {
  return status === 0 ? `${MSG.tenantDisabledPrefix}${name}` : name;
}

/** Download cache status: downloadable only when 1. */
export const DOWNLOAD_CACHE_STATUS = defineStatuses({
  0: ['生成中', 'other'],
  1: ['可下载', 'success'],
  2: ['生成失败', 'fail'],
});

/** downloadType of a cache record (dict download_type): what produced the file. */
export const DOWNLOAD_TYPES = {
  taskDetails: 1,
  settlementDetails: 2,
  statement: 3,
  settlementReport: 4,
  attachments: 5,
  invoices: 6,
  projectList: 7,
  projectPersons: 8,
  auditLog: 9,
  loginLog: 10,
} as const;
export const DOWNLOAD_TYPE_LABELS: Readonly<Record<number, string>> = {
  1: '任务明细导出',
  2: '结算明细导出',
  3: '对账单',
  4: '结算报告',
  5: '附件打包',
  6: '发票导出',
  7: '项目列表导出',
  8: '项目人员导出',
  9: '审计日志导出',
  10: '登录日志导出',
};

export function isCacheDownloadable(downloadStatus: number): boolean {
  return downloadStatus === 1;
}

export const RESOURCE_TYPES = { 1: '文章', 2: '问卷' } as const;

// ---- confirmation dialog (spec 1 §8, spec 3 §8)

export interface ConfirmButtons {
  cancelText?: string;
  okText?: string;
}

/**
 * Button texts of the shared confirmation dialog by type. A single 关闭 only dismisses, so it is the
 * cancel button; a single 知道了 or 确定 acknowledges, so it is the ok button.
 */
export function confirmButtons(type: number): ConfirmButtons {
  switch (type) {
    case 0:
    case 3:
    case 17: // 17 is the draft variant: same texts
      return { cancelText: '取消', okText: '确定' };
    case 10:
      return { cancelText: '否', okText: '是' };
    case 11:
      return { cancelText: '取消', okText: '去签署协议' };
    case 12:
      return { cancelText: '取消', okText: '确认复用' };
    case 14:
      return { okText: '知道了' };
    case 15:
      return { cancelText: '关闭', okText: '继续录入' };
    case 16:
      return { cancelText: '关闭', okText: '完善信息' };
    case 101:
      return { okText: '确定' };
    default:
      return { cancelText: '关闭' };
  }
}

// ---- remote-select lookups (spec 1 §3, §7; spec 3 §3, §7)

/** Tenant status: 1 enabled, 0 disabled (listed with the 【已禁用】 prefix). */
export const TENANT_STATUS = defineStatuses({
  1: ['启用', 'success'],
  0: ['禁用', 'fail'],
});

/** Parent service types and their names; their children are listed in TASK_TYPE_PARENTS. */
export const PARENT_VISIT_TYPE_NAMES: Readonly<
  Record<(typeof PARENT_VISIT_TYPES)[keyof typeof PARENT_VISIT_TYPES], string>
> = {
  'p-xueShu': '学术会议',
  'p-ppxc': '品牌宣传',
  'p-wjdy': '问卷调研',
  'p-zrfw': '准入服务',
};

/**
 * The parent of each task type the spec places under one (spec 1 §2, §3); the other types
 * (procurement service, phone call, ordinary service, other) stand on their own.
 */
export const TASK_TYPE_PARENTS: Readonly<Partial<Record<TaskTypeId, keyof typeof PARENT_VISIT_TYPE_NAMES>>> = {
  xueShu_chengShi: 'p-xueShu',
  xueShu_keShi: 'p-xueShu',
  xueShu_tongYong: 'p-xueShu',
  ppxc: 'p-ppxc',
  wjdy: 'p-wjdy',
  cpzr: 'p-zrfw',
};

/** Where a product record came from (product lookup `source`). */
export const PRODUCT_SOURCES = { 1: '企业录入', 2: '平台导入' } as const;

/** An enterprise's authorised signatory: the contract-person lookup asks for 0 (valid). */
export const CONTRACT_PERSON_STATUS = defineStatuses({
  0: ['正常', 'success'],
  1: ['已停用', 'other'],
});

/** Tag types; the enterprise tag list asks for type 1. */
export const TAG_TYPES = { 1: '企业标签', 2: '人员标签' } as const;
