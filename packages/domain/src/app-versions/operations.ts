/** App versions (issue 4 item 8): the operator publishes; the public landing page reads the newest. */
import { pageOf, pageQuerySchema } from '../api/envelope';
import { defineOperation, noInput } from '../api/operation';
import { appVersionSchema, latestAppVersionSchema, saveAppVersionBodySchema } from '../files/schemas';

/** Public: the QR code's landing page is opened on phones without a session. */
export const latestAppVersionOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/app/version/latest',
  tag: 'APP版本',
  summary: '最新APP版本（公开，含限时有效的安卓安装包下载链接）',
  access: 'public',
  input: noInput,
  answer: latestAppVersionSchema.nullable(),
});

export const appVersionListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/app/version/list',
  tag: 'APP版本',
  summary: 'APP版本列表（平台管理员，appVersion:list:view）',
  access: { permission: 'appVersion:list:view' },
  input: pageQuerySchema,
  answer: pageOf(appVersionSchema),
});

export const appVersionSaveOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/app/version/save',
  tag: 'APP版本',
  summary: '发布APP版本（平台管理员，appVersion:list:add）',
  access: { permission: 'appVersion:list:add' },
  input: saveAppVersionBodySchema,
  answer: appVersionSchema,
});
