/**
 * The remote-select catalogue (spec 1 §7, spec 3 §7): one paged lookup per kind, served at
 * `GET /api/sys/lookup/{kind}`. Each kind names its filter keys (a whitelist: nothing else the
 * client sends reaches a query), the key its search box fills, and the columns of its records.
 * Every record carries `value` and `label` for the select, plus the columns its pickers need.
 */
import { z } from 'zod';
import { INPUT_MAX_LENGTH, PAGE_SIZE } from '../limits';
import { MSG } from '../messages';
import { CUSTOMER_TYPES } from '../status';

export const LOOKUP_KINDS = [
  'enterprise',
  'organisation',
  'customer',
  'product',
  'tenant',
  'tax',
  'enterpriseAccount',
  'employee',
  'project',
  'signer',
  'authorisedProduct',
  'tag',
  'enterpriseTenant',
  'wechatUser',
  'firstSender',
  'sender',
  'dataProject',
  'contractEnterprise',
  'contract',
  'contractPerson',
  'label',
  'taskType',
  'bankPlatform',
  'virtualAccount',
  'bankBranch',
  'channelAccount',
] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

export const isLookupKind = (value: string): value is LookupKind => (LOOKUP_KINDS as readonly string[]).includes(value);

/**
 * Paging of lookups: 20 a page (spec 1 §9). Out-of-range values are clamped rather than refused,
 * so a select that scrolls far or a hand-written URL still gets an answer.
 */
export const LOOKUP_PAGE = { defaultPageSize: PAGE_SIZE.remoteSelect, maxPageSize: 100, maxPageNo: 10_000 } as const;

/** An integer forced into [min, max]; missing or unreadable input becomes the fallback. */
const clampedInt = (min: number, max: number, fallback: number) =>
  z.preprocess((input) => {
    const number = typeof input === 'string' && input.trim() === '' ? Number.NaN : Number(input);
    if (input === undefined || input === null || !Number.isFinite(number)) return fallback;
    return Math.min(max, Math.max(min, Math.trunc(number)));
  }, z.number().int());

export const lookupPageSchema = z.object({
  pageNo: clampedInt(1, LOOKUP_PAGE.maxPageNo, 1),
  pageSize: clampedInt(1, LOOKUP_PAGE.maxPageSize, LOOKUP_PAGE.defaultPageSize),
});
export type LookupPage = z.infer<typeof lookupPageSchema>;

/** Empty query values (an untouched form field) mean "no filter". */
const blankToUndefined = (input: unknown) => (input === '' || input === null ? undefined : input);

/** The search text: trimmed, at most 30 characters (spec 1 §5 "30 for lookups"). */
const searchText = () =>
  z.preprocess(
    blankToUndefined,
    z.string().trim().max(INPUT_MAX_LENGTH.lookup, MSG.lookupTextTooLong(INPUT_MAX_LENGTH.lookup)).optional(),
  );
const optionalInt = (min: number, max: number) =>
  z.preprocess(blankToUndefined, z.coerce.number().int().min(min).max(max).optional());
const optionalId = () => optionalInt(0, 2_147_483_647);
const CUSTOMER_TYPE_CODES = Object.keys(CUSTOMER_TYPES) as [
  keyof typeof CUSTOMER_TYPES,
  ...(keyof typeof CUSTOMER_TYPES)[],
];
const customerType = () => z.preprocess(blankToUndefined, z.enum(CUSTOMER_TYPE_CODES).optional());

const id = z.number().int();
const baseRecord = z.object({
  value: z.union([z.number().int(), z.string()]),
  label: z.string(),
  /** a second line in the dropdown (tenant, number, maker...) */
  description: z.string().optional(),
  /** shown with the 【已禁用】 prefix and not selectable (tenants status 0, enterprises status 2) */
  disabled: z.boolean().optional(),
});

const tenantRecord = {
  id,
  name: z.string(),
  company: z.string(),
  contracts: z.string(),
  status: z.number().int(),
};

interface LookupDefinition<F extends z.ZodRawShape, R extends z.ZodRawShape> {
  /** what the select picks, in Chinese (placeholder 请选择…, OpenAPI summary) */
  title: string;
  /** the filter key the search box fills */
  searchKey: keyof F & string;
  filters: z.ZodObject<F>;
  record: z.ZodObject<(typeof baseRecord)['shape'] & R>;
}

