import {
  columnLayoutGetQuerySchema,
  columnLayoutResultSchema,
  columnLayoutSaveBodySchema,
  envelopeOf,
  MSG,
} from '@fieldpay/domain';
import { ok } from '../../http/envelope';
import { principalOf } from '../auth/guards';
import type { RouteDeps } from '../modules';
import { getColumnLayout, saveColumnLayout } from './service';

/** Column layouts per user and list (spec 2 §7 "column layout get / save"). */
export function registerColumnLayoutRoutes({ app, services }: RouteDeps): void {
  const { db } = services.ctx;

  app.get(
    '/api/sys2/column/get',
    {
      config: { access: 'session' },
      schema: {
        tags: ['字段设置'],
        summary: '列表字段设置（已保存的与默认字段合并；未保存时为默认字段）',
        querystring: columnLayoutGetQuerySchema,
        response: { 200: envelopeOf(columnLayoutResultSchema) },
      },
    },
    async (request) => ok(await getColumnLayout(db, principalOf(request), request.query.serviceName)),
  );

  app.post(
    '/api/sys2/column/save',
    {
      config: { access: 'session' },
      schema: {
        tags: ['字段设置'],
        summary: '保存列表字段设置（contentJson 为字段数组或其 JSON 文本，type 0）',
        body: columnLayoutSaveBodySchema,
        response: { 200: envelopeOf(columnLayoutResultSchema) },
      },
    },
    async (request) => {
      const { serviceName, contentJson } = request.body;
      return ok(await saveColumnLayout(db, principalOf(request), serviceName, contentJson), MSG.saveSuccess);
    },
  );
}
