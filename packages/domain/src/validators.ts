/**
 * Shared field validators (spec 1 §5, spec 2 §5, spec 3 §5). Each rule is a plain predicate for
 * widgets and a zod schema carrying the catalogue message for forms and the server. Values are
 * validated as given: the request layer trims text posts (spec 1 §7), passwords are never trimmed.
 */
import { z } from 'zod';
import {
  EXPRESS_NUMBERS,
  FEE_TIERS,
  HEADCOUNT,
  INPUT_MAX_LENGTH,
  INVOICE_NUMBER_MAX_LENGTH,
  PAGE_SIZE_INPUT,
} from './limits';
import { MSG } from './messages';

// ---- national ID (GB 11643-1999)

/** Province-level prefixes of GB/T 2260 (71 Taiwan, 81 Hong Kong, 82 Macao, 83 Taiwan residents, 91 abroad). */
export const NATIONAL_ID_PROVINCE_CODES: ReadonlySet<string> = new Set([
  ...['11', '12', '13', '14', '15', '21', '22', '23'],
  ...['31', '32', '33', '34', '35', '36', '37'],
  ...['41', '42', '43', '44', '45', '46', '50', '51', '52', '53', '54'],
  ...['61', '62', '63', '64', '65', '71', '81', '82', '83', '91'],
]);

const NATIONAL_ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const NATIONAL_ID_CHECK_CHARS = '10X98765432';
const EARLIEST_BIRTH_YEAR = 1900;

/** Check character of an 18-digit ID from its first 17 digits, or null if they are not 17 digits. */
export function nationalIdCheckChar(first17: string): string | null {
  if (!/^\d{17}$/.test(first17)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * NATIONAL_ID_WEIGHTS[i];
  return NATIONAL_ID_CHECK_CHARS[sum % 11];
}

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

function isCalendarDate({ year, month, day }: CalendarDate): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= daysInMonth;
}

const dateKey = ({ year, month, day }: CalendarDate) => year * 10_000 + month * 100 + day;

/** Birth date written in a 15- or 18-digit ID (15-digit IDs carry YYMMDD of the 1900s), or null. */
export function nationalIdBirthDate(value: string): CalendarDate | null {
  let date: CalendarDate;
  if (/^\d{17}[\dX]$/.test(value)) {
    date = { year: Number(value.slice(6, 10)), month: Number(value.slice(10, 12)), day: Number(value.slice(12, 14)) };
  } else if (/^\d{15}$/.test(value)) {
    date = {
      year: 1900 + Number(value.slice(6, 8)),
      month: Number(value.slice(8, 10)),
      day: Number(value.slice(10, 12)),
    };
  } else {
    return null;
  }
  return isCalendarDate(date) ? date : null;
}

/**
 * National ID: 18 characters with the GB 11643 check character, or the legacy 15 digits; a known
 * province prefix; a real birth date from 1900 up to `today`. Only an uppercase X is accepted as the
 * check character, as the standard writes it; inputs that allow a typed lowercase x upper-case it first.
 */
export function isNationalId(value: string, today: Date = new Date()): boolean {
  if (!NATIONAL_ID_PROVINCE_CODES.has(value.slice(0, 2))) return false;
  const birth = nationalIdBirthDate(value);
  if (!birth || birth.year < EARLIEST_BIRTH_YEAR) return false;
  const todayKey = dateKey({ year: today.getFullYear(), month: today.getMonth() + 1, day: today.getDate() });
  if (dateKey(birth) > todayKey) return false;
  return value.length === 15 || nationalIdCheckChar(value.slice(0, 17)) === value[17];
}
export const nationalIdSchema = z.string().refine((value) => isNationalId(value), MSG.nationalIdInvalid);

// ---- unified social credit code (GB 32100-2015)

const USCC_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/**
 * Registration authority (1st character) and the organisation types (2nd) it may issue, from
 * GB 32100-2015 and its later additions (G public security, J housing, Q overseas Chinese federation,
 * 36 commercial mediation, 54/55 village and resident committees, 82 non-legal-person unions).
 */
export const USCC_TYPES_BY_AUTHORITY: Readonly<Record<string, string>> = {
  '1': '1239',
  '2': '19',
  '3': '1234569',
  '4': '19',
  '5': '123459',
  '6': '129',
  '7': '129',
  '8': '129',
  '9': '1239',
  A: '19',
  G: '19',
  J: '19',
  N: '1239',
  Q: '1239',
  Y: '1',
};

