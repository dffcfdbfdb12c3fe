import { type MenuItem, type PermissionCode, type PermResult, permResultSchema, type Side } from '@fieldpay/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { enterpriseMembers, menus, roleMenus, rolePermissions, userRoles } from '../../db/schema';
import type { Principal } from '../auth/sessions';
import type { AppContext } from '../context';

/**
 * Menus and permission codes per role set change rarely and are read on every page load and
 * every gated call, so they are cached briefly per process. Role edits call invalidate(); other
 * replicas catch up within CACHE_TTL_MS.
 */
const CACHE_TTL_MS = 30_000;

export class AccessService {
  private readonly cache = new Map<string, { at: number; value: AccessSet }>();
  private readonly roleCache = new Map<string, { at: number; roleIds: number[] }>();

  constructor(private readonly ctx: AppContext) {}

  invalidate(): void {
    this.cache.clear();
    this.roleCache.clear();
  }

  async roleIdsOf(
    principal: Pick<Principal, 'userId' | 'side' | 'tenantId'>,
    db: DbOrTx = this.ctx.db,
  ): Promise<number[]> {
    const rows =
      principal.side === 'platform'
        ? await db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, principal.userId))
        : await db
            .select({ roleId: enterpriseMembers.roleId })
            .from(enterpriseMembers)
            .where(
              and(eq(enterpriseMembers.userId, principal.userId), eq(enterpriseMembers.tenantId, principal.tenantId)),
            );
    return rows.map((r) => r.roleId).sort((a, b) => a - b);
  }

  async permissionsOf(principal: Pick<Principal, 'userId' | 'side' | 'tenantId'>): Promise<AccessSet> {
    const roleIds = await this.cachedRoleIds(principal);
    const key = `${principal.side}:${roleIds.join(',')}`;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.value;
    const value = await this.load(principal.side, roleIds);
    this.cache.set(key, { at: Date.now(), value });
    return value;
  }

  private async cachedRoleIds(principal: Pick<Principal, 'userId' | 'side' | 'tenantId'>): Promise<number[]> {
    const key = `${principal.side}:${principal.userId}:${principal.tenantId}`;
    const hit = this.roleCache.get(key);
    if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.roleIds;
    // read by the permission guard before the request's own scope opens
    const roleIds = await this.ctx.scopes.withSystem('access: the roles of a signed-in user', (db) =>
      this.roleIdsOf(principal, db),
    );
    if (this.roleCache.size > 10_000) this.roleCache.clear();
    this.roleCache.set(key, { at: Date.now(), roleIds });
    return roleIds;
  }

  async hasPermission(principal: Principal, code: PermissionCode): Promise<boolean> {
    return (await this.permissionsOf(principal)).permSet.has(code);
  }

  private async load(side: Side, roleIds: number[]): Promise<AccessSet> {
    if (roleIds.length === 0) return accessSet([], []);
    return this.ctx.scopes.withSystem('access: menus and codes of a role set', (db) =>
      this.loadWith(db, side, roleIds),
    );
  }

  private async loadWith(db: DbOrTx, side: Side, roleIds: number[]): Promise<AccessSet> {
    const menuRows = await db
      .selectDistinct({
        id: menus.id,
        parentId: menus.parentId,
        name: menus.name,
        url: menus.url,
        component: menus.component,
        remarks: menus.remarks,
        icon: menus.icon,
        isOpen: menus.isOpen,
        sort: menus.sort,
      })
      .from(menus)
      .innerJoin(roleMenus, eq(roleMenus.menuId, menus.id))
      .where(and(eq(menus.side, side), inArray(roleMenus.roleId, roleIds)))
      .orderBy(asc(menus.sort), asc(menus.id));
    const permRows = await db
      .selectDistinct({ code: rolePermissions.permCode })
      .from(rolePermissions)
      .where(inArray(rolePermissions.roleId, roleIds))
      .orderBy(asc(rolePermissions.permCode));
    return accessSet(
      buildMenuTree(menuRows),
      permRows.map((r) => r.code),
    );
  }
}

/** A role set's menus and codes, with the set for checks and the JSON the permission call answers. */
export interface AccessSet extends PermResult {
  permSet: Set<string>;
  /** `{ menuList, permList }` validated and serialized once, since every page load asks for it */
  json: string;
}

function accessSet(menuList: PermResult['menuList'], permList: string[]): AccessSet {
  const json = JSON.stringify(permResultSchema.parse({ menuList, permList }));
  return { menuList, permList, permSet: new Set(permList), json };
}

interface MenuRow {
  id: number;
  parentId: number | null;
  name: string;
  url: string;
  component: string;
  remarks: string;
  icon: string;
  isOpen: number;
  sort: number;
}

/** Rows (already sorted) into the three-level tree; an entry whose parent is not granted is dropped. */
export function buildMenuTree(rows: MenuRow[]): MenuItem[] {
  const byId = new Map<number, MenuItem>();
  for (const row of rows) {
    byId.set(row.id, {
      id: row.id,
      name: row.name,
      url: row.url,
      component: row.component,
      remarks: row.remarks,
      icon: row.icon,
      isOpen: row.isOpen === 1 ? 1 : 0,
      childList: [],
    });
  }
  const roots: MenuItem[] = [];
  for (const row of rows) {
    const item = byId.get(row.id)!;
    if (row.parentId === null) roots.push(item);
    else byId.get(row.parentId)?.childList.push(item);
  }
  return roots;
}
