/**
 * The session calls (docs/decisions/0002-api-contract.md): the signed getKey, login and the session
 * keepers of each side, the enterprise's tenant switch and password change, and the desensitization
 * check. Login, logout, ping and userInfo exist once per side, under `/{side}/v2/`.
 */
import { z } from 'zod';
import { defineOperation, noInput } from '../api/operation';
import {
  desensitizationTokenSchema,
  desensitizationVerifyBodySchema,
  sendVerifyCodeResultSchema,
} from '../exports/schemas';
import { MSG } from '../messages';
import { passwordSchema } from '../validators';
import {
  getKeyQuerySchema,
  getKeyResultSchema,
  loginBodySchema,
  loginUserInfoSchema,
  permResultSchema,
  queryPermQuerySchema,
  type Side,
  switchTenantBodySchema,
} from './schemas';

/** GET /api/sys2/getKey: a signed, single-use RSA key for the login (and the desensitization check). */
export const getKeyOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/getKey',
  tag: '会话',
  summary: '获取登录加密公钥（签名、5分钟有效、一次性）',
  access: 'public',
  input: getKeyQuerySchema,
  answer: getKeyResultSchema,
});

/** GET /sys/randomImage/{checkKey}: the captcha image of a login attempt, as a data URL. */
export const captchaImageOperation = defineOperation({
  method: 'GET',
  path: '/sys/randomImage/:checkKey',
  tag: '会话',
  summary: '图形验证码（data URL）',
  access: 'public',
  input: z.object({ checkKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) }),
  answer: z.string(),
});

const sessionOperationsOf = <S extends Side>(side: S) => {
  const base = `/${side}/v2`;
  const tag = side === 'platform' ? '平台端会话' : '企业端会话';
  return {
    login: defineOperation({
      method: 'POST',
      path: `${base}/login`,
      tag,
      summary: '登录（RSA-OAEP 加密密码）',
      access: 'public',
      input: loginBodySchema,
      answer: loginUserInfoSchema,
    }),
    logout: defineOperation({
      method: 'GET',
      path: `${base}/logout`,
      tag,
      summary: '退出登录（令牌立即失效）',
      access: { side },
      input: noInput,
      answer: z.null(),
    }),
    ping: defineOperation({
      method: 'POST',
      path: `${base}/ping`,
      tag,
      summary: '会话保持',
      access: { side },
      input: noInput,
      answer: z.object({ expiresAt: z.number().int() }),
    }),
    /** Answered from the cached JSON text: registered by hand on the server with this declaration. */
    queryPerm: defineOperation({
      method: 'GET',
      path: `${base}/queryPerm`,
      tag,
      summary: '菜单与权限列表（三级菜单）',
      access: { side },
      input: queryPermQuerySchema,
      answer: permResultSchema,
    }),
    userInfo: defineOperation({
      method: 'GET',
      path: `${base}/userInfo`,
      tag,
      summary: '当前登录用户信息',
      access: { side },
      input: noInput,
      answer: loginUserInfoSchema,
    }),
  };
};

/** The session calls of each side (`/platform/v2/…`, `/enterprise/v2/…`). */
export const sessionOperations = {
  platform: sessionOperationsOf('platform'),
  enterprise: sessionOperationsOf('enterprise'),
} as const;

/** POST /enterprise/v2/switchTenant: the server re-scopes the session to another tenant of the account. */
export const switchTenantOperation = defineOperation({
  method: 'POST',
  path: '/enterprise/v2/switchTenant',
  tag: '企业端会话',
  summary: '切换平台（服务端重新限定会话范围）',
  access: { side: 'enterprise' },
  input: switchTenantBodySchema,
  answer: loginUserInfoSchema,
});

export const changePasswordBodySchema = z
  .object({
    oldPassword: z.string().min(1, MSG.oldPasswordRequired).max(20),
    newPassword: passwordSchema,
    confirmPassword: z.string().min(1, MSG.passwordRequired),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    message: MSG.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** POST /enterprise/v2/changePassword: every session of the account ends once it succeeds. */
export const changePasswordOperation = defineOperation({
  method: 'POST',
  path: '/enterprise/v2/changePassword',
  tag: '企业端会话',
  summary: '修改登录密码（校验原密码，成功后全部会话失效）',
  access: { side: 'enterprise' },
  input: changePasswordBodySchema,
  answer: z.null(),
});

/** POST /api/sys2/sendVerifyCode: the desensitization check's SMS code (one a minute). */
export const sendVerifyCodeOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/sendVerifyCode',
  tag: '脱敏',
  summary: '发送短信验证码到本人手机（脱敏验证用，60秒一次）',
  access: 'session',
  input: noInput,
  answer: sendVerifyCodeResultSchema,
});

/** POST /api/sys2/desensitization/verify: the check passed gives a 30-minute unmask token. */
export const desensitizationVerifyOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/desensitization/verify',
  tag: '脱敏',
  summary: '脱敏验证：密码（RSA 加密）及租户级用户的短信验证码，成功返回临时令牌',
  access: 'session',
  input: desensitizationVerifyBodySchema,
  answer: desensitizationTokenSchema,
});