/** Check character of a credit code from its first 17 characters, or null if they are not valid. */
export function usccCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = USCC_CHARSET.indexOf(first17[i]);
    if (value < 0) return null;
    sum += value * USCC_WEIGHTS[i];
  }
  return USCC_CHARSET[(31 - (sum % 31)) % 31];
}

/** 18 characters: authority and type codes, 6-digit division code, then the GB 32100 check character. */
export function isUnifiedSocialCreditCode(value: string): boolean {
  if (value.length !== 18 || !/^\d{6}$/.test(value.slice(2, 8))) return false;
  if (!USCC_TYPES_BY_AUTHORITY[value[0]]?.includes(value[1])) return false;
  return usccCheckChar(value.slice(0, 17)) === value[17];
}
export const unifiedSocialCreditCodeSchema = z
  .string()
  .refine(isUnifiedSocialCreditCode, MSG.unifiedSocialCreditCodeInvalid);

// ---- tax ID, bank card

/** The spec's form rule only: 15, 17, 18 or 20 uppercase letters and digits (the strict check is the credit code). */
export function isTaxId(value: string): boolean {
  return /^(?:[0-9A-Z]{15}|[0-9A-Z]{17,18}|[0-9A-Z]{20})$/.test(value);
}
export const taxIdSchema = z.string().refine(isTaxId, MSG.taxIdInvalid);

export function isBankCard(value: string): boolean {
  return /^\d{9,30}$/.test(value);
}
export const bankCardSchema = z.string().refine(isBankCard, MSG.bankCardInvalid);

/**
 * Luhn (mod 10) check. Informational only: many corporate and some personal accounts do not use it,
 * so forms must not reject a card that fails it.
 */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

// ---- phones, login, e-mail

export function isMobile(value: string): boolean {
  return /^1\d{10}$/.test(value);
}
export const mobileSchema = z.string().refine(isMobile, MSG.mobileInvalid);

/** Landline: area code (0 plus 2-3 digits) and a 7-8 digit local number, optional hyphen; or 11 digits. */
export function isLandline(value: string): boolean {
  return /^(?:0\d{2,3}-?[1-9]\d{6,7}|\d{11})$/.test(value);
}
export const landlineSchema = z.string().refine(isLandline, MSG.landlineInvalid);

/** The one login name that is not a mobile number (spec 1 §5). */
export const ADMIN_LOGIN_NAME = 'admin';

export function isLoginName(value: string): boolean {
  return value === ADMIN_LOGIN_NAME || isMobile(value);
}
export const loginNameSchema = z.string().refine(isLoginName, MSG.loginNameInvalid);

const EMAIL_PATTERN =
  /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/** Dot-atoms on both sides of @, so no leading, trailing or consecutive dots; a letter TLD; RFC 5321 length. */
export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}
export const emailSchema = z.string().refine(isEmail, MSG.emailInvalid);

// ---- passwords

/**
 * 10-16 printable ASCII characters without spaces, with at least three of: digits, uppercase,
 * lowercase, symbols. Spaces are refused because text posts are trimmed on the way out.
 */
export function isPassword(value: string): boolean {
  if (!/^[\x21-\x7E]{10,16}$/.test(value)) return false;
  const classes = [/\d/, /[A-Z]/, /[a-z]/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(value));
  return classes.length >= 3;
}
export const passwordSchema = z.string().refine(isPassword, MSG.passwordInvalid);

/** Second password: 6-10 characters combining letters and digits (both present). */
export function isSecondPassword(value: string): boolean {
  return /^[A-Za-z0-9]{6,10}$/.test(value) && /\d/.test(value) && /[A-Za-z]/.test(value);
}
export const secondPasswordSchema = z.string().refine(isSecondPassword, MSG.secondPasswordInvalid);

/** Second password with its confirmation; mismatch reads 两次输入密码不一致 (spec 1 §5). */
export const secondPasswordFormSchema = z
  .object({ password: secondPasswordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: MSG.passwordsDiffer,
    path: ['confirmPassword'],
  });

/** Natural-person password change (spec 3 §5): shared rule, max 20; mismatch reads 两次输入密码不统一. */
export const personPasswordFormSchema = z
  .object({
    newPassword: z
      .string()
      .min(1, MSG.passwordRequired)
      .max(INPUT_MAX_LENGTH.password)
      .refine(isPassword, MSG.passwordInvalid),
    confirmPassword: z.string().min(1, MSG.passwordRequired),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: MSG.personPasswordsDiffer,
    path: ['confirmPassword'],
  });

