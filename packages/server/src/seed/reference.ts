import type { Side } from '@fieldpay/domain';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  configs,
  dictItems,
  dicts,
  menus,
  permissions,
  roleMenus,
  rolePermissions,
  roles,
  tenants,
} from '../db/schema';
import type { MenuEntry, ModuleDefinition } from '../platform/modules';
import { seedSensitiveWords } from '../platform/sensitive-words/service';
import {
  BUILT_IN_ROLES,
  CONFIGS,
  DICTS,
  type MenuSeed,
  builtInRoleCodes,
  PERMISSION_ROWS,
  PLATFORM_MENUS,
  PLATFORM_TENANT,
  SENSITIVE_WORD_SEEDS,
} from './reference-data';

/** Screens only the platform operator (tenant 0) sees: the platform's own, never a module's. */
const PLATFORM_ONLY_URLS = new Set<string>();
const collectPlatformOnly = (seeds: MenuSeed[]) => {
  for (const seed of seeds) {
    if (seed.platformOnly) PLATFORM_ONLY_URLS.add(seed.url);
    collectPlatformOnly(seed.children ?? []);
  }
};
collectPlatformOnly(PLATFORM_MENUS.platform);

/** Whether a platform-side screen is the platform operator's only (never granted to a tenant's roles). */
export const isPlatformOnlyMenu = (url: string): boolean => PLATFORM_ONLY_URLS.has(url);

/** The built-in roles' codes: never edited or deleted on the role screen, re-granted at every start. */
export const BUILT_IN_ROLE_CODES: ReadonlySet<string> = new Set(Object.values(BUILT_IN_ROLES).map((role) => role.code));

/** Top items without a position stand after the positioned ones. */
const UNPLACED = Number.MAX_SAFE_INTEGER;

/** `entries` added to `into`: an entry whose url is there already has its children merged into it. */
function mergeMenus(into: MenuSeed[], entries: readonly MenuEntry[]): MenuSeed[] {
  const merged = into.map((entry) => ({ ...entry }));
  for (const entry of entries) {
    const same = merged.find((existing) => existing.url === entry.url);
    if (!same) merged.push({ ...entry });
    else same.children = mergeMenus(same.children ?? [], entry.children ?? []);
  }
  return merged;
}

/** The menu tree of a side: the platform's own screens and the modules' (in module-list order), top items by position. */
export function menuTree(side: Side, modules: readonly ModuleDefinition[]): MenuSeed[] {
  const tree = modules.reduce(
    (entries, module) => mergeMenus(entries, module.menus?.[side] ?? []),
    mergeMenus([], PLATFORM_MENUS[side]),
  );
  // a stable sort: items of the same position keep the order they were contributed in
  return tree.sort((a, b) => (a.position ?? UNPLACED) - (b.position ?? UNPLACED));
}

async function upsertMenus(tx: DbOrTx, side: Side, seeds: readonly MenuSeed[], parentId: number | null, out: number[]) {
  for (const [index, seed] of seeds.entries()) {
    const values = {
      side,
      parentId,
      name: seed.name,
      url: seed.url,
      component: seed.component ?? '',
      remarks: seed.remarks ?? '',
      icon: seed.icon ?? '',
      isOpen: seed.hidden ? 0 : 1,
      sort: index,
      permission: seed.permission ?? '',
    };
    const [row] = await tx
      .insert(menus)
      .values(values)
      .onConflictDoUpdate({ target: [menus.side, menus.url], set: values })
      .returning({ id: menus.id });
    out.push(row.id);
    await upsertMenus(tx, side, seed.children ?? [], row.id, out);
  }
}

/**
 * Built-in roles of a tenant hold every menu and permission of their side (the operator's extra
 * screens and codes only on tenant 0). Called at start for every tenant and when a tenant is created.
 */
