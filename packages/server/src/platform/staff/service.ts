/**
 * 员工账号 and 角色管理 (decision 0013). Who: the platform operator for every tenant, tenant staff
 * holding the codes for their own tenant only. Rules: nobody grants a menu or code they do not hold,
 * nobody changes their own roles or manages an account holding more than they do, built-in roles are
 * neither edited nor deleted, a role in use is not deleted. Every change is audited.
 */
import crypto from 'node:crypto';
import {
  MSG,
  maskPhone,
  PERMISSIONS,
  type PermissionCode,
  type PermissionDefinition,
  type RoleMenuNode,
  type RoleRecord,
  type Side,
  STAFF_MSG,
  STAFF_STATUS_DISABLED,
  type StaffRecord,
} from '@fieldpay/domain';
import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { fail } from '../../core/errors';
import { isPlatformOperator, tenantScope } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { unsafeAcrossTenants } from '../../db/scope';
import {
  enterpriseMembers,
  menus,
  roleMenus,
  rolePermissions,
  roles,
  tenants,
  userRoles,
  users,
} from '../../db/schema';
import { BUILT_IN_ROLE_CODES, isPlatformOnlyMenu } from '../../seed/reference';
import type { AccessService } from '../access/service';
import { PLATFORM_TENANT_ID } from '../auth/identity';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { Principal } from '../auth/sessions';
import { contains } from '../lookups/query';
import { type AuditActor, writeAudit } from '../system/audit';

/** What a call needs of the request: the session, its audit actor and the access service. */
export interface StaffCaller {
  principal: Principal;
  actor: AuditActor;
  access: AccessService;
}

// ---- what the caller holds

export interface Held {
  menuIds: Set<number>;
  codes: Set<string>;
}

export async function heldBy(caller: StaffCaller): Promise<Held> {
  const set = await caller.access.permissionsOf(caller.principal);
  const menuIds = new Set<number>();
  const walk = (items: typeof set.menuList) => {
    for (const item of items) {
      menuIds.add(item.id);
      walk(item.childList);
    }
  };
  walk(set.menuList);
  return { menuIds, codes: set.permSet };
}

/** The menus and codes a set of roles gives (staff roles, and enterprise members' roles). */
export async function grantsOf(db: DbOrTx, roleIds: number[]): Promise<{ menuIds: number[]; codes: string[] }> {
  if (roleIds.length === 0) return { menuIds: [], codes: [] };
  const menuRows = await db
    .selectDistinct({ id: roleMenus.menuId })
    .from(roleMenus)
    .where(inArray(roleMenus.roleId, roleIds));
  const codeRows = await db
    .selectDistinct({ code: rolePermissions.permCode })
    .from(rolePermissions)
    .where(inArray(rolePermissions.roleId, roleIds));
  return { menuIds: menuRows.map((r) => r.id), codes: codeRows.map((r) => r.code) };
}

export const within = (held: Held, grants: { menuIds: number[]; codes: string[] }): boolean =>
  grants.menuIds.every((id) => held.menuIds.has(id)) && grants.codes.every((code) => held.codes.has(code));

/**
 * The tenant a new account or role goes to: the operator names any (default the platform's own),
 * tenant staff only their own; another tenant finds nothing.
 */
async function targetTenant(db: DbOrTx, principal: Principal, asked: number | undefined) {
  const tenantId = asked ?? principal.tenantId;
  if (!isPlatformOperator(principal) && tenantId !== principal.tenantId) throw fail.notFound(STAFF_MSG.tenantMissing);
  const [row] = await db
    .select({ id: tenants.id, status: tenants.status })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  if (!row) throw fail.notFound(STAFF_MSG.tenantMissing);
  return row;
}

// ---- staff accounts

