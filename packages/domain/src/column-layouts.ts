/**
 * Column layouts of the list screens (spec 2 §2.8, §3, §5, §7): each user may choose, order and
 * size the columns of a list; the choice is stored by serviceName. The default column sets live
 * here so the server answers them and the web shows them before (or without) a saved layout.
 *
 * Sets differ by audience: the platform operator (admin, userIdentity 1), tenant staff (platform,
 * userIdentity 2) and enterprise users each see the columns that make sense for them; e.g. the
 * platform-name column is only in the admin and platform sets (spec 2 §3, spec 3 §6).
 */
import { z } from 'zod';
import type { Side } from './auth/schemas';
import { COLUMN_MIN_WIDTH, snapColumnWidth } from './limits';
import { MSG } from './messages';

export type ColumnAudience = 'admin' | 'platform' | 'enterprise';

export function columnAudienceOf(side: Side, userIdentity: 1 | 2): ColumnAudience {
  if (side === 'enterprise') return 'enterprise';
  return userIdentity === 1 ? 'admin' : 'platform';
}

/** Widest column a layout may hold; wider is a slip of the mouse, not a choice. */
export const COLUMN_MAX_WIDTH = 2000;
/** Layout type of list columns; the save call sends it (spec 2 §7: type 0). */
export const COLUMN_LAYOUT_TYPE = 0;

/**
 * One field of the field-settings dialog (spec 2 §2.8: prop, label, disabled, isWidth, isSelect)
 * plus the column's width and sortable flag (spec 2 §3).
 * - disabled: a fixed field, always shown, cannot be removed;
 * - isSelect: shown in the table (missing means shown);
 * - isWidth: the width is fixed (set by the user or the default); otherwise the column takes a
 *   share of the free space with `width` as its minimum.
 */
export interface ColumnLayoutItem {
  prop: string;
  label: string;
  width: number;
  sortable: boolean;
  disabled?: boolean;
  isSelect?: boolean;
  isWidth?: boolean;
}

const PROP_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** Width of a resized column: whole pixels, at least 10 (spec 2 §5), at most COLUMN_MAX_WIDTH. */
export function resizedColumnWidth(width: number): number {
  if (!Number.isFinite(width)) return COLUMN_MIN_WIDTH;
  return Math.min(COLUMN_MAX_WIDTH, snapColumnWidth(Math.round(width)));
}

/** A column as a client sends it; widths under 10 snap to 10 (spec 2 §5). */
export const columnLayoutItemSchema = z.object({
  prop: z.string().regex(PROP_PATTERN, MSG.columnLayoutContentInvalid),
  label: z.string().max(64),
  width: z
    .number()
    .finite()
    .max(COLUMN_MAX_WIDTH, MSG.columnWidthTooLarge(COLUMN_MAX_WIDTH))
    .transform(resizedColumnWidth),
  sortable: z.boolean(),
  disabled: z.boolean().optional(),
  isSelect: z.boolean().optional(),
  isWidth: z.boolean().optional(),
});

type ColumnDefault = readonly [prop: string, label: string, width: number, options?: ColumnDefaultOptions];
interface ColumnDefaultOptions {
  sortable?: boolean;
  /** fixed: always shown */
  fixed?: boolean;
  /** not shown until the user picks it */
  hidden?: boolean;
  /** takes free space (minimum `width`) instead of a fixed width */
  flexible?: boolean;
}

function columns(...defaults: ColumnDefault[]): readonly ColumnLayoutItem[] {
  return defaults.map(([prop, label, width, options = {}]) => ({
    prop,
    label,
    width,
    sortable: options.sortable ?? false,
    disabled: options.fixed ?? false,
    isSelect: options.fixed ? true : !options.hidden,
    isWidth: !options.flexible,
  }));
}

const tenantName = (label = '平台名称'): ColumnDefault => ['tenantName', label, 160];

