/** App versions (issue 4 item 8): the operator publishes; the public landing page reads the newest. */
import { pageOf, pageQuerySchema } from '../api/envelope';
import { defineOperation, noInput } from '../api/operation';
import { z } from 'zod';
import {
  appVersionSchema,
  editAppVersionBodySchema,
  latestAppVersionSchema,
  saveAppVersionBodySchema,
} from '../files/schemas';

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

export const appVersionEditOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/app/version/edit',
  tag: 'APP版本',
  summary: '修改已发布的APP版本（安装包、iOS地址与更新说明；版本号不变；已撤回的不能修改）',
  access: { permission: 'appVersion:list:edit' },
  input: editAppVersionBodySchema,
  answer: appVersionSchema,
});

export const appVersionWithdrawOperation = defineOperation({
  method: 'POST',
  path: '/api/sys2/app/version/withdraw',
  tag: 'APP版本',
  summary: '撤回已发布的APP版本（下载页改为提供此前最新的未撤回版本）',
  access: { permission: 'appVersion:list:edit' },
  input: z.object({ id: z.coerce.number().int().min(1).max(2147483647) }),
  answer: z.null(),
});
