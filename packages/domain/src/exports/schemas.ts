/**
 * Exports, the download cache and the desensitization token (spec 1 §2, §4, §7; spec 2 §2.9, §3,
 * §7; spec 3 §2, §4, §5, §7; decision 0007). An export call answers at once with the cache record
 * it created; a job fills the file, and the cache lists offer it for 7 days.
 */
import { z } from 'zod';
import { recordIdSchema } from '../api/ids';
import { INPUT_MAX_LENGTH } from '../limits';
import type { DOWNLOAD_CACHE_STATUS } from '../status';
import { pageQuerySchema } from '../api/envelope';

/** Header carrying the temporary token of a passed desensitization check: exports are then unmasked. */
export const DESENSITIZATION_TOKEN_HEADER = 'x-desensitization-token';
/** How long an unmask token lasts after the check. */
export const DESENSITIZATION_TOKEN_TTL_MS = 30 * 60_000;
/** An SMS code expires after this long and after this many wrong tries. */
export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_CODE_MAX_ATTEMPTS = 5;

const DATE_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * A console time `yyyy-MM-dd HH:mm:ss` (what the date-range picker sends) read as China Standard
 * Time, the console's zone, into a Date; anything else is refused.
 */
export const consoleDateTimeSchema = z
  .string()
  .trim()
  .regex(DATE_TIME_PATTERN, '时间格式应为 yyyy-MM-dd HH:mm:ss')
  .transform((text, context) => {
    const date = new Date(`${text.replace(' ', 'T')}+08:00`);
    if (Number.isNaN(date.getTime()) || !date.toISOString()) {
      context.addIssue({ code: 'custom', message: '时间不存在' });
      return z.NEVER;
    }
    return date;
  });

/** The download cache list (spec 2 §7, spec 3 §7): paged, by download type and a creation time range. */
export const downloadCacheQuerySchema = pageQuerySchema.extend({
  orderField: z.enum(['createTime', 'downloadTime']).optional().catch(undefined),
  /** 1 descending (the default), 0 ascending, as every list sends it */
  orderSort: z.coerce.number().int().min(0).max(1).optional().catch(undefined),
  downloadType: z.coerce.number().int().min(1).max(99).optional(),
  startTime: consoleDateTimeSchema.optional(),
  endTime: consoleDateTimeSchema.optional(),
});
export type DownloadCacheQuery = z.input<typeof downloadCacheQuerySchema>;

export type DownloadCacheStatus = keyof typeof DOWNLOAD_CACHE_STATUS;

export const downloadCacheRecordSchema = z.object({
  id: z.number().int(),
  /** epoch milliseconds of the export request */
  createTime: z.number().int(),
  /** when the file was last downloaded, epoch milliseconds */
  downloadTime: z.number().int().nullable(),
  /** 7 minus whole days since creation */
  remainingDays: z.number().int(),
  projectName: z.string(),
  /** service type (parent task type) text */
  parentVisitTypeDict: z.string(),
  operator: z.string(),
  downloadType: z.number().int(),
  downloadType_dictText: z.string(),
  /** 0 generating / other, 1 ready, 2 failed */
  downloadStatus: z.number().int(),
  downloadStatus_dictText: z.string(),
  /** 0–100 while generating */
  progress: z.number().int(),
  fileName: z.string(),
  rowCount: z.number().int(),
  /** whether personal data in the file is in the clear (exported with a desensitization token) */
  unmasked: z.boolean(),
  failReason: z.string().nullable(),
});
export type DownloadCacheRecord = z.infer<typeof downloadCacheRecordSchema>;

export const downloadCacheIdQuerySchema = z.object({ id: recordIdSchema() });

/** What an export call answers with the 下载任务已提交 message. */
export const exportSubmittedSchema = z.object({ cacheId: z.number().int() });
export type ExportSubmitted = z.infer<typeof exportSubmittedSchema>;

/** Desensitization verification (spec 3 §2, §5, §7): the password RSA-encrypted as at login. */
export const desensitizationVerifyBodySchema = z.object({
  keyId: z.string().min(1).max(64),
  password: z.string().min(1, '请输入密码').max(1024),
  /** the SMS code; required of tenant-level users (userIdentity 2) */
  msgCaptcha: z.string().trim().max(INPUT_MAX_LENGTH.smsCode).optional(),
  captcha: z.string().trim().max(8).optional(),
  checkKey: z.string().trim().max(64).optional(),
  location: z.string().trim().max(200).optional(),
});
export type DesensitizationVerifyBody = z.infer<typeof desensitizationVerifyBodySchema>;

export const desensitizationTokenSchema = z.object({
  token: z.string(),
  /** epoch milliseconds */
  expiresAt: z.number().int(),
});
export type DesensitizationToken = z.infer<typeof desensitizationTokenSchema>;

/** The SMS code of the desensitization check goes to the signed-in user's own phone only. */
export const sendVerifyCodeResultSchema = z.object({
  /** masked phone the code went to */
  phone: z.string(),
  resendAfterSeconds: z.number().int(),
});
