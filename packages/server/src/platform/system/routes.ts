import {
  auditLogListOperation,
  configSaveOperation,
  configValueOperation,
  dictItemsByPathOperation,
  dictItemsOperation,
  MSG,
  QRCODE_ADDRESS_CONFIG_KEY,
} from '@fieldpay/domain';
import { asc, desc, eq, getTableColumns, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { auditLogs, configs, dictItems, dicts, smsOutbox } from '../../db/schema';
import { paged } from '../../db/paging';
import { ok } from '../../http/envelope';
import { registerOperation } from '../../http/operation';
import { fail } from '../../core/errors';
import { principalOf } from '../auth/guards';
import type { RouteDeps } from '../modules';
import { appLandingAddress } from '../app-versions/service';
import { writeAudit } from './audit';

export function registerSystemRoutes({ app, services }: RouteDeps): void {
  const { db, config } = services.ctx;

  // the health probe: one of the documented hand-registered routes (http/operation.ts)
  app.get('/api/health', { config: { access: 'public' }, schema: { hide: true } }, async () => ok({ status: 'up' }));

  const loadDict = async (code: string) => {
    const [dict] = await db.select().from(dicts).where(eq(dicts.code, code));
    if (!dict) throw fail.notFound(MSG.dictUnknown);
    return db
      .select({ title: dictItems.title, value: dictItems.value })
      .from(dictItems)
      .where(eq(dictItems.dictCode, code))
      .orderBy(asc(dictItems.sort), asc(dictItems.value));
  };

  registerOperation(app, dictItemsByPathOperation, async ({ dictCode }) => loadDict(dictCode));
  registerOperation(app, dictItemsOperation, async ({ dictCode }) => loadDict(dictCode));

  registerOperation(app, configValueOperation, async ({ configKey }, request) => {
    const [row] = await db.select().from(configs).where(eq(configs.configKey, configKey));
    if (!row) throw fail.notFound(MSG.configUnknown);
    // an empty APP download address means this console's own public landing page (decision 0006)
    if (row.configKey === QRCODE_ADDRESS_CONFIG_KEY && row.content.trim() === '') {
      return { configKey: row.configKey, content: appLandingAddress(request) };
    }
    return { configKey: row.configKey, content: row.content };
  });

  registerOperation(
    app,
    configSaveOperation,
    async ({ configKey, content }, request) => {
      const principal = principalOf(request);
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
      return null;
    },
    { message: MSG.saveSuccess },
  );

  registerOperation(app, auditLogListOperation, async ({ pageNo, pageSize, tenantId }) =>
    paged(
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

  // development only: one of the documented hand-registered routes (http/operation.ts)
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
