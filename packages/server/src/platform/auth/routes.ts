import {
  desensitizationTokenSchema,
  desensitizationVerifyBodySchema,
  envelopeOf,
  getKeyQuerySchema,
  getKeyResultSchema,
  loginBodySchema,
  loginUserInfoSchema,
  MSG,
  passwordSchema,
  permResultSchema,
  sendVerifyCodeResultSchema,
  queryPermQuerySchema,
  type Side,
  switchTenantBodySchema,
} from '@fieldpay/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema';
import { ok, okJson } from '../../http/envelope';
import { fail } from '../../core/errors';
import { actorOf, principalOf } from './guards';
import { CREDENTIAL_RATE_LIMIT } from '../../http/types';
import type { RouteDeps } from '../modules';
import { writeAudit } from '../system/audit';
import { loginUserInfo, membershipsOf, usable } from './identity';
import { login } from './login';
import { hashPassword, verifyPassword } from './passwords';

const SIDES: Side[] = ['platform', 'enterprise'];
type PermEnvelope = z.infer<ReturnType<typeof envelopeOf<typeof permResultSchema>>>;

export function registerAuthRoutes({ app, services }: RouteDeps): void {
  app.get(
    '/api/sys2/getKey',
    {
      config: { ...CREDENTIAL_RATE_LIMIT, access: 'public' },
      schema: {
        tags: ['会话'],
        summary: '获取登录加密公钥（签名、5分钟有效、一次性）',
        querystring: getKeyQuerySchema,
        response: { 200: envelopeOf(getKeyResultSchema) },
      },
    },
    async (request) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      return ok(
        await services.keys.issue({
          ...request.query,
          headerSign: header('x-sign'),
          headerTimestamp: header('x-timestamp'),
        }),
      );
    },
  );

  app.get(
    '/sys/randomImage/:checkKey',
    {
      config: { ...CREDENTIAL_RATE_LIMIT, access: 'public' },
      schema: {
        tags: ['会话'],
        summary: '图形验证码（data URL）',
        params: z.object({ checkKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) }),
        response: { 200: envelopeOf(z.string()) },
      },
    },
    async (request) => ok(await services.captcha.issue(request.params.checkKey)),
  );

  for (const side of SIDES) {
    const base = `/${side}/v2`;
    const tag = side === 'platform' ? '平台端会话' : '企业端会话';
    const sideSession = { access: { side } };

    app.post(
      `${base}/login`,
      {
        config: { ...CREDENTIAL_RATE_LIMIT, access: 'public' },
        schema: {
          tags: [tag],
          summary: '登录（RSA-OAEP 加密密码）',
          body: loginBodySchema,
          response: { 200: envelopeOf(loginUserInfoSchema) },
        },
      },
      async (request) => ok(await login(services, side, request.body, request.ip), MSG.loginSuccess),
    );

    app.get(
      `${base}/logout`,
      { config: sideSession, schema: { tags: [tag], summary: '退出登录（令牌立即失效）' } },
      async (request) => {
        const principal = principalOf(request);
        await services.sessions.revoke(principal.sessionId);
        return ok(null, MSG.logoutSuccess);
      },
    );

    app.post(
      `${base}/ping`,
      {
        config: sideSession,
        schema: {
          tags: [tag],
          summary: '会话保持',
          response: { 200: envelopeOf(z.object({ expiresAt: z.number().int() })) },
        },
      },
      async (request) => {
        const expiresAt = await services.sessions.touch(principalOf(request).sessionId);
        return ok({ expiresAt: expiresAt.getTime() });
      },
    );

    app.get(
      `${base}/queryPerm`,
      {
        config: sideSession,
        schema: {
          tags: [tag],
          summary: '菜单与权限列表（三级菜单）',
          querystring: queryPermQuerySchema,
          response: { 200: envelopeOf(permResultSchema) },
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        const asked = request.query.tenantId;
        if (asked !== undefined && asked !== principal.tenantId) throw fail.forbidden(MSG.tenantNotYours);
        const { json } = await services.access.permissionsOf(principal);
        // the result was validated against permResultSchema when cached; only the envelope is new
        // a string payload is sent as is; the declared schema still documents the answer
        return reply.type('application/json; charset=utf-8').send(okJson(json) as unknown as PermEnvelope);
      },
    );

    app.get(
      `${base}/userInfo`,
      {
        config: sideSession,
        schema: { tags: [tag], summary: '当前登录用户信息', response: { 200: envelopeOf(loginUserInfoSchema) } },
      },
      async (request) => {
        const principal = principalOf(request);
        const token = request.headers['x-access-token'] as string;
        // the tenant list names every tenant the account may switch to, beyond the session's own
        const info = await services.ctx.scopes.withSystem('user info: the account and its own tenants', (db) =>
          loginUserInfo(db, { token, ...principal }),
        );
        return ok(info);
      },
    );
  }

  app.post(
    '/enterprise/v2/switchTenant',
    {
      config: { access: { side: 'enterprise' } },
      schema: {
        tags: ['企业端会话'],
        summary: '切换平台（服务端重新限定会话范围）',
        body: switchTenantBodySchema,
        response: { 200: envelopeOf(loginUserInfoSchema) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const token = request.headers['x-access-token'] as string;
      // the target is another tenant: its membership and the moved session are outside the current scope
      const answer = await services.ctx.scopes.withSystem(
        'tenant switch: the account moves its own session',
        async (db) => {
          const [user] = await db.select().from(users).where(eq(users.id, principal.userId));
          const target = usable(await membershipsOf(db, user)).find((m) => m.tenantId === request.body.tenantId);
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
          return ok(
            await loginUserInfo(db, { token, userId: principal.userId, side: 'enterprise', tenantId: target.tenantId }),
          );
        },
      );
      // a request racing the switch may have cached the old scope; drop it once the switch has committed
      await services.ctx.scopes.afterCommit(async () =>
        services.sessions.evict((p) => p.sessionId === principal.sessionId),
      );
      return answer;
    },
  );

  app.post(
    '/enterprise/v2/changePassword',
    {
      config: { access: { side: 'enterprise' } },
      schema: {
        tags: ['企业端会话'],
        summary: '修改登录密码（校验原密码，成功后全部会话失效）',
        body: z
          .object({
            oldPassword: z.string().min(1, MSG.oldPasswordRequired).max(20),
            newPassword: passwordSchema,
            confirmPassword: z.string().min(1, MSG.passwordRequired),
          })
          .refine((body) => body.newPassword === body.confirmPassword, {
            message: MSG.passwordsDiffer,
            path: ['confirmPassword'],
          }),
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { db } = services.ctx;
      const { oldPassword, newPassword } = request.body;
      const [user] = await db.select().from(users).where(eq(users.id, principal.userId));
      if (!(await verifyPassword(user.passwordHash, oldPassword))) throw fail.rule(MSG.oldPasswordWrong);
      if (oldPassword === newPassword) throw fail.rule(MSG.passwordSameAsOld);
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, user.id));
        await services.sessions.revokeAllOfUser(user.id);
        await writeAudit(
          tx,
          { userId: user.id, name: user.realname, side: 'enterprise', tenantId: principal.tenantId, ip: request.ip },
          { action: 'user.changePassword', targetType: 'user', targetId: user.id },
        );
      });
      return ok(null, MSG.passwordChanged);
    },
  );

  app.post(
    '/api/sys2/sendVerifyCode',
    {
      schema: {
        tags: ['脱敏'],
        summary: '发送短信验证码到本人手机（脱敏验证用，60秒一次）',
        response: { 200: envelopeOf(sendVerifyCodeResultSchema) },
      },
      config: { ...CREDENTIAL_RATE_LIMIT, access: 'session' },
    },
    async (request) => ok(await services.desensitization.sendCode(principalOf(request)), MSG.smsCodeSent),
  );

  app.post(
    '/api/sys2/desensitization/verify',
    {
      schema: {
        tags: ['脱敏'],
        summary: '脱敏验证：密码（RSA 加密）及租户级用户的短信验证码，成功返回临时令牌',
        body: desensitizationVerifyBodySchema,
        response: { 200: envelopeOf(desensitizationTokenSchema) },
      },
      config: { ...CREDENTIAL_RATE_LIMIT, access: 'session' },
    },
    async (request) => {
      const token = await services.desensitization.verify(principalOf(request), request.body, actorOf(request));
      return ok(token, '验证成功');
    },
  );
}
