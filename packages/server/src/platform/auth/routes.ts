import {
  captchaImageOperation,
  changePasswordOperation,
  desensitizationVerifyOperation,
  type envelopeOf,
  getKeyOperation,
  MSG,
  type permResultSchema,
  sendVerifyCodeOperation,
  sessionOperations,
  type Side,
  switchTenantOperation,
} from '@fieldpay/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema';
import { okJson } from '../../http/envelope';
import { operationRoute, registerOperation } from '../../http/operation';
import { fail } from '../../core/errors';
import { actorOf, principalOf } from './guards';
import { CREDENTIAL_RATE_LIMIT } from '../../http/types';
import type { RouteDeps } from '../modules';
import { writeAudit } from '../system/audit';
import { loginUserInfo, membershipsOf, usable } from './identity';
import { checkOldPassword, login } from './login';
import { hashPassword } from './passwords';

const SIDES: Side[] = ['platform', 'enterprise'];
type PermEnvelope = z.infer<ReturnType<typeof envelopeOf<typeof permResultSchema>>>;
const credentialLimit = CREDENTIAL_RATE_LIMIT;

export function registerAuthRoutes({ app, services }: RouteDeps): void {
  registerOperation(
    app,
    getKeyOperation,
    async (query, request) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      return services.keys.issue({ ...query, headerSign: header('x-sign'), headerTimestamp: header('x-timestamp') });
    },
    credentialLimit,
  );

  registerOperation(
    app,
    captchaImageOperation,
    async ({ checkKey }) => services.captcha.issue(checkKey),
    credentialLimit,
  );

  for (const side of SIDES) {
    const operations = sessionOperations[side];

    registerOperation(
      app,
      operations.login,
      async (body, request) => login(services, side, body, request.ip, String(request.headers['user-agent'] ?? '')),
      {
        ...credentialLimit,
        message: MSG.loginSuccess,
      },
    );

    registerOperation(
      app,
      operations.logout,
      async (_input, request) => {
        await services.sessions.revoke(principalOf(request).sessionId);
        return null;
      },
      { message: MSG.logoutSuccess },
    );

    registerOperation(app, operations.ping, async (_input, request) => {
      const expiresAt = await services.sessions.touch(principalOf(request).sessionId);
      return { expiresAt: expiresAt.getTime() };
    });

    // the result was validated against permResultSchema when cached; the JSON text is sent as is
    app.route({
      ...operationRoute(operations.queryPerm),
      handler: async (request, reply) => {
        const principal = principalOf(request);
        const asked = (request.query as { tenantId?: number }).tenantId;
        if (asked !== undefined && asked !== principal.tenantId) throw fail.forbidden(MSG.tenantNotYours);
        const { json } = await services.access.permissionsOf(principal);
        // a string payload is sent as is; the declared schema still documents the answer
        return reply.type('application/json; charset=utf-8').send(okJson(json) as unknown as PermEnvelope);
      },
    });

    registerOperation(app, operations.userInfo, async (_input, request) => {
      const principal = principalOf(request);
      const token = request.headers['x-access-token'] as string;
      // the tenant list names every tenant the account may switch to, beyond the session's own
      return services.ctx.scopes.withSystem('user info: the account and its own tenants', (db) =>
        loginUserInfo(db, { token, ...principal }),
      );
    });
  }

  registerOperation(app, switchTenantOperation, async (body, request) => {
    const principal = principalOf(request);
    const token = request.headers['x-access-token'] as string;
    // the target is another tenant: its membership and the moved session are outside the current scope
    const answer = await services.ctx.scopes.withSystem(
      'tenant switch: the account moves its own session',
      async (db) => {
        const [user] = await db.select().from(users).where(eq(users.id, principal.userId));
        const target = usable(await membershipsOf(db, user)).find((m) => m.tenantId === body.tenantId);
        if (!target) throw fail.forbidden(MSG.tenantNotYours);
        await services.sessions.rescope(db, principal.sessionId, target.tenantId, target.enterpriseId);
        await writeAudit(
          db,
          {
            userId: principal.userId,
            name: principal.realname,
            side: 'enterprise',
            tenantId: target.tenantId,
            ip: request.ip,
          },
          {
            action: 'auth.switchTenant',
            targetType: 'session',
            targetId: principal.sessionId,
            before: { tenantId: principal.tenantId, enterpriseId: principal.enterpriseId },
            after: { tenantId: target.tenantId, enterpriseId: target.enterpriseId },
          },
        );
        return loginUserInfo(db, { token, userId: principal.userId, side: 'enterprise', tenantId: target.tenantId });
      },
    );
    // a request racing the switch may have cached the old scope; drop it once the switch has committed
    await services.ctx.scopes.afterCommit(async () =>
      services.sessions.evict((p) => p.sessionId === principal.sessionId),
    );
    return answer;
  });

  registerOperation(
    app,
    changePasswordOperation,
    async ({ oldPassword, newPassword }, request) => {
      const principal = principalOf(request);
      const { db } = services.ctx;
      const [user] = await db.select().from(users).where(eq(users.id, principal.userId));
      await checkOldPassword(services, { ...user, side: 'enterprise' }, oldPassword, request.ip);
      if (oldPassword === newPassword) throw fail.rule(MSG.passwordSameAsOld);
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, passwordChangedAt: new Date(), mustChangePassword: 0 })
          .where(eq(users.id, user.id));
        await services.sessions.revokeAllOfUser(user.id);
        await writeAudit(
          tx,
          { userId: user.id, name: user.realname, side: 'enterprise', tenantId: principal.tenantId, ip: request.ip },
          { action: 'user.changePassword', targetType: 'user', targetId: user.id },
        );
      });
      return null;
    },
    { message: MSG.passwordChanged },
  );

  registerOperation(
    app,
    sendVerifyCodeOperation,
    async (_input, request) => services.desensitization.sendCode(principalOf(request)),
    { ...credentialLimit, message: MSG.smsCodeSent },
  );

  registerOperation(
    app,
    desensitizationVerifyOperation,
    async (body, request) => services.desensitization.verify(principalOf(request), body, actorOf(request)),
    { ...credentialLimit, message: '验证成功' },
  );
}