/** Settlement list (spec 2 §2.1, §3). Enterprises see their own rows: no platform or enterprise column. */
const settlementHead: ColumnDefault[] = [['settlementSn', '结算单号', 200, { fixed: true }]];
const settlementBody: ColumnDefault[] = [
  ['projectName', '项目名称', 180, { flexible: true }],
  ['visitTypeValue', '服务类型', 110],
  ['enterprisePayStatus', '企业结算状态', 120],
  ['auditStatus', '平台审核状态', 120],
  ['payStatus', '平台结算状态', 120],
  ['voucherStatus', '报告状态', 100, { hidden: true }],
  ['amount', '结算总金额(元)', 140, { sortable: true }],
  ['fee', '服务费(元)', 120, { hidden: true }],
  ['totalPersonNum', '结算人数', 100],
  ['totalTask', '任务数', 90, { hidden: true }],
  ['createName', '创建人', 100, { hidden: true }],
  ['createTime', '申请时间', 170, { sortable: true }],
  ['auditTime', '审核时间', 170, { sortable: true, hidden: true }],
  ['settlementTime', '结算时间', 170, { sortable: true }],
];

/**
 * Invoice query list (spec 2 §2.6, §3): the spec's six columns shown, so they fit a 1280 screen
 * beside 操作. The send status (the platform's side) can be added in the field settings; a tenant's
 * staff see one platform, the operator every one.
 */
const invoiceHead: ColumnDefault[] = [
  ['invoiceName', '发票抬头', 190, { fixed: true }],
  ['invoicePrice', '开票金额(元)', 120, { sortable: true }],
];
const invoiceTail: ColumnDefault[] = [
  ['invoiceRecipientStatus', '收件状态', 90],
  ['createTime', '申请时间', 150, { sortable: true }],
  ['invoiceTime', '开票时间', 150, { sortable: true }],
  ['invoiceNum', '发票号码', 110, { flexible: true }],
  ['invoiceType', '发票类型', 120, { hidden: true }],
  ['createName', '申请人', 100, { hidden: true }],
];
const invoiceSendStatus: ColumnDefault = ['invoiceSendStatus', '发送状态', 100, { hidden: true }];

/** Enterprise agreement list (spec 3 §2, §6: the signing-platform column only for userIdentity 1). */
const enterpriseAgreementTail: ColumnDefault[] = [
  ['agreementType', '协议类型', 100],
  ['signStatus', '协议状态', 110],
  ['enterpriseSignTime', '签订日期', 120, { sortable: true }],
  ['startTime', '开始日期', 120, { sortable: true }],
  ['endTime', '结束日期', 120, { sortable: true }],
  ['createTime', '上传时间', 170, { sortable: true }],
];

/** Personal agreement list (spec 3 §2, §3; platform-name column in admin and platform sets). */
const personalAgreementHead: ColumnDefault[] = [
  ['contractSn', '协议编号', 200, { fixed: true }],
  ['userName', '姓名', 100],
  ['phone', '手机号', 130],
  ['idCard', '身份证号', 190, { hidden: true }],
  ['contractName', '协议名称', 180, { flexible: true }],
  ['agreementType', '协议类型', 100],
  ['projectName', '项目名称', 160],
];
const personalAgreementTail: ColumnDefault[] = [
  ['signStatus', '签署状态', 100],
  ['contractStartDate', '签署时间', 170, { sortable: true }],
  ['createTime', '创建时间', 170, { sortable: true, hidden: true }],
];

/** Tax voucher list (spec 2 §2.7, §3). */
const taxVoucherTail: ColumnDefault[] = [
  ['paidTaxAmount', '已缴税额(元)', 140],
  ['realName', '上传人', 100, { hidden: true }],
  ['createTime', '上传时间', 170, { hidden: true }],
];

/** Download cache and download log (spec 2 §2.9, spec 3 §2). */
const downloadCache = columns(
  ['createTime', '缓存时间', 170, { fixed: true, sortable: true }],
  ['remainingDays', '剩余有效期', 110],
  ['projectName', '项目名称', 180, { flexible: true }],
  ['parentVisitTypeDict', '服务类型', 120],
  ['operator', '操作人', 100],
  // wide enough for the longest type and the 明文 tag of an unmasked export
  ['downloadType', '下载类型', 170],
  ['downloadStatus', '缓存状态', 100],
);

