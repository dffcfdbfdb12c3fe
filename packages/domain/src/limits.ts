/**
 * Limits and constants of §9 of the three spec documents (plus the few of §4, §5 that are numbers).
 * Both sides import them so a limit is changed in one place.
 */

const DAY_MS = 86_400_000;
/** Binary megabyte: the spec's 50 MB agreement limit is 52428800 bytes (spec 3 §9). */
export const MB = 1024 * 1024;

/** The largest record id (ids are PostgreSQL `integer` columns); a larger one names no record. */
export const MAX_RECORD_ID = 2_147_483_647;
const KB = 1024;

// ---- paging (spec 1 §9, spec 2 §9, spec 3 §9)

export const FIRST_PAGE_NO = 1;

/** Page size of each list the spec names. */
export const PAGE_SIZE = {
  default: 20,
  /** list dialogs such as material-opening and call records (spec 1 §2) */
  listDialog: 10,
  readingRecords: 10,
  settlementList: 20,
  settlementRecords: 10,
  settlementPersons: 10,
  invoiceList: 10,
  invoiceCompanyList: 10,
  taxVoucherList: 20,
  reportProducts: 30,
  reportPeople: 30,
  reportTaskDetail: 10,
  personalAgreements: 20,
  signingRecords: 10,
  enterpriseAgreements: 20,
  personLists: 20,
  transferOutRecords: 20,
  resourcePicker: 10,
  /** the 工作地点 dialog of a service type's terminals */
  workLocations: 10,
  cacheList: 20,
  remoteSelect: 20,
} as const;

export type ListType = 1 | 2 | 3 | 4 | 5 | 6;

/** Page-size options offered by list type. */
export const PAGE_SIZE_OPTIONS_BY_LIST_TYPE: Readonly<Record<ListType, readonly number[]>> = {
  1: [20, 50, 100],
  2: [10, 20, 50],
  3: [20, 50, 100, 200, 500],
  4: [100],
  5: [30],
  6: [1, 2, 3, 4, 5],
};

export function pageSizeOptions(listType: ListType): readonly number[] {
  return PAGE_SIZE_OPTIONS_BY_LIST_TYPE[listType];
}

/** The typed page-size box: integer 1..200, at most 3 characters (spec 1 §5). */
export const PAGE_SIZE_INPUT = { min: 1, max: 200, maxLength: 3 } as const;

/** Pagination is shown only when there is more than one page. */
export function showsPagination(total: number, pageSize: number): boolean {
  return total > pageSize;
}

// ---- uploads (spec 1 §5, §9; spec 2 §5, §9; spec 3 §5, §9)

export const MANAGER_FILE_SIZE_CONFIG_KEY = 'manager_file_size';
export const INVOICE_NUMBER_CONFIG_KEY = 'invoice.number';
export const QRCODE_ADDRESS_CONFIG_KEY = 'qrcode.address';

export const UPLOAD = {
  /** default count limit, configurable per use */
  maxFiles: 10,
  /** default of the manager_file_size configuration value, in MB */
  defaultManagerFileSizeMb: 10,
  fileNameMaxLength: 64,
  imageMaxMb: 3,
  documentMaxMb: 5,
  taxListMaxMb: 5,
  agreementMaxFiles: 10,
  agreementMaxBytes: 52_428_800,
  invoiceFilesMax: 50,
  /** progress shown while a file is still in flight; 100 only once the server answered */
  progressCapBeforeDone: 99,
  /** Android packages of the app-version page: far above the attachment limit, still bounded */
  appPackageMaxMb: 200,
} as const;

export const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png'] as const;
export const DOCUMENT_EXTENSIONS = ['doc', 'docx', 'pdf'] as const;
export const APP_PACKAGE_EXTENSIONS = ['apk'] as const;

export type AttachmentPage = 'default' | 'invoice' | 'settleReport';

/** Allowed attachment extensions by page (spec 1 §5; spec 2 §5 types 1 and 2). */
export const ATTACHMENT_EXTENSIONS: Readonly<Record<AttachmentPage, readonly string[]>> = {
  default: ['jpg', 'jpeg', 'png', 'doc', 'docx', 'xls', 'xlsx', 'pdf', 'zip', 'rar'],
  invoice: ['jpg', 'jpeg', 'png', 'pdf', 'ofd', 'xml'],
  settleReport: ['pdf'],
};