/** A one-time password of the shared rule: 12 characters with digits, both cases and a symbol. */
export function oneTimePassword(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '@#$%&*!?'];
  const all = sets.join('');
  const chars = sets.map((set) => set[crypto.randomInt(set.length)]);
  while (chars.length < 12) chars.push(all[crypto.randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

const staffScope = (principal: Principal) =>
  and(eq(users.side, 'platform'), isPlatformOperator(principal) ? undefined : eq(users.tenantId, principal.tenantId));

export async function listStaff(
  db: DbOrTx,
  principal: Principal,
  query: { pageNo: number; pageSize: number; keyword?: string; tenantId?: number; status?: number },
) {
  const keyword = query.keyword
    ? or(contains(users.username, query.keyword), contains(users.realname, query.keyword))
    : undefined;
  const where = and(
    staffScope(principal),
    query.tenantId === undefined ? undefined : eq(users.tenantId, query.tenantId),
    query.status === undefined ? undefined : eq(users.status, query.status),
    keyword,
  );
  const page = await paged(db, query, {
    from: users,
    where,
    key: users.id,
    orderBy: [[users.id, 'desc']],
    rows: (page) =>
      db
        .select({
          id: users.id,
          tenantId: users.tenantId,
          tenantName: tenants.name,
          username: users.username,
          realname: users.realname,
          status: users.status,
          mustChangePassword: users.mustChangePassword,
          createdAt: users.createdAt,
          ...page.columns,
        })
        .from(users)
        .leftJoin(tenants, eq(tenants.id, users.tenantId))
        .where(inArray(users.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => row,
  });
  const records = await (async (rows: typeof page.records): Promise<StaffRecord[]> => {
    const ids = rows.map((r) => r.id);
    const held = ids.length
      ? await db
          .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
          .from(userRoles)
          .innerJoin(roles, eq(roles.id, userRoles.roleId))
          .where(inArray(userRoles.userId, ids))
          .orderBy(asc(roles.id))
      : [];
    return rows.map((row) => ({
      id: row.id,
      tenantId: row.tenantId ?? 0,
      tenantName: row.tenantName ?? '',
      username: row.username,
      realname: row.realname,
      status: row.status,
      roles: held.filter((r) => r.userId === row.id).map(({ id, name }) => ({ id, name })),
      mustChangePassword: row.mustChangePassword === 1,
      createTime: row.createdAt.getTime(),
    }));
  })(page.records);
  return { ...page, records };
}

/** A platform account the caller may see, locked for the change; another tenant's finds nothing. */
async function lockedStaff(db: DbOrTx, principal: Principal, id: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), staffScope(principal)))
    .for('update');
  if (!row) throw fail.notFound(STAFF_MSG.missing);
  return row;
}

const roleIdsOfUser = async (db: DbOrTx, userId: number) =>
  (await db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId)))
    .map((r) => r.id)
    .sort((a, b) => a - b);

/** Someone else's account whose rights lie within the caller's own. */
async function assertManageable(db: DbOrTx, caller: StaffCaller, target: { id: number }, ownMessage: string) {
  if (target.id === caller.principal.userId) throw fail.forbidden(ownMessage);
  if (!within(await heldBy(caller), await grantsOf(db, await roleIdsOfUser(db, target.id)))) {
    throw fail.forbidden(STAFF_MSG.manageBeyondOwn);
  }
}

/** Roles of the tenant's platform side that the caller may hand out. */
async function assignableRoles(db: DbOrTx, caller: StaffCaller, tenantId: number, roleIds: number[]) {
  const unique = [...new Set(roleIds)].sort((a, b) => a - b);
  const found = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(inArray(roles.id, unique), eq(roles.tenantId, tenantId), eq(roles.side, 'platform')));
  if (found.length !== unique.length) throw fail.notFound(STAFF_MSG.roleMissing);
  if (!within(await heldBy(caller), await grantsOf(db, unique))) throw fail.forbidden(STAFF_MSG.grantBeyondOwn);
  return unique;
}

