import fs from 'node:fs';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { DbScopes } from './db/scope';
import { assertTenantWall } from './db/wall';
import { installAccessControl } from './http/access';
import { answerSerializerCompiler } from './http/answer-serializer';
import { answerFrameworkError, installErrorHandling } from './http/error-handler';
import { installTextCheck } from './http/text-check';
import { createGuards } from './platform/auth/guards';
import { inlineScriptHash, installSecurityHeaders } from './http/security-headers';
import { installRequestScope } from './http/request-scope';
import type { ModuleDefinition, RouteDeps } from './platform/modules';
import { MODULES } from './modules';
import { registerAppVersionRoutes } from './platform/app-versions/routes';
import { registerAuthRoutes } from './platform/auth/routes';
import { registerLookupRoutes } from './platform/lookups/routes';
import { registerDownloadCacheRoutes } from './platform/exports/routes';
import { registerLoginLogRoutes } from './platform/system/login-log';
import { registerDictionaryRoutes } from './platform/system/dictionaries';
import { registerFileRoutes } from './platform/files/routes';
import { registerColumnLayoutRoutes } from './platform/layouts/routes';
import { registerNoticeRoutes } from './platform/notices/routes';
import { registerSensitiveWordRoutes } from './platform/sensitive-words/routes';
import { registerSystemRoutes } from './platform/system/routes';
import { registerStaffRoutes } from './platform/staff/routes';
import { registerAuditQueryRoutes } from './platform/system/audit-query';
import { registerTenantAdminRoutes } from './platform/tenants/admin';
import { registerTenantRoutes } from './platform/tenants/routes';
import { createServices, type Services } from './services';

const TYPE_NAMES: Record<string, string> = {
  string: '文本',
  number: '数字',
  int: '整数',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  date: '日期',
};

const COUNTED: Record<string, string> = { string: '个字符', array: '项', set: '项' };

/**
 * What a value should be, in words a user reads (the error handler puts the field's Chinese name
 * before it): no regular expressions, type names or internal bounds. A schema's own message wins.
 */
z.config({
  ...z.locales.zhCN(),
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined || issue.input === null) return '不能为空';
        return `格式不正确，应为${TYPE_NAMES[issue.expected] ?? '正确的格式'}`;
      case 'too_big': {
        const maximum = Number(issue.maximum);
        const unit = COUNTED[issue.origin];
        if (unit) return `不能超过${maximum}${unit}`;
        // the bound of z.int() is the safe-integer limit, which no form asks for
        return maximum >= Number.MAX_SAFE_INTEGER ? '请输入正确的数字' : `不能大于${maximum}`;
      }
      case 'too_small': {
        const minimum = Number(issue.minimum);
        const unit = COUNTED[issue.origin];
        if (unit) return minimum <= 1 ? '不能为空' : `至少${minimum}${unit}`;
        return minimum <= Number.MIN_SAFE_INTEGER ? '请输入正确的数字' : `不能小于${minimum}`;
      }
      case 'invalid_value':
        return '请从可选项中选择';
      case 'invalid_format':
      case 'not_multiple_of':
      case 'invalid_union':
      case 'invalid_key':
      case 'invalid_element':
      case 'unrecognized_keys':
        return '格式不正确';
      default:
        return undefined;
    }
  },
});

/** JSON bodies are small forms; uploads have their own multipart limits. */
export const BODY_LIMIT_BYTES = 256 * 1024;

/** Never logged: credentials, tokens, personal identifiers. */
const REDACT = [
  'req.headers["x-access-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-sign"]',
  'req.headers["x-desensitization-token"]',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.confirmPassword',
  '*.idCard',
  '*.token',
];

const CENSOR = '[已隐藏]';

/** Query parameters whose values never reach the log: file-link signatures, phone numbers, tokens (tempToken unmasks). */
const SECRET_QUERY_KEYS = new Set(['sign', 'phone', 'mobile', 'idcard', 'token', 'temptoken', 'password', 'code']);