/** Size shown in messages: whole MB as '3M', below 1 MB in KB as '500KB' (spec 1 §5). */
export function fileSizeLabel(bytes: number): string {
  // under 1 KB in bytes: a 300-byte file is no "0KB" (issue 14)
  if (bytes < KB) return `${Math.max(0, Math.round(bytes))}B`;
  if (bytes < MB) return `${Math.round(bytes / KB)}KB`;
  return `${Number((bytes / MB).toFixed(2))}M`;
}

// ---- dates (spec 1 §5, §9; spec 2 §5; spec 3 §2, §9)

/** Days the second end of a date range may lie from the first pick. */
export const DATE_RANGE_DAYS = {
  default: 365,
  halfYear: 180,
  invoice: 365,
  taxVoucher: 366,
  agreementList: 3662,
} as const;

/** dayjs/antd format tokens for the spec's yyyy-MM-dd HH:mm:ss. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';
export const RANGE_DEFAULT_TIMES = { start: '00:00:00', end: '23:59:59' } as const;

// ---- input lengths (spec 1 §5, §9; spec 2 §5, §9; spec 3 §5, §9)

export const INPUT_MAX_LENGTH = {
  searchName: 50,
  enterpriseName: 50,
  settlementSn: 50,
  contractSn: 50,
  userName: 50,
  agreementListNameFilter: 50,
  taxVoucherName: 50,
  lookup: 30,
  projectName: 30,
  taxSource: 30,
  companyPicker: 30,
  transferEnterprise: 30,
  openingBank: 30,
  serviceDescription: 500,
  rejectReason: 500,
  password: 20,
  transactionPassword: 6,
  smsCode: 6,
  phone: 11,
  contactPhone: 11,
  contactEmail: 40,
  personAccountName: 20,
  legalPersonName: 50,
  agreementNameForm: 40,
  agreementNameTemplate: 20,
  agreementNameFilter: 50,
  companyAddress: 100,
  companyPhone: 13,
  bankDeposit: 100,
  bankAccountInput: 30,
  bankAccountName: 50,
  invoiceNumber: 50,
  expressNumber: 15,
  registeredCapital: 8,
  singleServiceRate: 6,
} as const;

// ---- presentation (spec 1 §9; spec 2 §9; spec 3 §2, §9)

export const DIALOG_WIDTH = {
  small: 480,
  large: 1200,
  list: 730,
  survey: 640,
  fieldSettings: 750,
  taxSourcePicker: 400,
  reissue: 450,
  settlementProcess: 980,
  reportPreview: 1200,
  taskDetail: 1200,
  desensitization: 630,
  customerDetail: 780,
  workLocations: 800,
  enterpriseSmall: 630,
  enterpriseMedium: 800,
  enterpriseLarge: 1000,
} as const;

/** Rich-text editor frame height by mode; mode 0 is the agreement and article editor. */
export const EDITOR_HEIGHTS_BY_MODE = [500, 200, 550, 300, 550] as const;

/** Column widths below this snap up to it (spec 2 §5). */
export const COLUMN_MIN_WIDTH = 10;

export function snapColumnWidth(width: number): number {
  return Math.max(COLUMN_MIN_WIDTH, width);
}

// ---- timings (spec 1 §4, §9; spec 2 §4, §9; spec 3 §9)

export const KEEPALIVE = { intervalMs: 600_000, maxPings: 10 } as const;
export const MENU_RETRY_MS = 50;
export const DOWNLOAD_INDICATOR_MS = 3000;
export const COLUMN_SAVED_TOAST_MS = 1000;
export const SMS_COUNTDOWN_SECONDS = 60;
/** the online-sign window is closed and the list refreshed after this long (spec 3 §4) */
export const ONLINE_SIGN_REFRESH_MS = 40_000;
export const TENANT_CHOICE_DAYS = 7;
export const DOWNLOAD_CACHE_VALID_DAYS = 7;

/**
 * Exports one user may have generating at once: a flood of export calls cannot fill the job queue
 * (exports run one after another), and nobody waits behind dozens of files nobody reads.
 */
export const MAX_GENERATING_EXPORTS_PER_USER = 5;

/** Calls with their own timeout (spec 1 §7): the two slow calls at 15 s, one upload variant at 180 s. */
export const REQUEST_TIMEOUT_MS = { slowCalls: 15_000, upload: 180_000 } as const;
export const SLOW_CALL_PATHS = [
  '/api/sys/tax/taxLimitEnterpriseProgress',
  '/api/sys/order/confirmSettlementDetailList',
] as const;