export async function addStaff(
  db: DbOrTx,
  caller: StaffCaller,
  input: { tenantId?: number; username: string; realname: string; roleIds: number[] },
): Promise<{ id: number; password: string }> {
  const tenant = await targetTenant(db, caller.principal, input.tenantId);
  if (tenant.status !== 1) throw fail.rule(STAFF_MSG.tenantDisabled);
  const roleIds = await assignableRoles(db, caller, tenant.id, input.roleIds);
  // login numbers are unique on a side across every tenant
  const [taken] = await unsafeAcrossTenants('staff: is the login number free on the platform side', (tx) =>
    tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.side, 'platform'), eq(users.username, input.username))),
  );
  if (taken) throw fail.conflict(STAFF_MSG.usernameTaken);
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        side: 'platform',
        username: input.username,
        realname: input.realname,
        phone: input.username,
        passwordHash,
        tenantId: tenant.id,
        mustChangePassword: 1,
      })
      .returning({ id: users.id });
    await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: row.id, roleId })));
    await writeAudit(tx, caller.actor, {
      action: 'staff.add',
      targetType: 'user',
      targetId: row.id,
      after: { tenantId: tenant.id, username: maskPhone(input.username), realname: input.realname, roleIds },
    });
    return { id: row.id, password };
  });
}

export async function editStaff(
  db: DbOrTx,
  caller: StaffCaller,
  input: { id: number; realname: string; roleIds: number[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockedStaff(tx, caller.principal, input.id);
    const before = await roleIdsOfUser(tx, target.id);
    const wanted = [...new Set(input.roleIds)].sort((a, b) => a - b);
    const rolesChange = before.join(',') !== wanted.join(',');
    if (target.id === caller.principal.userId) {
      if (rolesChange) throw fail.forbidden(STAFF_MSG.ownRoles);
    } else {
      await assertManageable(tx, caller, target, STAFF_MSG.ownRoles);
    }
    if (rolesChange) {
      await assignableRoles(tx, caller, target.tenantId ?? PLATFORM_TENANT_ID, wanted);
      await tx.delete(userRoles).where(eq(userRoles.userId, target.id));
      await tx.insert(userRoles).values(wanted.map((roleId) => ({ userId: target.id, roleId })));
    }
    await tx.update(users).set({ realname: input.realname }).where(eq(users.id, target.id));
    await writeAudit(tx, caller.actor, {
      action: 'staff.edit',
      targetType: 'user',
      targetId: target.id,
      before: { realname: target.realname, roleIds: before },
      after: { realname: input.realname, roleIds: wanted },
    });
  });
  caller.access.invalidate();
}

export async function setStaffStatus(
  db: DbOrTx,
  caller: StaffCaller,
  input: { id: number; status: 1 | 2 },
): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const target = await lockedStaff(tx, caller.principal, input.id);
    await assertManageable(tx, caller, target, STAFF_MSG.ownStatus);
    if (target.status === input.status) return { changed: false };
    await tx.update(users).set({ status: input.status }).where(eq(users.id, target.id));
    await writeAudit(tx, caller.actor, {
      action: input.status === STAFF_STATUS_DISABLED ? 'staff.disable' : 'staff.enable',
      targetType: 'user',
      targetId: target.id,
      before: { status: target.status },
      after: { status: input.status },
    });
    return { changed: true };
  });
}

export async function resetStaffPassword(
  db: DbOrTx,
  caller: StaffCaller,
  id: number,
): Promise<{ id: number; password: string }> {
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const target = await lockedStaff(tx, caller.principal, id);
    await assertManageable(tx, caller, target, STAFF_MSG.ownPassword);
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: 1, passwordChangedAt: new Date() })
      .where(eq(users.id, target.id));
    await writeAudit(tx, caller.actor, { action: 'staff.resetPassword', targetType: 'user', targetId: target.id });
  });
  return { id, password };
}

/** Checks and audits a forced logout; the caller then revokes the sessions. */
export async function forceLogoutStaff(db: DbOrTx, caller: StaffCaller, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockedStaff(tx, caller.principal, id);
    await assertManageable(tx, caller, target, STAFF_MSG.ownLogout);
    await writeAudit(tx, caller.actor, { action: 'staff.forceLogout', targetType: 'user', targetId: target.id });
  });
}

// ---- roles (decision 0013; an enterprise's own roles, decision 0029)

