import { ApiCode, MSG, type PermissionCode } from '@fieldpay/domain';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  createEnterpriseUser,
  createPlatformUser,
  createRole,
  createTenant,
  login,
  useTestApp,
} from '../../test/app';
import { installAccessControl, type RouteAccess, type RouteInventoryEntry, routeInventory } from './access';
import { createGuards } from '../platform/auth/guards';
import { HAND_REGISTERED_ROUTES } from './operation';
import { isUnderPublicPrefix, PUBLIC_ROUTES } from './public-routes';

const t = useTestApp();

const isGuardedPath = (url: string) => /^\/(api|platform|enterprise)(\/|$)/.test(url);
/** A concrete address for a route pattern; any value does, since access is checked before validation. */
const addressOf = (url: string) => url.replace(/:\w+/g, '1').replace(/\*$/, 'x');
const label = (route: RouteInventoryEntry) => `${route.method} ${route.url}`;
const call = (route: RouteInventoryEntry, headers: Record<string, string> = {}) =>
  t.app.inject({ method: route.method as 'GET', url: addressOf(route.url), headers });

let guarded: RouteInventoryEntry[];
let withPermission: Array<RouteInventoryEntry & { access: { permission: PermissionCode } }>;

beforeAll(() => {
  const routes = routeInventory(t.app);
  guarded = routes.filter((route) => isGuardedPath(route.url));
  withPermission = guarded.filter(
    (route): route is RouteInventoryEntry & { access: { permission: PermissionCode } } =>
      typeof route.access === 'object' && route.access !== null && 'permission' in route.access,
  );
  // counted without the automatic HEAD twins of GET routes (they are called below all the same)
  const own = guarded.flatMap((route) => (route.method !== 'HEAD' && route.access !== null ? [route.access] : []));
  const count = (kind: (access: RouteAccess) => boolean) => own.filter(kind).length;
  console.info(
    `route inventory: ${own.length} routes under /api, /platform, /enterprise (+${guarded.length - own.length} HEAD): ` +
      `${count((access) => access === 'public')} public, ${count((access) => access === 'session')} any session, ` +
      `${count((access) => typeof access === 'object' && 'side' in access)} session of one side, ` +
      `${count((access) => typeof access === 'object' && 'permission' in access)} with a permission code; ` +
      `${routes.length - guarded.length} outside these prefixes`,
  );
});

describe('route inventory (deny by default)', () => {
  it('every route under /api, /platform and /enterprise is public by the list or guarded', () => {
    expect(guarded.length).toBeGreaterThan(50);
    for (const route of guarded) expect(route.access, label(route)).not.toBeNull();
    // the list names only routes that exist (the dev outbox exists outside production)
    for (const listed of PUBLIC_ROUTES) {
      expect(
        routeInventory(t.app).some((route) => route.method === listed.method && route.url === listed.url),
        `${listed.method} ${listed.url}`,
      ).toBe(true);
    }
  });

  it('every non-public route answers 401 / 10001 without a token', async () => {
    const closed = guarded.filter((route) => route.access !== 'public');
    for (const route of closed) {
      const response = await call(route);
      expect(response.statusCode, label(route)).toBe(401);
      // HEAD answers carry no body
      if (route.method !== 'HEAD') {
        expect(response.json(), label(route)).toMatchObject({ success: false, code: ApiCode.tokenInvalid });
      }
    }
    console.info(`401 without a token: ${closed.length} routes`);
  });

  it('every permission-guarded route answers 403 to signed-in users whose roles lack the code', async () => {
    // an operator (userIdentity 1) with no role passes the operator check and meets the permission check
    const operator = await createPlatformUser(t.database, { tenantId: 0, roleCode: null });
    const tenantId = await createTenant(t.database);
    const emptyRole = await createRole(t.database, { tenantId, side: 'enterprise', permissions: [] });
    const member = await createEnterpriseUser(t.database, { tenantIds: [tenantId], roleCode: emptyRole });
    const sessions = [
      authHeaders(await login(t.app, 'platform', operator.username, operator.password)),
      authHeaders(await login(t.app, 'enterprise', member.username, member.password)),
    ];
    for (const route of withPermission) {
      for (const headers of sessions) {
        const response = await call(route, headers);
        expect(response.statusCode, `${label(route)} (${route.access.permission})`).toBe(403);
        if (route.method !== 'HEAD') expect(response.json()).toMatchObject({ success: false, code: ApiCode.forbidden });
      }
    }
    console.info(`403 without the code: ${withPermission.length} routes, each for a platform and an enterprise user`);
  });
});

describe('access declarations', () => {
  it('refuses at registration a route that declares nothing, or public access the list lacks or contradicts', async () => {
    const bare = Fastify();
    installAccessControl(bare, createGuards(t.services));
    const handler = async () => null;
    expect(() => bare.get('/api/undeclared', handler)).toThrow('route GET /api/undeclared declares no access');
    expect(() => bare.post('/platform/v2/undeclared', handler)).toThrow('declares no access');
    expect(() => bare.get('/api/opened', { config: { access: 'public' } }, handler)).toThrow(
      'declares public access but is not in PUBLIC_ROUTES',
    );
    expect(() => bare.get('/api/health', { config: { access: 'session' } }, handler)).toThrow(
      'is in PUBLIC_ROUTES but declares "session" access',
    );
    // outside the guarded prefixes (the web app's files) nothing needs declaring
    expect(() => bare.get('/assets/app.js', handler)).not.toThrow();
    await bare.close();
  });

  it('keeps the messages: 401 token missing, 403 wrong side, 403 forbidden for operator-only codes', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/sys/project/queryList' });
    expect(missing.json()).toMatchObject({ code: ApiCode.tokenInvalid, message: MSG.tokenMissing });
    const tenantId = await createTenant(t.database);
    const enterprise = await createEnterpriseUser(t.database, { tenantIds: [tenantId] });
    const headers = authHeaders(await login(t.app, 'enterprise', enterprise.username, enterprise.password));
    const wrongSide = await t.app.inject({ method: 'POST', url: '/platform/v2/ping', headers });
    expect(wrongSide.statusCode).toBe(403);
    expect(wrongSide.json()).toMatchObject({ code: ApiCode.forbidden, message: MSG.wrongSide });
    const operatorOnly = await t.app.inject({ method: 'GET', url: '/api/sys2/audit/list', headers });
    expect(operatorOnly.json()).toMatchObject({ code: ApiCode.forbidden, message: MSG.forbidden });
  });
});

describe('routes come from operations', () => {
  it('every route declaring access is registered from an operation, or is a documented hand-registered route', () => {
    const listed = new Set(HAND_REGISTERED_ROUTES.map((route) => `${route.method} ${route.url}`));
    // the API document's own pages (/api/docs) are the swagger plugin's
    const byHand = routeInventory(t.app).filter(
      (route) =>
        route.method !== 'HEAD' && route.access !== null && !route.operation && !isUnderPublicPrefix(route.url),
    );
    expect(byHand.map(label).filter((name) => !listed.has(name))).toEqual([]);
    // the list names only routes that exist (the console page only once the web app is built)
    const existing = new Set(routeInventory(t.app).map(label));
    expect([...listed].filter((name) => !existing.has(name) && name !== 'GET /')).toEqual([]);
    expect(routeInventory(t.app).filter((route) => route.operation).length).toBeGreaterThan(40);
  });
});