export function isSecurityPassword(value: string): boolean {
  return /^\d{6}$/.test(value);
}
export const securityPasswordSchema = z.string().refine(isSecurityPassword, MSG.securityPasswordInvalid);

/** Payment transaction password (spec 2 §5): digits only, at most 6. */
export function isTransactionPassword(value: string): boolean {
  return /^\d{1,6}$/.test(value);
}
export const transactionPasswordSchema = z
  .string()
  .min(1, MSG.transactionPasswordRequired)
  .refine(isTransactionPassword, MSG.transactionPasswordInvalid);

/**
 * Payment SMS code (spec 2 §5): a positive integer without a leading zero, at most 6 digits. The
 * code generator must therefore never issue codes starting with 0.
 */
export function isSmsCode(value: string): boolean {
  return /^[1-9]\d{0,5}$/.test(value);
}
export const smsCodeSchema = z.string().min(1, MSG.smsCodeRequired).refine(isSmsCode, MSG.smsCodeInvalid);

// ---- numbers and amounts

/** Yuan amount: greater than 0, below 1,000,000, at most two decimals. */
export function isWithdrawalAmount(value: string): boolean {
  return /^(?:0|[1-9]\d{0,5})(?:\.\d{1,2})?$/.test(value) && Number(value) > 0;
}
export const withdrawalAmountSchema = z.string().refine(isWithdrawalAmount, MSG.withdrawalAmountInvalid);

/** Yuan amount: greater than 0, below 100,000, at most two decimals. */
export function isAmount(value: string): boolean {
  return /^(?:0|[1-9]\d{0,4})(?:\.\d{1,2})?$/.test(value) && Number(value) > 0;
}
export const amountSchema = z.string().refine(isAmount, MSG.amountInvalid);

/** Non-negative decimal with at most four decimals, no leading zeros. */
export function isFourDecimalNumber(value: string): boolean {
  return /^(?:0|[1-9]\d*)(?:\.\d{1,4})?$/.test(value);
}
export const fourDecimalNumberSchema = z.string().refine(isFourDecimalNumber, MSG.fourDecimalNumberInvalid);

/** Non-negative decimal with at most two decimals, no leading zeros. */
export function isTwoDecimalNumber(value: string): boolean {
  return /^(?:0|[1-9]\d*)(?:\.\d{1,2})?$/.test(value);
}
export const twoDecimalNumberSchema = z.string().refine(isTwoDecimalNumber, MSG.twoDecimalNumberInvalid);

/** Service rate in percent: 1 to under 100, at most two decimals. */
export function isServiceRate(value: string): boolean {
  return /^[1-9]\d?(?:\.\d{1,2})?$/.test(value);
}
export const serviceRateSchema = z.string().refine(isServiceRate, MSG.serviceRateInvalid);

export function isPositiveInteger(value: string): boolean {
  return /^[1-9]\d*$/.test(value) && Number.isSafeInteger(Number(value));
}
export const positiveIntegerSchema = z.string().refine(isPositiveInteger, MSG.positiveIntegerInvalid);

/** Fee-tier cut-off amount: a positive integer up to 1,000,000,000. */
export function isCutOffAmount(value: string): boolean {
  return isPositiveInteger(value) && Number(value) <= FEE_TIERS.maxCutOff;
}
export const cutOffAmountSchema = z
  .string()
  .min(1, MSG.cutOffAmountRequired)
  .refine(isPositiveInteger, MSG.positiveIntegerInvalid)
  .refine((value) => Number(value) <= FEE_TIERS.maxCutOff, MSG.cutOffAmountTooLarge);

// ---- codes and text

export function isConfigKey(value: string): boolean {
  return /^[A-Za-z0-9_.]+$/.test(value);
}
export const configKeySchema = z.string().refine(isConfigKey, MSG.configKeyInvalid);

/** PEM with both markers and a body between (SPKI `PUBLIC KEY` or PKCS#1 `RSA PUBLIC KEY`). */
export function isRsaPublicKey(value: string): boolean {
  return /-----BEGIN (RSA )?PUBLIC KEY-----[\s\S]*[A-Za-z0-9+/=][\s\S]*-----END \1PUBLIC KEY-----/.test(value);
}
export const rsaPublicKeySchema = z.string().refine(isRsaPublicKey, MSG.rsaPublicKeyInvalid);