/**
 * The roles a session works on, by its side: the platform side's of its tenant (the operator's of
 * every tenant); on the enterprise side the tenant's enterprise roles that are shared (no enterprise:
 * the built-in 企业管理员) or the session's enterprise's own. The wall (0010) draws the same line.
 */
const roleScope = (principal: Principal) =>
  principal.side === 'enterprise'
    ? and(
        eq(roles.side, 'enterprise'),
        eq(roles.tenantId, principal.tenantId),
        or(isNull(roles.enterpriseId), eq(roles.enterpriseId, principal.enterpriseId ?? -1)),
      )
    : and(eq(roles.side, 'platform'), tenantScope(principal, roles.tenantId));

/** Shown but not changed: a built-in role, and on the enterprise side the tenant's shared ones. */
const readOnlyRole = (principal: Principal, row: { code: string; enterpriseId: number | null }) =>
  BUILT_IN_ROLE_CODES.has(row.code) || (principal.side === 'enterprise' && row.enterpriseId === null);

/** Whose a role is: the platform side's of a tenant, or one enterprise's (enterpriseId set). */
interface RoleOwner {
  side: Side;
  tenantId: number;
  enterpriseId: number | null;
}

/** The enterprise side's owner: the session's enterprise, never another. */
function enterpriseOwner(principal: Principal): RoleOwner {
  if (principal.enterpriseId === null) throw fail.notFound(STAFF_MSG.roleMissing);
  return { side: 'enterprise', tenantId: principal.tenantId, enterpriseId: principal.enterpriseId };
}

