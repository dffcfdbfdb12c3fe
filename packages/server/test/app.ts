import crypto from 'node:crypto';
import type { LoginUserInfo, PermissionCode, Side } from '@fieldpay/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { enterpriseMembers, enterprises, rolePermissions, roles, tenants, userRoles, users } from '../src/db/schema';
import { hashPassword } from '../src/platform/auth/passwords';
import type { ModuleDefinition } from '../src/platform/modules';
import type { Services } from '../src/services';
import { fakeCreditCode } from '../src/seed/demo';
import { ensureBuiltInRoles } from '../src/seed/reference';
import { builtInRoleCodes } from '../src/seed/reference-data';
import { freshDatabase } from './db';

export const TEST_SIGN_SECRET = 'test-sign-secret';
export const TEST_SERVER_SECRET = 'test-server-secret-never-sent-to-a-browser';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  services: Services;
  config: AppConfig;
  /** the modules the app registered (the seed entrypoints take them) */
  modules: readonly ModuleDefinition[];
}

/** Builds the real app on a fresh database once per test file and closes both afterwards. */
export function useTestApp(overrides: Partial<AppConfig> = {}): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.database = await freshDatabase();
    context.config = {
      ...loadConfig({ NODE_ENV: 'test', SIGN_SECRET: TEST_SIGN_SECRET, SERVER_SECRET: TEST_SERVER_SECRET }),
      ...overrides,
    };
    const built = await buildApp(context.config, context.database);
    context.app = built.app;
    context.services = built.services;
    context.modules = built.modules;
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
  });
  return context;
}

export function signGetKey(key: string, timestamp: number, secret = TEST_SIGN_SECRET): string {
  return crypto.createHmac('sha256', secret).update(`${key}${timestamp}`).digest('hex');
}

export async function getKey(app: FastifyInstance): Promise<{ keyId: string; publicKey: string }> {
  const key = crypto.randomBytes(8).toString('hex');
  const timestamp = Date.now();
  const sign = signGetKey(key, timestamp);
  const response = await app.inject({
    method: 'GET',
    url: '/api/sys2/getKey',
    query: { key, timestamp: String(timestamp), sign },
    headers: { 'x-sign': sign, 'x-timestamp': String(timestamp) },
  });
  if (response.statusCode !== 200) throw new Error(`getKey failed: ${response.body}`);
  return response.json().result;
}

export const encryptPassword = (publicKey: string, password: string): string =>
  crypto
    .publicEncrypt(
      { key: publicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(password),
    )
    .toString('base64');

export async function loginRequest(
  app: FastifyInstance,
  side: Side,
  username: string,
  password: string,
  extra: Record<string, unknown> = {},
) {
  const { keyId, publicKey } = await getKey(app);
  return app.inject({
    method: 'POST',
    url: `/${side}/v2/login`,
    payload: { username, password: encryptPassword(publicKey, password), keyId, ...extra },
  });
}

export async function login(
  app: FastifyInstance,
  side: Side,
  username: string,
  password: string,
): Promise<LoginUserInfo> {
  const response = await loginRequest(app, side, username, password);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json().result;
}

export const authHeaders = (info: { token: string; tenant: { id: number } }) => ({
  'x-access-token': info.token,
  'x-tenant-id': String(info.tenant.id),
});

// ---- factories: each builds its own rows, so no test depends on another's data

let counter = 0;
const unique = () => `${Date.now() % 1e6}${++counter}`.slice(-8).padStart(8, '0');
export const uniqueMobile = () => `139${unique()}`;

export async function createTenant(database: Database, name = `测试平台${unique()}`): Promise<number> {
  const [row] = await database.db
    .insert(tenants)
    .values({ name, company: `${name}有限公司` })
    .returning({ id: tenants.id });
  await database.db.transaction((tx) => ensureBuiltInRoles(tx, row.id));
  return row.id;
}

/** The id of a tenant's role by its code (a built-in role's or one createRole made). */
export async function roleIdOf(database: Database, tenantId: number, code: string): Promise<number> {
  const [row] = await database.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.code, code)));
  return row.id;
}

