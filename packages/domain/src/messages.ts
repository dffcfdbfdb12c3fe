/**
 * The one message catalogue of the console. Chinese strings given by the spec are exact; where the
 * spec gives English, the Chinese here carries the same meaning (spec README). Grouped by area.
 * Functions build messages that carry a number or a name.
 */
export const MSG = {
  // ---- session and login (spec 1 §4, §8; DESIGN §3)
  noPagePermission: '暂无页面权限，请联系管理员',
  tokenInvalid: '登录已失效，请重新登录',
  tokenMissing: '请先登录',
  badCredentials: '用户名或密码错误',
  captchaRequired: '请输入验证码',
  captchaWrong: '验证码错误，请重新输入',
  loginLockedUntil: (hhmm: string) => `登录失败次数过多，请于${hhmm}后重试`,
  accountDisabled: '账号已被禁用，请联系管理员',
  badSignature: '签名校验失败，请刷新页面后重试',
  signatureExpired: '请求已过期，请校准本机时间后重试',
  signatureReplayed: '请求已使用，请刷新页面后重试',
  keyExpired: '登录密钥已失效，请重新登录',
  passwordDecryptFailed: '密码解密失败，请刷新页面后重试',
  logoutSuccess: '退出登录成功',
  loginSuccess: '登录成功',
  tenantNotYours: '无权切换到该平台',
  tenantUnknown: '平台不存在',
  wrongSide: '该账号不能在此端登录',
  confirmLogout: '确定要退出登录吗？',
  confirmSwitchTenant: '是否确认切换',
  oldPasswordWrong: '原密码错误',
  passwordChanged: '密码修改成功，请重新登录',
  passwordSameAsOld: '新密码不能与原密码相同',
  pingFailed: '会话保持失败',

  // ---- request layer (spec 1 §7, §8)
  requestTimeout: '请求超时，请稍后重试！',
  networkError: '网络异常，请检查网络连接',
  serverError: '服务器开小差了，请稍后重试',
  notFound: '请求的资源不存在',
  forbidden: '暂无操作权限，请联系管理员',
  tooManyRequests: '请求过于频繁，请稍后重试',
  bodyTooLarge: '请求内容过大',
  malformedJson: '请求内容格式错误',
  invalidField: (field: string, reason: string) => `${field}：${reason}`,
  operationSuccess: '操作成功',
  saveSuccess: '保存成功',
  deleteSuccess: '删除成功',
  projectMissing: '项目不存在',
  dictUnknown: '字典不存在',
  configUnknown: '配置项不存在',
} as const;
export type MessageKey = keyof typeof MSG;