/** PEM with both markers and a body between (PKCS#8 `PRIVATE KEY` or PKCS#1 `RSA PRIVATE KEY`). */
export function isRsaPrivateKey(value: string): boolean {
  return /-----BEGIN (RSA )?PRIVATE KEY-----[\s\S]*[A-Za-z0-9+/=][\s\S]*-----END \1PRIVATE KEY-----/.test(value);
}
export const rsaPrivateKeySchema = z.string().refine(isRsaPrivateKey, MSG.rsaPrivateKeyInvalid);

export function isSubUnitCode(value: string): boolean {
  return /^\d{10}$/.test(value);
}
export const subUnitCodeSchema = z.string().refine(isSubUnitCode, MSG.subUnitCodeInvalid);

/** Han characters only (no punctuation, letters or spaces). */
export function isChineseText(value: string): boolean {
  return /^\p{Script=Han}+$/u.test(value);
}
export const chineseTextSchema = z.string().refine(isChineseText, MSG.chineseTextInvalid);

/** Mainland China postcode: 6 digits. */
export function isPostcode(value: string): boolean {
  return /^\d{6}$/.test(value);
}
export const postcodeSchema = z.string().refine(isPostcode, MSG.postcodeInvalid);

// ---- project headcount (spec 1 §5)

/** A form value as widgets hand it over: typed text, a number, or nothing yet. */
export type FormNumberInput = string | number | null | undefined;

const asText = (input: FormNumberInput) => (input === null || input === undefined ? '' : String(input).trim());
const isWholeNumberText = (text: string) => /^\d+$/.test(text);

export interface HeadcountErrors {
  minPeopleNum?: string;
  maxPeopleNum?: string;
}

/** Messages for the min/max headcount pair; an empty object when both are fine. */
export function headcountErrors(minPeopleNum: FormNumberInput, maxPeopleNum: FormNumberInput): HeadcountErrors {
  const errors: HeadcountErrors = {};
  const minText = asText(minPeopleNum);
  const maxText = asText(maxPeopleNum);
  const inRange = (text: string) => isWholeNumberText(text) && Number(text) <= HEADCOUNT.max;

  if (minText === '') errors.minPeopleNum = MSG.headcountRequired;
  else if (!inRange(minText)) errors.minPeopleNum = MSG.headcountRange;

  if (maxText === '') errors.maxPeopleNum = MSG.headcountRequired;
  else if (isWholeNumberText(maxText) && Number(maxText) > HEADCOUNT.max)
    errors.maxPeopleNum = MSG.headcountMaxTooLarge;
  else if (!inRange(maxText)) errors.maxPeopleNum = MSG.headcountRange;

  if (!errors.minPeopleNum && !errors.maxPeopleNum && Number(minText) > Number(maxText)) {
    errors.minPeopleNum = MSG.headcountMinAboveMax;
  }
  return errors;
}

const formNumberInput = z.union([z.string(), z.number()]).nullish();

export const headcountSchema = z
  .object({ minPeopleNum: formNumberInput, maxPeopleNum: formNumberInput })
  .superRefine((form, ctx) => {
    const errors = headcountErrors(form.minPeopleNum, form.maxPeopleNum);
    for (const field of ['minPeopleNum', 'maxPeopleNum'] as const) {
      const message = errors[field];
      if (message) ctx.addIssue({ code: 'custom', message, path: [field] });
    }
  })
  .transform((form) => ({
    minPeopleNum: Number(asText(form.minPeopleNum)),
    maxPeopleNum: Number(asText(form.maxPeopleNum)),
  }));

// ---- page-size input (spec 1 §5, spec 2 §5)

export interface PageSizeInputResult {
  pageSize: number;
  /** set when the input was refused and the default restored */
  warning: string | null;
}

/** Accepts an integer 1..200 of at most 3 characters; anything else restores the default with a warning. */
export function parsePageSizeInput(input: FormNumberInput, defaultSize: number): PageSizeInputResult {
  const text = asText(input);
  const valid =
    text.length <= PAGE_SIZE_INPUT.maxLength &&
    isWholeNumberText(text) &&
    Number(text) >= PAGE_SIZE_INPUT.min &&
    Number(text) <= PAGE_SIZE_INPUT.max;
  return valid
    ? { pageSize: Number(text), warning: null }
    : { pageSize: defaultSize, warning: MSG.pageSizeInput(defaultSize) };
}

// ---- fee tiers (spec 3 §4, §5, §9)