const define = <F extends z.ZodRawShape, R extends z.ZodRawShape>(input: {
  title: string;
  searchKey: keyof F & string;
  filters: F;
  record: R;
}): LookupDefinition<F, R> => ({
  title: input.title,
  searchKey: input.searchKey,
  filters: z.object(input.filters),
  record: baseRecord.extend(input.record),
});

export const LOOKUPS = {
  enterprise: define({
    title: '企业',
    searchKey: 'name',
    filters: { name: searchText(), status: optionalInt(1, 2), tenantId: optionalId() },
    record: {
      id,
      name: z.string(),
      enterpriseSn: z.string(),
      tenantId: id,
      tenantName: z.string(),
      /** masked (spec 3 §7 "Enterprise lookup returning tenantName and contactPhone") */
      contactPhone: z.string(),
      status: id,
    },
  }),
  organisation: define({
    title: '终端',
    searchKey: 'orgName',
    // companyId (ours, as product's): the project form offers one enterprise's terminals
    filters: {
      orgName: searchText(),
      auditStatus: optionalInt(0, 2),
      orgType: customerType(),
      companyId: optionalId(),
    },
    record: {
      id,
      orgName: z.string(),
      orgType: z.string(),
      orgTypeName: z.string(),
      auditStatus: id,
      address: z.string(),
      enterpriseId: id,
    },
  }),
  customer: define({
    title: '客户',
    searchKey: 'cusName',
    filters: { cusName: searchText(), auditStatus: optionalInt(0, 2), cusType: customerType() },
    record: {
      id,
      cusName: z.string(),
      cusType: z.string(),
      cusTypeName: z.string(),
      orgName: z.string(),
      department: z.string(),
      auditStatus: id,
    },
  }),
  product: define({
    title: '产品',
    searchKey: 'productName',
    filters: { productName: searchText(), source: optionalInt(1, 2), companyId: optionalId() },
    record: {
      id,
      productName: z.string(),
      productGuige: z.string(),
      productFactory: z.string(),
      source: id,
      companyId: id,
    },
  }),
  tenant: define({
    title: '平台',
    searchKey: 'name',
    filters: { name: searchText(), status: optionalInt(0, 1) },
    record: tenantRecord,
  }),
  tax: define({
    title: '税源地',
    searchKey: 'taxName',
    filters: { taxName: searchText(), tenantId: optionalId() },
    record: { id, taxName: z.string(), tenantId: id },
  }),
  enterpriseAccount: define({
    title: '企业账号',
    searchKey: 'realName',
    filters: { realName: searchText() },
    record: { id, realName: z.string(), account: z.string(), enterpriseId: id, enterpriseName: z.string() },
  }),
  employee: define({
    title: '人员',
    searchKey: 'name',
    filters: { name: searchText(), projectId: optionalId(), status: optionalInt(1, 2) },
    record: { id, name: z.string(), phone: z.string() },
  }),
  project: define({
    title: '项目',
    searchKey: 'projectName',
    filters: {
      projectName: searchText(),
      projectId: optionalId(),
      processed: optionalInt(0, 1),
      clientId: optionalId(),
      /** one status (spec 1 §4), e.g. 4 进行中 where tasks are published */
      projectStatus: optionalInt(0, 6),
    },
    record: {
      id,
      projectName: z.string(),
      projectSn: z.string(),
      clientId: id,
      clientName: z.string(),
      processed: id,
      projectStatus: id,
    },
  }),
  signer: define({
    title: '签约人',
    searchKey: 'name',
    filters: { name: searchText(), loginFlagType: optionalInt(0, 3) },
    record: { id, name: z.string(), phone: z.string(), loginFlag: id },
  }),
  authorisedProduct: define({
    title: '授权产品',
    searchKey: 'name',
    filters: { name: searchText() },
    record: { id, productName: z.string(), productGuige: z.string(), productFactory: z.string(), enterpriseId: id },
  }),
  tag: define({
    title: '标签',
    searchKey: 'tag',
    filters: { tag: searchText(), tenantId: optionalId(), type: optionalInt(1, 2) },
    record: { id, tag: z.string(), type: id, tenantId: id },
  }),
  enterpriseTenant: define({
    title: '平台',
    searchKey: 'name',
    filters: { name: searchText(), enterpriseId: optionalId(), status: optionalInt(0, 1) },
    record: { ...tenantRecord, enterpriseId: id },
  }),
  wechatUser: define({
    title: '微信用户',
    searchKey: 'userName',
    filters: { userName: searchText() },
    record: { id, userName: z.string() },
  }),
  firstSender: define({
    title: '一级发送人',
    searchKey: 'firstUserName',
    filters: { firstUserName: searchText() },
    record: { id, firstUserName: z.string() },
  }),
  sender: define({
    title: '发送人',
    searchKey: 'sendUserName',
    filters: { sendUserName: searchText() },
    record: { id, sendUserName: z.string() },
  }),
  dataProject: define({
    title: '数据关联项目',
    searchKey: 'name',
    filters: { name: searchText() },
    record: { id, name: z.string(), projectSn: z.string(), sourceTenantName: z.string(), tenantId: id },
  }),
  contractEnterprise: define({
    title: '签约企业',
    searchKey: 'name',
    filters: { name: searchText() },
    record: { id, name: z.string(), taxNumber: z.string(), enterpriseId: id },
  }),
  contract: define({
    title: '合同',
    searchKey: 'name',
    filters: { name: searchText(), type: optionalInt(1, 2) },
    record: { id, name: z.string(), contractSn: z.string(), type: id },
  }),
  contractPerson: define({
    title: '签约人员',
    searchKey: 'name',
    filters: { name: searchText(), status: optionalInt(0, 1) },
    record: { id, name: z.string(), phone: z.string(), status: id, enterpriseId: id },
  }),
  label: define({
    title: '自定义标签',
    searchKey: 'name',
    filters: { name: searchText() },
    record: { id, name: z.string(), enterpriseId: id },
  }),
  taskType: define({
    title: '任务类型',
    searchKey: 'name',
    filters: { name: searchText() },
    record: { id: z.string(), name: z.string(), parentId: z.string(), parentName: z.string() },
  }),
  bankPlatform: define({
    title: '银行平台',
    searchKey: 'platformName',
    filters: { platformName: searchText() },
    record: { id, platformName: z.string(), bankNo: z.string(), bankNoText: z.string(), tenantId: id },
  }),
  virtualAccount: define({
    title: '虚拟账户',
    searchKey: 'accountName',
    filters: { accountName: searchText(), platformId: optionalId() },
    record: {
      id,
      accountName: z.string(),
      accountNo: z.string(),
      platformId: id,
      platformName: z.string(),
      enterpriseId: id,
    },
  }),
  bankBranch: define({
    title: '开户支行',
    searchKey: 'bankBranchName',
    filters: { bankBranchName: searchText() },
    record: { id, bankBranchName: z.string(), cnapsCode: z.string(), bankNo: z.string(), bankName: z.string() },
  }),
  channelAccount: define({
    title: '通道账户',
    searchKey: 'accountNo',
    filters: { accountNo: searchText() },
    record: {
      id,
      accountNo: z.string(),
      accountName: z.string(),
      platformId: id,
      platformName: z.string(),
      tenantId: id,
    },
  }),
} satisfies Record<LookupKind, { title: string; searchKey: string; filters: z.ZodObject; record: z.ZodObject }>;