export async function listRoles(
  db: DbOrTx,
  principal: Principal,
  query: { pageNo: number; pageSize: number; name?: string; tenantId?: number },
) {
  const page = await paged(db, query, {
    from: roles,
    where: and(
      roleScope(principal),
      contains(roles.name, query.name),
      principal.side === 'platform' ? tenantScope(principal, roles.tenantId, query.tenantId) : undefined,
    ),
    key: roles.id,
    orderBy: [[roles.id, 'asc']],
    rows: (page) =>
      db
        .select({
          id: roles.id,
          tenantId: roles.tenantId,
          tenantName: tenants.name,
          name: roles.name,
          code: roles.code,
          enterpriseId: roles.enterpriseId,
          ...page.columns,
        })
        .from(roles)
        .innerJoin(tenants, eq(tenants.id, roles.tenantId))
        .where(inArray(roles.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => row,
  });
  const records = await (async (rows: typeof page.records): Promise<RoleRecord[]> => {
    const ids = rows.map((r) => r.id);
    if (ids.length === 0) return [];
    const [menuRows, codeRows, userRows, memberRows] = await Promise.all([
      db.select().from(roleMenus).where(inArray(roleMenus.roleId, ids)),
      db.select().from(rolePermissions).where(inArray(rolePermissions.roleId, ids)),
      db
        .select({ roleId: userRoles.roleId, n: count() })
        .from(userRoles)
        .where(inArray(userRoles.roleId, ids))
        .groupBy(userRoles.roleId),
      // an enterprise's members (on the enterprise side the wall counts its own alone)
      db
        .select({ roleId: enterpriseMembers.roleId, n: count() })
        .from(enterpriseMembers)
        .where(inArray(enterpriseMembers.roleId, ids))
        .groupBy(enterpriseMembers.roleId),
    ]);
    return rows.map((row) => ({
      id: row.id,
      tenantId: row.tenantId,
      tenantName: row.tenantName,
      name: row.name,
      builtIn: readOnlyRole(principal, row),
      userCount:
        Number(userRows.find((u) => u.roleId === row.id)?.n ?? 0) +
        Number(memberRows.find((u) => u.roleId === row.id)?.n ?? 0),
      menuIds: menuRows
        .filter((m) => m.roleId === row.id)
        .map((m) => m.menuId)
        .sort((a, b) => a - b),
      permCodes: codeRows
        .filter((c) => c.roleId === row.id)
        .map((c) => c.permCode)
        .sort(),
    }));
  })(page.records);
  return { ...page, records };
}

export async function roleOptions(db: DbOrTx, principal: Principal, askedTenantId: number | undefined) {
  const tenantId = askedTenantId ?? principal.tenantId;
  if (!isPlatformOperator(principal) && tenantId !== principal.tenantId) return [];
  const rows = await db
    .select({ id: roles.id, name: roles.name, code: roles.code })
    .from(roles)
    .where(and(eq(roles.side, 'platform'), eq(roles.tenantId, tenantId)))
    .orderBy(asc(roles.id));
  return rows.map((row) => ({ id: row.id, name: row.name, builtIn: BUILT_IN_ROLE_CODES.has(row.code) }));
}

/** The area of a code or a page's code: what stands before the first colon. */
const areaOf = (code: string) => code.split(':')[0];

/**
 * A code a role of this owner may hold: a code of the role's side (or of both sides); the operator's
 * own codes only for a role of the platform operator (tenant 0, platform side).
 */
const grantableCode = (code: string, owner: RoleOwner): code is PermissionCode => {
  if (!Object.hasOwn(PERMISSIONS, code)) return false;
  const definition: PermissionDefinition = PERMISSIONS[code as PermissionCode];
  if (definition.side !== 'both' && definition.side !== owner.side) return false;
  return (owner.side === 'platform' && owner.tenantId === PLATFORM_TENANT_ID) || !definition.platformOperatorOnly;
};

/** An operator-only screen: only ever a platform-side menu. */
const operatorOnlyMenu = (owner: RoleOwner, url: string) =>
  owner.side === 'platform' && owner.tenantId !== PLATFORM_TENANT_ID && isPlatformOnlyMenu(url);

/** The owner a role screen's tree and new roles are for: the named tenant's platform side, or the session's enterprise. */
async function ownerOf(db: DbOrTx, principal: Principal, askedTenantId: number | undefined): Promise<RoleOwner> {
  if (principal.side === 'enterprise') return enterpriseOwner(principal);
  const tenant = await targetTenant(db, principal, askedTenantId);
  return { side: 'platform', tenantId: tenant.id, enterpriseId: null };
}

/**
 * The menus the caller holds as the role screen's tree (the caller's side), each page with the codes
 * of its area (the page's own code and the others sharing its prefix); held codes of no page come
 * apart. For a tenant's role the operator's own screens and codes are left out.
 */
export async function roleMenuTree(db: DbOrTx, caller: StaffCaller, askedTenantId: number | undefined) {
  const owner =
    caller.principal.side === 'enterprise'
      ? enterpriseOwner(caller.principal)
      : {
          side: 'platform' as const,
          tenantId: askedTenantId ?? caller.principal.tenantId,
          enterpriseId: null,
        };
  if (!isPlatformOperator(caller.principal) && owner.tenantId !== caller.principal.tenantId) {
    throw fail.notFound(STAFF_MSG.tenantMissing);
  }
  const held = await heldBy(caller);
  const rows = await db.select().from(menus).where(eq(menus.side, owner.side)).orderBy(asc(menus.sort), asc(menus.id));
  const visible = rows.filter((m) => held.menuIds.has(m.id) && m.isOpen === 1 && !operatorOnlyMenu(owner, m.url));
  const codes = [...held.codes].filter((code) => grantableCode(code, owner)).sort();
  const placed = new Set<string>();
  const pageAreas = new Set(visible.filter((m) => m.permission).map((m) => areaOf(m.permission)));
  const nodeOf = (row: (typeof rows)[number]): RoleMenuNode => {
    const own = row.permission
      ? codes.filter((code) => areaOf(code) === areaOf(row.permission) && !placed.has(code))
      : [];
    for (const code of own) placed.add(code);
    return {
      id: row.id,
      name: row.name,
      permissions: own.map((code) => ({ code, name: PERMISSIONS[code as PermissionCode].name })),
      children: visible.filter((child) => child.parentId === row.id).map(nodeOf),
    };
  };
  const tree = visible.filter((m) => m.parentId === null).map(nodeOf);
  const otherPermissions = codes
    .filter((code) => !placed.has(code) && !pageAreas.has(areaOf(code)))
    .map((code) => ({ code, name: PERMISSIONS[code as PermissionCode].name }));
  return { menus: tree, otherPermissions };
}

/** A role the caller may change, locked: another tenant's or enterprise's finds nothing, a read-only one is refused. */
async function lockedRole(db: DbOrTx, principal: Principal, id: number) {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), roleScope(principal)))
    .for('update');
  if (!row) throw fail.notFound(STAFF_MSG.roleMissing);
  if (readOnlyRole(principal, row)) throw fail.rule(STAFF_MSG.builtInRole);
  return row;
}