/** Remaining validity of a download cache record: 7 minus whole days since creation, never below 0. */
export function cacheRemainingDays(createdAt: Date | number, now: Date | number): number {
  const elapsedDays = Math.floor((Number(now) - Number(createdAt)) / DAY_MS);
  return Math.min(DOWNLOAD_CACHE_VALID_DAYS, Math.max(0, DOWNLOAD_CACHE_VALID_DAYS - elapsedDays));
}

// ---- charts (spec 1 §9; spec 2 §5, §9)

export const CHART = {
  /** ten colours, in order of use */
  palette: [
    '#5470c6',
    '#91cc75',
    '#fac858',
    '#ee6666',
    '#73c0de',
    '#3ba272',
    '#fc8452',
    '#9a60b4',
    '#ea7ccc',
    '#2f4554',
  ],
  labelMaxChars: 8,
  /** a slider (dataZoom) appears above this many bars */
  sliderAboveBars: 10,
  sliderAbovePersonBars: 6,
  /** questionnaire questions get a chart only for this many options */
  questionnaireChartMinOptions: 2,
  questionnaireChartMaxOptions: 10,
} as const;

/** Axis labels are cut at 8 characters; the cut is marked with an ellipsis. */
export function cutChartLabel(label: string): string {
  const chars = Array.from(label);
  return chars.length > CHART.labelMaxChars ? `${chars.slice(0, CHART.labelMaxChars).join('')}...` : label;
}

export function needsChartSlider(barCount: number, kind: 'default' | 'person'): boolean {
  return barCount > (kind === 'person' ? CHART.sliderAbovePersonBars : CHART.sliderAboveBars);
}

// ---- business counts (spec 1 §5, §9; spec 2 §5, §9; spec 3 §5, §9)

export const HEADCOUNT = { min: 0, max: 2000 } as const;
export const AREAS_MAX = 50;
/** articles or questionnaires linked to a service type */
export const RESOURCE_SELECTIONS_MAX = 10;
/** selections in the article/questionnaire picker dialog */
export const PICKER_SELECTIONS_MAX = 5;
/** at this count the add-bank-card button is hidden */
export const ENTERPRISE_BANK_CARDS_MAX = 20;
/** tags on one enterprise (decision 0039) */
export const ENTERPRISE_TAGS_MAX = 10;
export const FEE_TIERS = {
  minCount: 2,
  maxCount: 4,
  firstStart: 0,
  maxCutOff: 1_000_000_000,
  feeMaxDecimals: 2,
} as const;
export const EXPRESS_NUMBERS = { maxCount: 10, maxLength: 15 } as const;
export const INVOICE_NUMBER_MAX_LENGTH = 50;

// ---- banks, sources, keys (spec 1 §9; spec 2 §3, §9; spec 3 §9)

/** Banks that take no platformId on payment (spec 2 §7). */
export const SPECIAL_BANK_CODES = ['CMB', 'SCP'] as const;
export const DEFAULT_BANK_CODE = 'CMB';

export function bankTakesPlatformId(bankNo: string): boolean {
  return !(SPECIAL_BANK_CODES as readonly string[]).includes(bankNo);
}

/** Legacy (isEdit 0) bank rows are shown through the end of April 2025 (spec 3 §9). */
export const LEGACY_BANK_DATA_VISIBLE_UNTIL = '2025-04-30';

export const SOURCE_TYPE_DEFAULT = 1;
/** A related-tenant id of 0 means all tenants: no tenant filter is sent (spec 3 §6). */
export const ALL_TENANTS_ID = 0;

/** The spec's default is 1024 bits; we use 2048 (DESIGN §3). */
export const RSA_KEY_BITS = { specDefault: 1024, used: 2048 } as const;

export const DICT_CODES = {
  settlementPayStatus: 'settlement_pay_status',
  settlementAuditStatus: 'settlement_audit_status',
  bankType: 'bank_type',
  orgType: 'org_type',
  manageStatus: 'manage_status',
  cases: 'cases',
  downloadType: 'download_type',
  enterpriseAgreementStatus: 'enterprise_agreement_status',
  hospitalDepartment: 'department',
  pharmacyCustomerType: 'pharmacy_cus_type',
  clinicDepartment: 'clinic_department',
  businessDepartment: 'business_department',
} as const;