export type LookupFilters<K extends LookupKind> = z.infer<(typeof LOOKUPS)[K]['filters']>;
export type LookupRecord<K extends LookupKind> = z.infer<(typeof LOOKUPS)[K]['record']>;
export type LookupQuery<K extends LookupKind> = LookupFilters<K> & LookupPage;

/** The query string of one kind: its filters and the clamped paging. */
export function lookupQuerySchema<K extends LookupKind>(kind: K): z.ZodType<LookupQuery<K>> {
  // TypeScript widens LOOKUPS[kind] to the union of all kinds; the schema is the one of `kind`
  return LOOKUPS[kind].filters.extend(lookupPageSchema.shape) as unknown as z.ZodType<LookupQuery<K>>;
}

/**
 * Tenants with status 0 and enterprises with status 2 are listed disabled, unless the caller
 * filters by status: then it asked for those rows on purpose (spec 3 §3 "Tenant (for lookups)").
 */
export function lookupRowDisabled(
  kind: LookupKind,
  status: number | undefined,
  statusFilter: number | undefined,
): boolean {
  if (statusFilter !== undefined || status === undefined) return false;
  if (kind === 'tenant' || kind === 'enterpriseTenant') return status === 0;
  if (kind === 'enterprise') return status === 2;
  return false;
}

/** The label a select shows: disabled rows carry the 【已禁用】 prefix. */
export const lookupOptionLabel = (label: string, disabled: boolean | undefined): string =>
  disabled ? `${MSG.tenantDisabledPrefix}${label}` : label;