export async function ensureBuiltInRoles(tx: DbOrTx, tenantId: number): Promise<void> {
  const menuRows = (await tx.select({ id: menus.id, side: menus.side, url: menus.url }).from(menus)).map((m) => ({
    id: m.id,
    side: m.side as Side,
    platformOnly: PLATFORM_ONLY_URLS.has(m.url),
  }));
  const templates =
    tenantId === PLATFORM_TENANT.id
      ? [BUILT_IN_ROLES.operator]
      : [BUILT_IN_ROLES.tenantAdmin, BUILT_IN_ROLES.enterpriseAdmin];
  for (const template of templates) {
    const [role] = await tx
      .insert(roles)
      .values({ tenantId, side: template.side, code: template.code, name: template.name })
      .onConflictDoUpdate({ target: [roles.tenantId, roles.side, roles.code], set: { name: template.name } })
      .returning({ id: roles.id });
    const isOperator = template === BUILT_IN_ROLES.operator;
    const menuIds = menuRows
      .filter((m) => m.side === template.side && (isOperator || !m.platformOnly))
      .map((m) => m.id);
    if (menuIds.length) {
      await tx
        .insert(roleMenus)
        .values(menuIds.map((menuId) => ({ roleId: role.id, menuId })))
        .onConflictDoNothing();
    }
    const codes = builtInRoleCodes(template.side, isOperator);
    if (codes.length) {
      await tx
        .insert(rolePermissions)
        .values(codes.map((permCode) => ({ roleId: role.id, permCode })))
        .onConflictDoNothing();
    }
  }
}

/**
 * The platform's reference rows and the modules' parts (menus, `seed` steps in module-list order),
 * all idempotent. `modules` is the list app.ts registers, handed in by the entrypoint.
 */
export async function applyReferenceData(db: DbOrTx, modules: readonly ModuleDefinition[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(tenants).values(PLATFORM_TENANT).onConflictDoNothing();
    for (const permission of PERMISSION_ROWS) {
      await tx
        .insert(permissions)
        .values(permission)
        .onConflictDoUpdate({ target: permissions.code, set: { name: permission.name, side: permission.side } });
    }
    for (const side of ['platform', 'enterprise'] as const) {
      const kept: number[] = [];
      await upsertMenus(tx, side, menuTree(side, modules), null, kept);
      // a screen removed from the seed leaves the menus too
      await tx.delete(menus).where(and(eq(menus.side, side), notInArray(menus.id, kept)));
    }
    for (const dict of DICTS) {
      await tx
        .insert(dicts)
        .values({ code: dict.code, name: dict.name, valuesFixed: dict.valuesFixed ?? true })
        .onConflictDoUpdate({ target: dicts.code, set: { name: dict.name, valuesFixed: dict.valuesFixed ?? true } });
      // an item dropped from the seed leaves, but not one an operator added (decision 0023); the
      // others take the seed's label and order unless an operator edited the label (decision 0016)
      await tx.delete(dictItems).where(
        and(
          eq(dictItems.dictCode, dict.code),
          eq(dictItems.operatorAdded, false),
          notInArray(
            dictItems.value,
            dict.items.map((item) => item.value),
          ),
        ),
      );
      await tx
        .insert(dictItems)
        .values(dict.items.map((item, sort) => ({ dictCode: dict.code, ...item, defaultTitle: item.title, sort })))
        .onConflictDoUpdate({
          target: [dictItems.dictCode, dictItems.value],
          set: {
            sort: sql`excluded.sort`,
            defaultTitle: sql`excluded.default_title`,
            // a value the installation now brings is the installation's, even if an operator added it first
            operatorAdded: false,
            title: sql`case when ${dictItems.titleEdited} then ${dictItems.title} else excluded.title end`,
          },
        });
    }
    for (const module of modules) await module.seed?.(tx);
    // operators may have edited config values; only missing keys are added
    await tx
      .insert(configs)
      .values(CONFIGS.map(({ formerDefaults: _, ...config }) => config))
      .onConflictDoNothing();
    for (const config of CONFIGS) {
      if (!config.formerDefaults?.length) continue;
      await tx
        .update(configs)
        .set({ content: config.content })
        .where(and(eq(configs.configKey, config.configKey), inArray(configs.content, config.formerDefaults)));
    }
    await seedSensitiveWords(tx, SENSITIVE_WORD_SEEDS);
    const tenantRows = await tx.select({ id: tenants.id }).from(tenants);
    for (const tenant of tenantRows) await ensureBuiltInRoles(tx, tenant.id);
  });
}