/** Project list (spec 1 §2): the client column on the platform side only. */
const projectListHead: ColumnDefault[] = [
  ['projectName', '项目名称', 200, { fixed: true, flexible: true }],
  ['projectSn', '项目编号', 170],
  ['tenantName', '所属平台', 160],
];
const projectListTail: ColumnDefault[] = [
  ['projectStatus', '项目状态', 100],
  ['processed', '项目环境', 100],
  ['personNum', '服务人数', 100],
  ['createTime', '创建时间', 170],
  ['endTime', '结束时间', 170],
];

/** 自然人账户 (spec 3 §2, decision 0033): the platform column for the operator only. */
const personAccountHead: ColumnDefault[] = [
  ['userSn', '用户编号', 140, { fixed: true }],
  ['name', '姓名', 100],
  ['loginName', '登录账号', 120],
  ['idCard', '身份证号', 180],
];
const personAccountTail: ColumnDefault[] = [
  ['source_dictText', '注册来源', 100],
  ['loginFlag', '账号状态', 100],
  ['createTime', '注册时间', 170],
];

/** Notice list (spec 1 §2 /notice/view/list). */
const noticeList = columns(
  ['title', '通知标题', 220, { fixed: true }],
  ['type', '通知类型', 110],
  ['content', '通知内容', 240, { flexible: true }],
  ['readFlag', '状态', 90],
  ['createTime', '通知时间', 170, { sortable: true }],
);

export const COLUMN_SETS = {
  settlementList: {
    admin: columns(...settlementHead, tenantName(), ['enterpriseName', '企业名称', 200], ...settlementBody),
    platform: columns(...settlementHead, tenantName(), ['enterpriseName', '企业名称', 200], ...settlementBody),
    enterprise: columns(...settlementHead, ...settlementBody),
  },
  invoiceList: {
    admin: columns(...invoiceHead, tenantName('所属平台'), ...invoiceTail, invoiceSendStatus),
    platform: columns(
      ...invoiceHead,
      ['tenantName', '所属平台', 160, { hidden: true }],
      ...invoiceTail,
      invoiceSendStatus,
    ),
    enterprise: columns(...invoiceHead, ...invoiceTail),
  },
  enterpriseAgreementList: {
    admin: columns(
      ['agreementName', '协议名称', 200, { fixed: true }],
      ['enterpriseName', '企业名称', 200, { flexible: true }],
      tenantName('签约平台'),
      ...enterpriseAgreementTail,
    ),
    platform: columns(
      ['agreementName', '协议名称', 200, { fixed: true }],
      ['enterpriseName', '企业名称', 200, { flexible: true }],
      ...enterpriseAgreementTail,
    ),
    enterprise: columns(
      ['agreementName', '协议名称', 200, { fixed: true, flexible: true }],
      ...enterpriseAgreementTail,
    ),
  },
  personalAgreementList: {
    admin: columns(
      ...personalAgreementHead,
      tenantName(),
      ['enterpriseName', '企业名称', 180],
      ...personalAgreementTail,
    ),
    platform: columns(
      ...personalAgreementHead,
      tenantName(),
      ['enterpriseName', '企业名称', 180],
      ...personalAgreementTail,
    ),
    enterprise: columns(...personalAgreementHead, ...personalAgreementTail),
  },
  taxVoucherList: {
    admin: columns(
      ['taxPeriod', '税款所属期', 120, { fixed: true }],
      ['enterpriseName', '企业名称', 220, { flexible: true }],
      tenantName(),
      ...taxVoucherTail,
    ),
    platform: columns(
      ['taxPeriod', '税款所属期', 120, { fixed: true }],
      ['enterpriseName', '企业名称', 220, { flexible: true }],
      ...taxVoucherTail,
    ),
    enterprise: columns(['taxPeriod', '税款所属期', 120, { fixed: true }], ...taxVoucherTail),
  },
  projectList: {
    admin: columns(...projectListHead, ['clientName', '客户', 200], ...projectListTail),
    platform: columns(...projectListHead, ['clientName', '客户', 200], ...projectListTail),
    // the enterprise sees where its project is shown: its platform and the others (spec 1 §2)
    enterprise: columns(...projectListHead, ['visiblePlatforms', '可见平台', 200], ...projectListTail),
  },
  personAccountList: {
    admin: columns(...personAccountHead, tenantName(), ...personAccountTail),
    platform: columns(...personAccountHead, ...personAccountTail),
  },
  downloadCacheList: { admin: downloadCache, platform: downloadCache, enterprise: downloadCache },
  noticeList: { admin: noticeList, platform: noticeList, enterprise: noticeList },
  /** the word list is the platform operator's alone */
  sensitiveWordList: {
    admin: columns(
      ['word', '敏感词', 220, { fixed: true, flexible: true }],
      ['createName', '添加人', 140],
      ['createTime', '添加时间', 180, { sortable: true }],
    ),
  },
} as const satisfies Record<string, Partial<Record<ColumnAudience, readonly ColumnLayoutItem[]>>>;