/** A role of a tenant holding exactly `permissions` (and no menus), for users short of a code. */
export async function createRole(
  database: Database,
  input: { tenantId: number; side: Side; permissions: PermissionCode[] },
): Promise<string> {
  const code = `test_${unique()}`;
  const [role] = await database.db
    .insert(roles)
    .values({ tenantId: input.tenantId, side: input.side, code, name: '测试角色' })
    .returning({ id: roles.id });
  if (input.permissions.length) {
    await database.db
      .insert(rolePermissions)
      .values(input.permissions.map((permCode) => ({ roleId: role.id, permCode })));
  }
  return code;
}

/** A platform user; tenant 0 makes an operator (userIdentity 1). `roleCode` null: no role at all. */
export async function createPlatformUser(
  database: Database,
  input: { tenantId: number; password?: string; username?: string; roleCode?: string | null },
) {
  const password = input.password ?? 'Platform@12345';
  const username = input.username ?? uniqueMobile();
  const [user] = await database.db
    .insert(users)
    .values({
      side: 'platform',
      username,
      realname: '测试员',
      passwordHash: await hashPassword(password),
      tenantId: input.tenantId,
    })
    .returning({ id: users.id });
  const roleCode =
    input.roleCode === undefined ? (input.tenantId === 0 ? 'operator_admin' : 'tenant_admin') : input.roleCode;
  if (roleCode)
    await database.db
      .insert(userRoles)
      .values({ userId: user.id, roleId: await roleIdOf(database, input.tenantId, roleCode) });
  return { id: user.id, username, password };
}

/** A live unmask token of the session, as the desensitization check would issue it. */
export async function unmaskToken(context: TestContext, session: LoginUserInfo): Promise<string> {
  const principal = await context.services.sessions.resolve(session.token);
  if (!principal) throw new Error('no session');
  const issued = await context.services.ctx.scopes.withSystem('test: unmask token', () =>
    context.services.desensitization.issueToken(principal),
  );
  return issued.token;
}

/** A signed-in platform user of `tenantId` whose role holds every built-in code of the side but `missing`. */
export async function signInPlatformWithout(context: TestContext, tenantId: number, missing: PermissionCode) {
  const roleCode = await createRole(context.database, {
    tenantId,
    side: 'platform',
    permissions: builtInRoleCodes('platform', false).filter((code) => code !== missing),
  });
  const user = await createPlatformUser(context.database, { tenantId, roleCode });
  return login(context.app, 'platform', user.username, user.password);
}

/** An enterprise user whose company is registered on each of the given tenants (as enterprise_admin by default). */
export async function createEnterpriseUser(
  database: Database,
  input: { tenantIds: number[]; password?: string; roleCode?: string },
) {
  const password = input.password ?? 'Enterprise@12345';
  const username = uniqueMobile();
  const [user] = await database.db
    .insert(users)
    .values({ side: 'enterprise', username, realname: '企业用户', passwordHash: await hashPassword(password) })
    .returning({ id: users.id });
  const taxNumber = fakeCreditCode();
  const enterpriseIds: number[] = [];
  for (const tenantId of input.tenantIds) {
    const [enterprise] = await database.db
      .insert(enterprises)
      .values({ tenantId, enterpriseSn: `T${unique()}`, name: `测试企业${unique()}有限公司`, taxNumber })
      .returning({ id: enterprises.id });
    enterpriseIds.push(enterprise.id);
    await database.db.insert(enterpriseMembers).values({
      userId: user.id,
      enterpriseId: enterprise.id,
      tenantId,
      roleId: await roleIdOf(database, tenantId, input.roleCode ?? 'enterprise_admin'),
    });
  }
  return { id: user.id, username, password, enterpriseIds };
}