/** A new role's code, unique per tenant and side: an enterprise's roles carry its id. */
const newRoleCode = (owner: RoleOwner) =>
  `${owner.enterpriseId === null ? 'custom' : `ent${owner.enterpriseId}`}_${crypto.randomBytes(6).toString('hex')}`;

export async function saveRole(
  db: DbOrTx,
  caller: StaffCaller,
  input: { id?: number; tenantId?: number; name: string; menuIds: number[]; permCodes: string[] },
): Promise<{ id: number }> {
  const result = await db.transaction(async (tx) => {
    const existing = input.id === undefined ? null : await lockedRole(tx, caller.principal, input.id);
    const owner: RoleOwner = existing
      ? { side: existing.side as Side, tenantId: existing.tenantId, enterpriseId: existing.enterpriseId }
      : await ownerOf(tx, caller.principal, input.tenantId);
    // a page brings its group and top item, or the menu tree would drop it
    const menuRows = await tx
      .select({
        id: menus.id,
        parentId: menus.parentId,
        url: menus.url,
        isOpen: menus.isOpen,
        permission: menus.permission,
      })
      .from(menus)
      .where(eq(menus.side, owner.side));
    const byId = new Map(menuRows.map((m) => [m.id, m]));
    const menuIds = new Set<number>();
    for (const id of input.menuIds) {
      let menu = byId.get(id);
      if (!menu) throw fail.forbidden(STAFF_MSG.grantBeyondOwn);
      while (menu) {
        menuIds.add(menu.id);
        menu = menu.parentId === null ? undefined : byId.get(menu.parentId);
      }
    }
    // a group's hidden pages (项目中心's 项目详情, 项目汇总 and 企业信息, opened from its list) come with
    // it, as far as the editor holds them: the tree offers only shown entries, and a list whose detail
    // answers 暂无页面权限 is of no use (decision 0029). Their codes come with the codes of the group's
    // shown pages: a role that may view 项目列表 may view the 企业信息 its client name opens.
    const held = await heldBy(caller);
    const hidden = menuRows.filter(
      (menu) => menu.isOpen === 0 && menu.parentId !== null && menuIds.has(menu.parentId) && held.menuIds.has(menu.id),
    );
    const hiddenCodes = hidden.flatMap((page) => {
      const viewsTheGroup = menuRows.some(
        (shown) =>
          shown.isOpen === 1 &&
          shown.parentId === page.parentId &&
          menuIds.has(shown.id) &&
          input.permCodes.includes(shown.permission),
      );
      return viewsTheGroup && held.codes.has(page.permission) && grantableCode(page.permission, owner)
        ? [page.permission]
        : [];
    });
    for (const page of hidden) menuIds.add(page.id);
    const codes = [...new Set([...input.permCodes, ...hiddenCodes])].sort();
    if (owner.side === 'platform' && owner.tenantId !== PLATFORM_TENANT_ID) {
      const operatorOnly =
        [...menuIds].some((id) => operatorOnlyMenu(owner, byId.get(id)?.url ?? '')) ||
        codes.some((code) => Object.hasOwn(PERMISSIONS, code) && !grantableCode(code, owner));
      if (operatorOnly) throw fail.forbidden(STAFF_MSG.operatorOnlyGrant);
    }
    if (codes.some((code) => !grantableCode(code, owner))) throw fail.forbidden(STAFF_MSG.grantBeyondOwn);
    if (!within(held, { menuIds: [...menuIds], codes })) throw fail.forbidden(STAFF_MSG.grantBeyondOwn);

    // names are unique among the roles the owner's screen lists (an enterprise's own and the shared ones)
    const [sameName] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(
        and(
          eq(roles.tenantId, owner.tenantId),
          eq(roles.side, owner.side),
          owner.enterpriseId === null
            ? undefined
            : or(isNull(roles.enterpriseId), eq(roles.enterpriseId, owner.enterpriseId)),
          eq(roles.name, input.name),
          existing ? sql`${roles.id} <> ${existing.id}` : undefined,
        ),
      );
    if (sameName) throw fail.conflict(STAFF_MSG.roleNameTaken);

    let roleId: number;
    let before: { name: string; menuIds: number[]; permCodes: string[] } | null = null;
    if (existing) {
      const grants = await grantsOf(tx, [existing.id]);
      before = { name: existing.name, menuIds: grants.menuIds.sort((a, b) => a - b), permCodes: grants.codes.sort() };
      roleId = existing.id;
      await tx.update(roles).set({ name: input.name }).where(eq(roles.id, roleId));
      await tx.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
      await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
    } else {
      const [row] = await tx
        .insert(roles)
        .values({
          tenantId: owner.tenantId,
          side: owner.side,
          enterpriseId: owner.enterpriseId,
          code: newRoleCode(owner),
          name: input.name,
        })
        .returning({ id: roles.id });
      roleId = row.id;
    }
    await tx.insert(roleMenus).values([...menuIds].map((menuId) => ({ roleId, menuId })));
    if (codes.length) await tx.insert(rolePermissions).values(codes.map((permCode) => ({ roleId, permCode })));
    await writeAudit(tx, caller.actor, {
      action: existing ? 'role.edit' : 'role.add',
      targetType: 'role',
      targetId: roleId,
      before,
      after: {
        tenantId: owner.tenantId,
        ...(owner.enterpriseId === null ? {} : { enterpriseId: owner.enterpriseId }),
        name: input.name,
        menuIds: [...menuIds].sort((a, b) => a - b),
        permCodes: codes,
      },
    });
    return { id: roleId };
  });
  caller.access.invalidate();
  return result;
}

