/**
 * Accounts and roles for the tests of the member, staff and role screens: sign-ins as request
 * headers, an enterprise's administrator, and a member or staff account whose one role holds
 * exactly the given codes (and, when given, exactly the given menus).
 */
import type { PermissionCode } from '@fieldpay/domain';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { enterpriseMembers, menus, roleMenus } from '../src/db/schema';
import {
  authHeaders,
  createEnterpriseUser,
  createRole,
  createTenant,
  loginRequest,
  roleIdOf,
  type TestContext,
} from './app';

export type Headers = ReturnType<typeof authHeaders>;

/** Signs in (into `tenantId` when given) and answers the session's request headers. */
export async function signIn(
  t: TestContext,
  side: 'platform' | 'enterprise',
  user: { username: string; password: string },
  tenantId?: number,
): Promise<Headers> {
  const response = await loginRequest(
    t.app,
    side,
    user.username,
    user.password,
    tenantId === undefined ? {} : { tenantId },
  );
  expect(response.statusCode, response.body).toBe(200);
  return authHeaders(response.json().result);
}

/** POST and GET of the `/api/sys2/` calls (below `prefix`), as the session of `headers`. */
export const sys2Calls = (t: TestContext, prefix = '') => ({
  post: (headers: Headers, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/sys2/${prefix}${url}`, headers, payload }),
  get: (headers: Headers, url: string, query: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/sys2/${prefix}${url}`, headers, query }),
});

/** The id of the menu entry of this url on this side. */
export const menuIdOf = async (t: TestContext, side: 'platform' | 'enterprise', url: string) =>
  (
    await t.database.db
      .select({ id: menus.id })
      .from(menus)
      .where(and(eq(menus.side, side), eq(menus.url, url)))
  )[0].id;

/** A role of the tenant holding exactly these codes, and when `menuUrls` is given exactly those menus. */
async function roleOf(
  t: TestContext,
  tenantId: number,
  side: 'platform' | 'enterprise',
  codes: PermissionCode[],
  menuUrls?: string[],
) {
  const roleCode = await createRole(t.database, { tenantId, side, permissions: codes });
  const roleId = await roleIdOf(t.database, tenantId, roleCode);
  if (menuUrls) {
    await t.database.db.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
    for (const url of menuUrls)
      await t.database.db.insert(roleMenus).values({ roleId, menuId: await menuIdOf(t, side, url) });
  }
  return { roleCode, roleId };
}

/** An enterprise with its administrator (the built-in 企业管理员) signed in on the enterprise side. */
export async function enterpriseAdmin(t: TestContext, tenantId?: number) {
  const tenant = tenantId ?? (await createTenant(t.database));
  const admin = await createEnterpriseUser(t.database, { tenantIds: [tenant] });
  return {
    tenantId: tenant,
    enterpriseId: admin.enterpriseIds[0],
    admin,
    headers: await signIn(t, 'enterprise', admin),
  };
}

/** A member of the enterprise whose one (shared) role holds exactly these codes (and these menus). */
export async function limitedMember(
  t: TestContext,
  owner: { tenantId: number; enterpriseId: number },
  codes: PermissionCode[],
  menuUrls?: string[],
) {
  const role = await roleOf(t, owner.tenantId, 'enterprise', codes, menuUrls);
  const user = await createEnterpriseUser(t.database, { tenantIds: [] });
  await t.database.db.insert(enterpriseMembers).values({ userId: user.id, ...owner, roleId: role.roleId });
  return { ...user, ...role };
}