/** Keystroke filter for a tier fee box: a non-negative number with at most 2 decimals, or a partial one. */
export function acceptsTierFeeInput(text: string): boolean {
  return /^(?:\d+(?:\.\d{0,2})?)?$/.test(text);
}

export interface FeeTierDraft {
  start?: FormNumberInput;
  end?: FormNumberInput;
  fee?: FormNumberInput;
}

export interface FeeTierError {
  /** tier index, or null for a rule about the whole list */
  index: number | null;
  field: 'start' | 'end' | 'fee' | null;
  message: string;
}

/**
 * Every problem of a personal tiered fee list: 2 to 4 tiers; the first starts at 0 and each next one
 * starts at the previous cut-off; each cut-off is a positive integer up to 1e9 above its start; each
 * fee follows the shared service-rate rule.
 */
export function feeTierErrors(tiers: readonly FeeTierDraft[]): FeeTierError[] {
  const errors: FeeTierError[] = [];
  if (tiers.length < FEE_TIERS.minCount || tiers.length > FEE_TIERS.maxCount) {
    errors.push({ index: null, field: null, message: MSG.feeTierCount(FEE_TIERS.minCount, FEE_TIERS.maxCount) });
  }
  tiers.forEach((tier, index) => {
    const start = asText(tier.start);
    const end = asText(tier.end);
    const fee = asText(tier.fee);
    const expectedStart = index === 0 ? String(FEE_TIERS.firstStart) : asText(tiers[index - 1].end);
    if (start !== expectedStart) {
      const message = index === 0 ? MSG.feeTierFirstStart : MSG.feeTierStartMismatch;
      errors.push({ index, field: 'start', message });
    }

    let endMessage: string | null = null;
    if (end === '') endMessage = MSG.cutOffAmountRequired;
    else if (!isPositiveInteger(end)) endMessage = MSG.positiveIntegerInvalid;
    else if (Number(end) > FEE_TIERS.maxCutOff) endMessage = MSG.cutOffAmountTooLarge;
    else if (Number(end) <= Number(start)) endMessage = MSG.cutOffAmountBelowStart;
    if (endMessage) errors.push({ index, field: 'end', message: endMessage });

    if (fee === '') errors.push({ index, field: 'fee', message: MSG.feeRateRequired });
    else if (!isServiceRate(fee)) errors.push({ index, field: 'fee', message: MSG.serviceRateInvalid });
  });
  return errors;
}

export const feeTiersSchema = z
  .array(z.object({ start: formNumberInput, end: formNumberInput, fee: formNumberInput }))
  .superRefine((tiers, ctx) => {
    for (const error of feeTierErrors(tiers)) {
      const path = error.index === null ? [] : error.field ? [error.index, error.field] : [error.index];
      ctx.addIssue({ code: 'custom', message: error.message, path });
    }
  });

/** Single service rate (fee mode 0): required, at most 6 characters, the shared service-rate rule. */
export const singleServiceRateSchema = z
  .string()
  .min(1, MSG.singleServiceRateRequired)
  .max(INPUT_MAX_LENGTH.singleServiceRate, MSG.serviceRateInvalid)
  .refine(isServiceRate, MSG.serviceRateInvalid);

// ---- invoice and express numbers (spec 2 §5, spec 3 §5)

const isAlphanumericUpTo = (value: string, maxLength: number) =>
  value.length >= 1 && value.length <= maxLength && /^[A-Za-z0-9]+$/.test(value);

export function isInvoiceNumber(value: string): boolean {
  return isAlphanumericUpTo(value, INVOICE_NUMBER_MAX_LENGTH);
}

export function isExpressNumber(value: string): boolean {
  return isAlphanumericUpTo(value, EXPRESS_NUMBERS.maxLength);
}

/** Invoice numbers of a status update; `maxCount` is the configuration value invoice.number. */
export function invoiceNumbersSchema(maxCount: number) {
  return z
    .array(z.string().min(1, MSG.invoiceNumberRequired).refine(isInvoiceNumber, MSG.invoiceNumberInvalid))
    .max(maxCount, MSG.invoiceNumberLimit(maxCount));
}

export const expressNumbersSchema = z
  .array(z.string().min(1, MSG.expressNumberRequired).refine(isExpressNumber, MSG.expressNumberInvalid))
  .max(EXPRESS_NUMBERS.maxCount, MSG.expressNumberLimit(EXPRESS_NUMBERS.maxCount));
