import { configKeySchema, envelopeOf, MSG, pageOf, pageQuerySchema, QRCODE_ADDRESS_CONFIG_KEY } from '@fieldpay/domain';
import { asc, desc, eq, getTableColumns, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { auditLogs, configs, dictItems, dicts, smsOutbox } from '../../db/schema';
import { paged } from '../../db/paging';
import { ok } from '../../http/envelope';
import { fail } from '../../core/errors';
import { principalOf } from '../auth/guards';
import type { RouteDeps } from '../modules';
import { appLandingAddress } from '../app-versions/service';
import { writeAudit } from './audit';

const dictCodeSchema = z.string().regex(/^[A-Za-z0-9_.]{1,64}$/, '字典编码格式不正确');
const dictItemSchema = z.object({ title: z.string(), value: z.string() });

export function registerSystemRoutes({ app, services }: RouteDeps): void {
  const { db, config } = services.ctx;

  app.get('/api/health', { config: { access: 'public' }, schema: { hide: true } }, async () => ok({ status: 'up' }));

  const loadDict = async (code: string) => {
    const [dict] = await db.select().from(dicts).where(eq(dicts.code, code));
    if (!dict) throw fail.notFound(MSG.dictUnknown);
    return ok(
      await db
        .select({ title: dictItems.title, value: dictItems.value })
        .from(dictItems)
        .where(eq(dictItems.dictCode, code))
        .orderBy(asc(dictItems.sort), asc(dictItems.value)),
    );
  };

  app.get(
    '/api/sys2/g/dict/loadDict/:dictCode',
    {
      config: { access: 'session' },
      schema: {
        tags: ['字典与配置'],
        summary: '字典项（title, value）',
        params: z.object({ dictCode: dictCodeSchema }),
        response: { 200: envelopeOf(z.array(dictItemSchema)) },
      },
    },
    async (request) => loadDict(request.params.dictCode),
  );
  app.get(
    '/api/sys2/g/dict/loadDict/',
    {
      config: { access: 'session' },
      schema: {
        tags: ['字典与配置'],
        summary: '字典项（以查询参数 dictCode 传入）',
        querystring: z.object({ dictCode: dictCodeSchema }),
        response: { 200: envelopeOf(z.array(dictItemSchema)) },
      },
    },
    async (request) => loadDict(request.query.dictCode),
  );

  app.get(
    '/api/sys2/config/queryByKey',
    {
      // the shell reads settings such as the upload size limit and the APP address on any screen
      config: { access: 'session' },
      schema: {
        tags: ['字典与配置'],
        summary: '配置值',
        querystring: z.object({ configKey: configKeySchema }),
        response: { 200: envelopeOf(z.object({ configKey: z.string(), content: z.string() })) },
      },
    },
    async (request) => {
      const [row] = await db.select().from(configs).where(eq(configs.configKey, request.query.configKey));
      if (!row) throw fail.notFound(MSG.configUnknown);
      // an empty APP download address means this console's own public landing page (decision 0006)
      if (row.configKey === QRCODE_ADDRESS_CONFIG_KEY && row.content.trim() === '') {
        return ok({ configKey: row.configKey, content: appLandingAddress(request) });
      }
      return ok({ configKey: row.configKey, content: row.content });
    },
  );

  app.post(
    '/api/sys2/config/save',
    {
      config: { access: { permission: 'sysConfig:list:edit' } },
      schema: {
        tags: ['字典与配置'],
        summary: '修改配置值（平台管理员，sysConfig:list:edit）',
        body: z.object({ configKey: configKeySchema, content: z.string().trim().min(1, '请输入配置内容').max(2000) }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { configKey, content } = request.body;
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(configs).where(eq(configs.configKey, configKey)).for('update');
        if (!before) throw fail.notFound(MSG.configUnknown);
        await tx
          .update(configs)
          .set({ content, updatedAt: new Date(), updatedBy: principal.userId })
          .where(eq(configs.configKey, configKey));
        await writeAudit(
          tx,
          {
            userId: principal.userId,
            name: principal.realname,
            side: principal.side,
            tenantId: principal.tenantId,
            ip: request.ip,
          },
          {
            action: 'config.save',
            targetType: 'config',
            targetId: configKey,
            before: { content: before.content },
            after: { content },
          },
        );
      });
      return ok(null, MSG.saveSuccess);
    },
  );

  app.get(
    '/api/sys2/audit/list',
    {
      config: { access: { permission: 'sysAudit:list:view' } },
      schema: {
        tags: ['审计日志'],
        summary: '审计日志（平台管理员，sysAudit:list:view）',
        querystring: pageQuerySchema.extend({ tenantId: z.coerce.number().int().min(0).optional() }),
        response: {
          200: envelopeOf(
            pageOf(
              z.object({
                id: z.number().int(),
                tenantId: z.number().int(),
                actorName: z.string(),
                side: z.string(),
                action: z.string(),
                targetType: z.string(),
                targetId: z.string(),
                before: z.unknown(),
                after: z.unknown(),
                ip: z.string(),
                createdAt: z.number().int(),
              }),
            ),
          ),
        },
      },
    },
    async (request) => {
      const { pageNo, pageSize, tenantId } = request.query;
      return ok(
        await paged(
          db,
          { pageNo, pageSize },
          {
            from: auditLogs,
            where: tenantId === undefined ? undefined : eq(auditLogs.tenantId, tenantId),
            key: auditLogs.id,
            orderBy: [[auditLogs.id, 'desc']],
            rows: (page) =>
              db
                .select({ ...getTableColumns(auditLogs), ...page.columns })
                .from(auditLogs)
                .where(inArray(auditLogs.id, page.keys))
                .orderBy(...page.orderBy),
            toRecord: (row) => ({ ...row, createdAt: row.createdAt.getTime() }),
          },
        ),
      );
    },
  );

  if (config.env !== 'production' && config.smsProvider === 'outbox') {
    app.get(
      '/api/dev/sms-outbox',
      {
        config: { access: 'public' },
        schema: {
          tags: ['开发'],
          summary: '开发用短信发件箱（生产环境不存在）',
          querystring: z.object({ phone: z.string().regex(/^1\d{10}$/, MSG.mobileInvalid) }),
        },
      },
      async (request) =>
        ok(
          await db
            .select({ phone: smsOutbox.phone, content: smsOutbox.content, createdAt: smsOutbox.createdAt })
            .from(smsOutbox)
            .where(eq(smsOutbox.phone, request.query.phone))
            .orderBy(desc(smsOutbox.id))
            .limit(20),
        ),
    );
  }
}
