/**
 * 登录日志 (decision 0016): every sign-in attempt of both sides with its address, side, result and
 * the reason of a refusal, lock-outs included. The login number is masked when written (it is a
 * mobile number); the screen finds one account's attempts by the whole number, which the server
 * compares by a keyed hash, never in the clear.
 */
import { z } from 'zod';
import { recordIdSchema } from '../api/ids';
import { pageOf, pageQuerySchema } from '../api/envelope';
import { defineOperation } from '../api/operation';
import { defineExportOperation } from '../exports/operations';
import { chinaTimeFilterSchema } from './operations';

/** success: signed in; failure: refused; locked: refused because the account or address is locked */
export const LOGIN_RESULTS = { success: '成功', failure: '失败', locked: '锁定' } as const;
export type LoginResult = keyof typeof LOGIN_RESULTS;

/** Why an attempt was refused (the log's reason column). */
export const LOGIN_FAILURE_REASONS = {
  badCredentials: '用户名或密码错误',
  captchaRequired: '未输入验证码',
  captchaWrong: '验证码错误',
  locked: '登录失败次数过多，已锁定',
  lockedNow: '密码错误，失败次数过多，已锁定',
  accountDisabled: '账号已禁用',
  noTenant: '未关联可用的平台',
  wrongSide: '账号属于另一端',
} as const;
export type LoginFailureReason = keyof typeof LOGIN_FAILURE_REASONS;

export const LOGIN_SIDE_LABELS = { platform: '平台端', enterprise: '企业端' } as const;

export const loginLogRecordSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int().nullable(),
  /** masked when written: 137****0011 */
  username: z.string(),
  realname: z.string(),
  side: z.string(),
  result: z.string(),
  reason: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  /** epoch milliseconds; a lock-out's end */
  lockedUntil: z.number().int().nullable(),
  /** epoch milliseconds */
  createdAt: z.number().int(),
});
export type LoginLogRecord = z.infer<typeof loginLogRecordSchema>;

/** The login log's filters, shared by the screen's query and its export. */
export const loginLogFiltersSchema = z.object({
  /** the whole login number (an 11-digit mobile number or the administrator's name) */
  username: z.string().trim().max(32).optional(),
  /** the account's real name, contains */
  realname: z.string().trim().max(30).optional(),
  side: z.enum(['platform', 'enterprise']).optional(),
  result: z.enum(['success', 'failure', 'locked']).optional(),
  ip: z.string().trim().max(64).optional(),
  tenantId: recordIdSchema(0).optional(),
  startTime: chinaTimeFilterSchema.optional(),
  endTime: chinaTimeFilterSchema.optional(),
});
export type LoginLogFilters = z.infer<typeof loginLogFiltersSchema>;

export const loginLogQueryOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/loginLog/query',
  tag: '登录日志',
  summary: '登录日志查询（按登录账号、姓名、端、结果、IP与时间范围，时间为北京时间）',
  access: { permission: 'sysLoginLog:list:view' },
  input: pageQuerySchema.extend(loginLogFiltersSchema.shape),
  answer: pageOf(loginLogRecordSchema),
});

export const loginLogExportOperation = defineExportOperation({
  path: '/api/sys2/loginLog/export',
  tag: '登录日志',
  summary: '导出登录日志（按登录日志的筛选条件）',
  filters: loginLogFiltersSchema,
  permission: 'sysLoginLog:list:export',
});
