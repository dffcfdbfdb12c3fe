import {
  PERMISSIONS,
  type PermissionCode,
  type PermissionDefinition,
  type RouteAccess,
  type Side,
} from '@fieldpay/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isListedPublic, isUnderPublicPrefix } from './public-routes';

/** A check of a request; it throws the 401 or 403 that ends it. */
export type Guard = (request: FastifyRequest) => Promise<void>;

/** The checks a route's access stands for; the platform's auth module provides them. */
export interface Guards {
  authenticate: Guard;
  side(expected: Side): Guard;
  permission(code: PermissionCode): Guard;
  /** the tenant-0 administrators (userIdentity 1) */
  platformAdmin: Guard;
  /** a natural person's worker API session (decision 0017) */
  worker: Guard;
}

/** Who may call a route, declared as `config: { access }` (domain's RouteAccess, the same as an operation's). */
export type { RouteAccess };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** required on every route under /api, /platform and /enterprise (http/access.ts) */
    access?: RouteAccess;
  }
}

const GUARDED_PREFIXES = ['/api', '/platform', '/enterprise'];
const isGuarded = (url: string): boolean =>
  GUARDED_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));

export interface RouteInventoryEntry {
  method: string;
  url: string;
  /** null: outside the guarded prefixes and declaring nothing (the web app's files) */
  access: RouteAccess | null;
  /** registered from a declared operation (http/operation.ts) rather than by hand */
  operation: boolean;
}

const inventories = new WeakMap<FastifyInstance, RouteInventoryEntry[]>();

/** Every route registered on `app` with its access; Fastify itself lists routes only as text. */
export const routeInventory = (app: FastifyInstance): readonly RouteInventoryEntry[] => inventories.get(app) ?? [];

function accessOf(method: string, url: string, declared: RouteAccess | undefined): RouteAccess | null {
  const listed = isListedPublic(method, url);
  if (declared === undefined) {
    if (isUnderPublicPrefix(url)) return 'public';
    if (isGuarded(url)) throw new Error(`route ${method} ${url} declares no access (config.access, http/access.ts)`);
    return null;
  }
  if (declared === 'public' && !listed) {
    throw new Error(
      `route ${method} ${url} declares public access but is not in PUBLIC_ROUTES (http/public-routes.ts)`,
    );
  }
  if (declared !== 'public' && listed) {
    throw new Error(`route ${method} ${url} is in PUBLIC_ROUTES but declares ${JSON.stringify(declared)} access`);
  }
  return declared;
}

function checksFor(access: RouteAccess, guards: Guards): Guard[] {
  if (access === 'public') return [];
  if (access === 'session') return [guards.authenticate];
  if (access === 'worker') return [guards.worker];
  if ('side' in access) return [guards.authenticate, guards.side(access.side)];
  const { side, platformOperatorOnly }: PermissionDefinition = PERMISSIONS[access.permission];
  const sideCheck = platformOperatorOnly ? [guards.platformAdmin] : side === 'both' ? [] : [guards.side(side)];
  return [guards.authenticate, ...sideCheck, guards.permission(access.permission)];
}

/**
 * Deny by default (DESIGN §5): every route registered after this under /api, /platform or /enterprise
 * must declare its access, or the registration throws. The checks run first in `onRequest`, so an
 * anonymous or unpermitted call is refused before its body is read or its input validated.
 */
export function installAccessControl(app: FastifyInstance, guards: Guards): void {
  const inventory: RouteInventoryEntry[] = [];
  inventories.set(app, inventory);
  app.addHook('onRoute', (route) => {
    const declared = route.config?.access;
    for (const method of [route.method].flat()) {
      inventory.push({
        method,
        url: route.url,
        access: accessOf(method, route.url, declared),
        operation: route.config?.operation === true,
      });
    }
    if (declared === undefined || declared === 'public') return;
    route.onRequest = [...checksFor(declared, guards), ...[route.onRequest ?? []].flat()];
  });
}
