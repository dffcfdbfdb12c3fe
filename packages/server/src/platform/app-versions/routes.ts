import {
  appVersionSchema,
  envelopeOf,
  latestAppVersionSchema,
  MSG,
  pageOf,
  pageQuerySchema,
  saveAppVersionBodySchema,
} from '@fieldpay/domain';
import { ok } from '../../http/envelope';
import { principalOf } from '../auth/guards';
import type { RouteDeps } from '../modules';
import { AppVersionService } from './service';

/** App versions (issue 4 item 8): the operator publishes; the public landing page reads the newest. */
export function registerAppVersionRoutes({ app, services }: RouteDeps): void {
  const versions = new AppVersionService(services.ctx.db, services.files);

  app.get(
    '/api/sys2/app/version/latest',
    {
      // public: the QR code's landing page is opened on phones without a session
      config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['APP版本'],
        summary: '最新APP版本（公开，含限时有效的安卓安装包下载链接）',
        security: [],
        response: { 200: envelopeOf(latestAppVersionSchema.nullable()) },
      },
    },
    async () => ok(await versions.latest()),
  );

  app.get(
    '/api/sys2/app/version/list',
    {
      config: { access: { permission: 'appVersion:list:view' } },
      schema: {
        tags: ['APP版本'],
        summary: 'APP版本列表（平台管理员，appVersion:list:view）',
        querystring: pageQuerySchema,
        response: { 200: envelopeOf(pageOf(appVersionSchema)) },
      },
    },
    async (request) => ok(await versions.list(request.query.pageNo, request.query.pageSize)),
  );

  app.post(
    '/api/sys2/app/version/save',
    {
      config: { access: { permission: 'appVersion:list:add' } },
      schema: {
        tags: ['APP版本'],
        summary: '发布APP版本（平台管理员，appVersion:list:add）',
        body: saveAppVersionBodySchema,
        response: { 200: envelopeOf(appVersionSchema) },
      },
    },
    async (request) =>
      ok(await versions.publish(principalOf(request), request.body, request.ip), MSG.appVersionPublished),
  );
}