export type ColumnLayoutServiceName = keyof typeof COLUMN_SETS;
export const COLUMN_LAYOUT_SERVICE_NAMES = Object.keys(COLUMN_SETS) as ColumnLayoutServiceName[];

export function isColumnLayoutServiceName(name: string): name is ColumnLayoutServiceName {
  return Object.hasOwn(COLUMN_SETS, name);
}

/** The default columns of a list for an audience, or null when the audience has no such list. */
export function defaultColumns(serviceName: string, audience: ColumnAudience): readonly ColumnLayoutItem[] | null {
  if (!isColumnLayoutServiceName(serviceName)) return null;
  const sets: Partial<Record<ColumnAudience, readonly ColumnLayoutItem[]>> = COLUMN_SETS[serviceName];
  return sets[audience] ?? null;
}

/**
 * A saved layout laid over the defaults: the saved order, widths and choices of known fields; labels,
 * sortable and fixed flags always from the defaults (so a renamed column shows its new name); fixed
 * fields always shown; fields added to the defaults after the save appended with their default choice;
 * fields no longer in the defaults dropped.
 */
export function mergeColumnLayout(
  saved: readonly ColumnLayoutItem[] | null | undefined,
  defaults: readonly ColumnLayoutItem[],
): ColumnLayoutItem[] {
  const byProp = new Map(defaults.map((item) => [item.prop, item]));
  const merged: ColumnLayoutItem[] = [];
  const seen = new Set<string>();
  for (const item of saved ?? []) {
    const base = byProp.get(item.prop);
    if (!base || seen.has(item.prop)) continue;
    seen.add(item.prop);
    merged.push({
      ...base,
      width: Number.isFinite(item.width) ? resizedColumnWidth(item.width) : base.width,
      isSelect: base.disabled ? true : item.isSelect !== false,
      isWidth: item.isWidth ?? base.isWidth,
    });
  }
  for (const base of defaults) if (!seen.has(base.prop)) merged.push({ ...base });
  return merged;
}

/** The columns a table shows, in order. */
export function visibleColumns(layout: readonly ColumnLayoutItem[]): ColumnLayoutItem[] {
  return layout.filter((item) => item.disabled || item.isSelect !== false);
}

/** Problems of a layout a client wants to save, in the catalogue's words; empty when it may be saved. */
export function columnLayoutProblems(
  items: readonly ColumnLayoutItem[],
  defaults: readonly ColumnLayoutItem[],
): string[] {
  const byProp = new Map(defaults.map((item) => [item.prop, item]));
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const base = byProp.get(item.prop);
    if (!base) problems.push(MSG.columnLayoutUnknownField(item.prop));
    else if (seen.has(item.prop)) problems.push(MSG.columnLayoutDuplicateField(item.prop));
    else if (base.disabled && item.isSelect === false) problems.push(MSG.columnLayoutFixedField(base.label));
    seen.add(item.prop);
  }
  if (!items.some((item) => item.isSelect !== false)) problems.push(MSG.atLeastOneField);
  return problems;
}
