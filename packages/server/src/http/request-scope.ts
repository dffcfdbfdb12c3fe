import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import type { DbScopes } from '../db/scope';

/** The built console's files, its index page and the API docs never touch the database. */
const isScoped = (url: string) => url !== '/' && url !== '/*' && !url.startsWith('/api/docs');

/**
 * Every API handler runs in one database transaction in the scope of its session (or, on a
 * public route, in the anonymous scope that sees no tenant row), opened here for all routes so
 * that no route can forget it. The guards before the handler read what they need in scopes of
 * their own.
 */
export function installRequestScope(app: FastifyInstance, scopes: DbScopes): void {
  app.addHook('onRoute', (route) => {
    if (!isScoped(route.url)) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function scopedHandler(request, reply) {
      // a worker API request sees its tenant as tenant staff would; its service narrows to the person
      const viewer =
        request.principal ??
        (request.worker
          ? {
              side: 'platform' as const,
              tenantId: request.worker.tenantId,
              enterpriseId: null,
              userIdentity: 2 as const,
            }
          : null);
      return scopes.run(viewer ? { kind: 'viewer', viewer } : { kind: 'anonymous' }, () =>
        Promise.resolve(handler.call(this, request, reply)),
      );
    };
  });
}
