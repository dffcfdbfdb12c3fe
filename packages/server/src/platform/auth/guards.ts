import {
  changePasswordOperation,
  MSG,
  type PermissionCode,
  platformChangePasswordOperation,
  sessionOperations,
  type Side,
} from '@fieldpay/domain';
import type { FastifyRequest } from 'fastify';
import { fail } from '../../core/errors';
import { isPlatformOperator } from '../../core/tenancy';
import type { Guard, Guards } from '../../http/access';
import { type AuditActor, auditActorOf } from '../system/audit';
import type { AccessService } from '../access/service';
import type { Principal, SessionService } from './sessions';
import type { WorkerPrincipal, WorkerSessionService } from './worker-sessions';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** the natural person of a worker API request (decision 0017) */
    worker: WorkerPrincipal | null;
  }
}

export const TOKEN_HEADER = 'x-access-token';
export const TENANT_HEADER = 'x-tenant-id';

/**
 * What a session of an account that must change its one-time password may call until it does
 * (decision 0016): its password change, and the session calls the console needs to show the
 * change-password page and to sign out. Everything else answers 403 请先修改初始密码.
 */
export const CALLS_WHILE_PASSWORD_MUST_CHANGE: ReadonlySet<string> = new Set(
  [
    changePasswordOperation,
    platformChangePasswordOperation,
    ...Object.values(sessionOperations).flatMap((operations) => [
      operations.logout,
      operations.ping,
      operations.queryPerm,
      operations.userInfo,
    ]),
  ].map((operation) => `${operation.method} ${operation.path}`),
);

/** The principal of a request that passed `authenticate`. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw fail.unauthorized(MSG.tokenMissing);
  return request.principal;
}

/** The natural person of a request that passed the worker guard. */
export function workerOf(request: FastifyRequest): WorkerPrincipal {
  if (!request.worker) throw fail.unauthorized(MSG.tokenMissing);
  return request.worker;
}

/** Who the audit log names for a request that passed `authenticate`. */
export const actorOf = (request: FastifyRequest): AuditActor => auditActorOf(principalOf(request), request.ip);

/**
 * The checks the access hook (access.ts) puts in front of a route. The tenant always comes from the
 * session; an X-Tenant-Id header may only name the session's own tenant (the web sends it on every
 * call), anything else is refused.
 */
export function createGuards(services: {
  sessions: SessionService;
  workerSessions: WorkerSessionService;
  access: AccessService;
}): Guards {
  const authenticate: Guard = async (request) => {
    const token = request.headers[TOKEN_HEADER];
    if (typeof token !== 'string' || token.length === 0) throw fail.unauthorized(MSG.tokenMissing);
    if (token.length > 256) throw fail.unauthorized();
    const principal = await services.sessions.resolve(token);
    if (!principal) throw fail.unauthorized();
    const tenantHeader = request.headers[TENANT_HEADER];
    if (typeof tenantHeader === 'string' && tenantHeader !== '' && tenantHeader !== String(principal.tenantId)) {
      throw fail.forbidden(MSG.tenantNotYours);
    }
    if (
      principal.mustChangePassword &&
      !CALLS_WHILE_PASSWORD_MUST_CHANGE.has(`${request.method} ${request.routeOptions.url}`)
    ) {
      throw fail.forbidden(MSG.passwordChangeRequired);
    }
    request.principal = principal;
  };

  const side =
    (expected: Side): Guard =>
    async (request) => {
      if (principalOf(request).side !== expected) throw fail.forbidden(MSG.wrongSide);
    };

  /** Refuses a session whose roles lack the permission code (403). */
  const permission =
    (code: PermissionCode): Guard =>
    async (request) => {
      if (!(await services.access.hasPermission(principalOf(request), code))) throw fail.forbidden();
    };

  /** Platform level only: the tenant-0 administrators (userIdentity 1). */
  const platformAdmin: Guard = async (request) => {
    const principal = principalOf(request);
    if (!isPlatformOperator(principal)) throw fail.forbidden();
  };

  /** A worker API session (its own token table): console tokens resolve to nothing here, and the reverse. */
  const worker: Guard = async (request) => {
    const token = request.headers[TOKEN_HEADER];
    if (typeof token !== 'string' || token.length === 0) throw fail.unauthorized(MSG.tokenMissing);
    if (token.length > 256) throw fail.unauthorized();
    const person = await services.workerSessions.resolve(token);
    if (!person) throw fail.unauthorized();
    const tenantHeader = request.headers[TENANT_HEADER];
    if (typeof tenantHeader === 'string' && tenantHeader !== '' && tenantHeader !== String(person.tenantId)) {
      throw fail.forbidden(MSG.tenantNotYours);
    }
    request.worker = person;
  };

  return { authenticate, side, permission, platformAdmin, worker };
}
