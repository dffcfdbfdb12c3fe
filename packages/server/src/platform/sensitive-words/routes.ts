import {
  ApiCode,
  envelopeOf,
  MSG,
  pageOf,
  sensitiveCheckBodySchema,
  sensitiveCheckResultSchema,
  sensitiveWordAddBodySchema,
  sensitiveWordAddResultSchema,
  sensitiveWordDeleteBodySchema,
  sensitiveWordListQuerySchema,
  sensitiveWordRecordSchema,
} from '@fieldpay/domain';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { fail } from '../../core/errors';
import { principalOf } from '../auth/guards';
import type { RouteDeps } from '../modules';

export function registerSensitiveWordRoutes({ app, services }: RouteDeps): void {
  const words = services.sensitiveWords;
  // the word list is reference data of the platform operator (the code is operator-only)
  const operatorOnly = { access: { permission: 'sensitiveWord:list:edit' } } as const;

  app.post(
    '/api/sys2/sensitive/check',
    {
      // forms of every screen check their text before saving
      config: { access: 'session' },
      schema: {
        tags: ['敏感词'],
        summary: '敏感词检测（success 为 false 时 message 列出命中的词）',
        body: sensitiveCheckBodySchema,
        response: { 200: envelopeOf(sensitiveCheckResultSchema) },
      },
    },
    async (request) => {
      const found = await words.findIn(request.body.senWords);
      if (found.length > 0) {
        throw fail.rule(MSG.sensitiveWordsFoundNamed(found), ApiCode.rule, { words: found });
      }
      return ok({ words: [] });
    },
  );

  app.get(
    '/api/sys2/sensitive/list',
    {
      config: operatorOnly,
      schema: {
        tags: ['敏感词'],
        summary: '敏感词列表（平台管理员，sensitiveWord:list:edit）',
        querystring: sensitiveWordListQuerySchema,
        response: { 200: envelopeOf(pageOf(sensitiveWordRecordSchema)) },
      },
    },
    async (request) => ok(await words.list(request.query)),
  );

  app.post(
    '/api/sys2/sensitive/add',
    {
      config: operatorOnly,
      schema: {
        tags: ['敏感词'],
        summary: '添加敏感词（可一次多个；已存在的词原样返回在 existing 中）',
        body: sensitiveWordAddBodySchema,
        response: { 200: envelopeOf(sensitiveWordAddResultSchema) },
      },
    },
    async (request) => {
      const result = await words.add(request.body.words, { principal: principalOf(request), ip: request.ip });
      return ok(result, MSG.sensitiveWordsAdded(result.added.length, result.existing.length));
    },
  );

  app.post(
    '/api/sys2/sensitive/delete',
    {
      config: operatorOnly,
      schema: {
        tags: ['敏感词'],
        summary: '删除敏感词',
        body: sensitiveWordDeleteBodySchema,
        response: { 200: envelopeOf(z.object({ deleted: z.number().int() })) },
      },
    },
    async (request) => {
      const deleted = await words.remove(request.body.ids, { principal: principalOf(request), ip: request.ip });
      return ok({ deleted }, MSG.deleteSuccess);
    },
  );
}