export async function deleteRole(db: DbOrTx, caller: StaffCaller, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const role = await lockedRole(tx, caller.principal, id);
    const [staff] = await tx.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, id));
    const [members] = await tx.select({ n: count() }).from(enterpriseMembers).where(eq(enterpriseMembers.roleId, id));
    const inUse = Number(staff?.n ?? 0) + Number(members?.n ?? 0);
    if (inUse > 0) throw fail.rule(STAFF_MSG.roleInUse(inUse));
    const grants = await grantsOf(tx, [id]);
    await tx.delete(roles).where(eq(roles.id, id));
    await writeAudit(tx, caller.actor, {
      action: 'role.delete',
      targetType: 'role',
      targetId: id,
      before: {
        tenantId: role.tenantId,
        ...(role.enterpriseId === null ? {} : { enterpriseId: role.enterpriseId }),
        name: role.name,
        menuIds: grants.menuIds,
        permCodes: grants.codes,
      },
    });
  });
  caller.access.invalidate();
}

/** The caller's own password (platform side), as the enterprise side's change: every session ends after it. */
export async function changeOwnPassword(
  db: DbOrTx,
  caller: StaffCaller,
  input: { oldPassword: string; newPassword: string },
  revokeSessions: (userId: number) => Promise<void>,
): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, caller.principal.userId));
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) throw fail.rule(MSG.oldPasswordWrong);
  if (input.oldPassword === input.newPassword) throw fail.rule(MSG.passwordSameAsOld);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: new Date(), mustChangePassword: 0 })
      .where(eq(users.id, user.id));
    await revokeSessions(user.id);
    await writeAudit(tx, caller.actor, { action: 'user.changePassword', targetType: 'user', targetId: user.id });
  });
}