/** The request URL as logged: the path and the query keys stay, secret values are replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const parts = url
    .slice(at + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      const key = equals < 0 ? part : part.slice(0, equals);
      let name = key;
      try {
        name = decodeURIComponent(key);
      } catch {
        // a malformed key is logged as sent
      }
      return equals >= 0 && SECRET_QUERY_KEYS.has(name.toLowerCase()) ? `${key}=${CENSOR}` : part;
    });
  return `${url.slice(0, at)}?${parts.join('&')}`;
}

export interface BuildOptions {
  /** where the log goes (tests read it); stdout by default */
  logStream?: NodeJS.WritableStream;
}

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  /** the modules registered, whose menus, seed and demo steps the seed entrypoints apply */
  modules: readonly ModuleDefinition[];
}

export async function buildApp(
  config: AppConfig,
  database: Database,
  modules: readonly ModuleDefinition[] = MODULES,
  options: BuildOptions = {},
): Promise<BuiltApp> {
  await assertTenantWall(database.executeSql);
  const scopes = new DbScopes(database);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT, censor: CENSOR },
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // the router's own refusals (a path not valid UTF-8, a segment over 100 characters) in the envelope
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  app.decorateRequest('principal', null);
  app.decorateRequest('worker', null);
  installErrorHandling(app);
  installTextCheck(app);
  const services = createServices({ db: scopes.db, scopes, config, log: app.log }, database);
  const guards = createGuards(services);
  installAccessControl(app, guards);
  installRequestScope(app, scopes);
  for (const module of modules) {
    if (module.lookups) services.lookups.add(module.name, module.lookups);
    for (const definition of module.exports ?? []) services.exports.define(definition);
    module.jobs?.(services);
  }

  installSecurityHeaders(app, [inlineScriptHash(runtimeConfigScript(config))]);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: '灵活用工结算平台 API', description: '平台端与企业端控制台的接口', version: '0.1.0' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' } },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const deps: RouteDeps = { app, services, guards };
  registerSystemRoutes(deps);
  registerAuthRoutes(deps);
  registerTenantRoutes(deps);
  registerTenantAdminRoutes(deps);
  registerStaffRoutes(deps);
  registerAuditQueryRoutes(deps);
  registerLoginLogRoutes(deps);
  registerDictionaryRoutes(deps);
  registerLookupRoutes(deps);
  registerFileRoutes(deps);
  registerAppVersionRoutes(deps);
  registerColumnLayoutRoutes(deps);
  registerSensitiveWordRoutes(deps);
  registerNoticeRoutes(deps);
  registerDownloadCacheRoutes(deps);
  for (const module of modules) module.routes?.(deps);
  // the job worker stops (finishing what it runs) before the database closes
  app.addHook('onClose', () => services.jobs.stop());
  app.addHook('onClose', () => services.bank.close());

  await serveWeb(app, config);
  return { app, services, modules };
}

/** The body of index.html's inline script; the CSP allows it by its hash. */
function runtimeConfigScript(config: AppConfig): string {
  const appConfig = JSON.stringify({ signSecret: config.signSecret }).replace(/</g, '\\u003c');
  return `window.__APP_CONFIG__=${appConfig}`;
}

/**
 * The built console is served at `/`. index.html gets the runtime config the browser needs (the
 * getKey signing secret, see decision 0002) in place of its `<!--APP_CONFIG-->` marker. That secret
 * is public by nature; the server secret never goes here (decision 0009).
 */
async function serveWeb(app: FastifyInstance, config: AppConfig): Promise<void> {
  const indexFile = path.join(config.webDist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webDist: config.webDist }, 'web app not built; run `npm run build`');
    return;
  }
  const indexHtml = fs
    .readFileSync(indexFile, 'utf8')
    .replace('<!--APP_CONFIG-->', `<script>${runtimeConfigScript(config)}</script>`);
  await app.register(fastifyStatic, {
    root: config.webDist,
    index: false,
    // the cache headers are ours (setHeaders), not send's default max-age=0
    cacheControl: false,
    wildcard: false,
    // index.html is answered by the route below, with the runtime config filled in
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders: (response, filePath) => {
      // hashed file names under assets/ never change; everything else is revalidated
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      response.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const sendIndex = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  app.get('/', { schema: { hide: true } }, sendIndex);
}
