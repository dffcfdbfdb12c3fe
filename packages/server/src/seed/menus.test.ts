import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTenant, useTestApp } from '../../test/app';
import { CONSOLE_PAGE_PATHS, PERMISSIONS, sideSchema } from '@fieldpay/domain';
import { menus, permissions, roleMenus, roles } from '../db/schema';
import { MODULES } from '../modules';
import type { MenuEntry, ModuleDefinition } from '../platform/modules';
import { menuTree } from './reference';

const t = useTestApp();

/** Every menu row of a side as `level url name component remarks icon open`, parents before children, in sort order. */
async function seededTree(side: string): Promise<string[]> {
  const rows = await t.database.db.select().from(menus).where(eq(menus.side, side)).orderBy(asc(menus.sort));
  const lines: string[] = [];
  const walk = (parentId: number | null, depth: number) => {
    for (const row of rows.filter((r) => r.parentId === parentId)) {
      lines.push(
        `${'  '.repeat(depth)}${row.sort} ${row.url} ${row.name} ${row.component} ${row.remarks} ${row.icon} ${row.isOpen}`,
      );
      walk(row.id, depth + 1);
    }
  };
  walk(null, 0);
  return lines;
}

async function roleMenuUrls(tenantId: number, code: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ url: menus.url })
    .from(roleMenus)
    .innerJoin(roles, eq(roles.id, roleMenus.roleId))
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(and(eq(roles.tenantId, tenantId), eq(roles.code, code)));
  return rows.map((row) => row.url).sort();
}

describe('seeded menus', () => {
  // the platform's screens and the modules' screens make the same tree the central seed made
  it('are the same tree per side as before the modules carried their own entries', async () => {
    expect(await seededTree('platform')).toMatchSnapshot();
    expect(await seededTree('enterprise')).toMatchSnapshot();
  });

  it("give the operator's role every platform screen and a tenant's roles all but the operator's", async () => {
    expect(await roleMenuUrls(0, 'operator_admin')).toMatchSnapshot();
    const tenantId = await createTenant(t.database);
    expect(await roleMenuUrls(tenantId, 'tenant_admin')).toMatchSnapshot();
    expect(await roleMenuUrls(tenantId, 'enterprise_admin')).toMatchSnapshot();
    const permissionRows = await t.database.db.select().from(permissions).orderBy(asc(permissions.code));
    expect(permissionRows.map((row) => `${row.code} ${row.side} ${row.name}`)).toMatchSnapshot();
  });
});

describe('the console’s list of page addresses', () => {
  // the console answers 暂无页面权限 (not 页面不存在) for a page that exists outside the user's menu
  it('is every seeded page of either side', () => {
    const paths = new Set<string>();
    const walk = (entries: readonly MenuEntry[]) => {
      for (const entry of entries) {
        if (entry.component) paths.add(entry.url);
        walk(entry.children ?? []);
      }
    };
    for (const side of sideSchema.options) walk(menuTree(side, MODULES));
    expect([...paths].sort()).toEqual([...CONSOLE_PAGE_PATHS].sort());
  });
});

describe('the menu tree of the modules and the platform', () => {
  it("hangs a module's page under the platform's group of the same url, and places top items by position", () => {
    const logs: ModuleDefinition = {
      name: 'logs',
      menus: {
        platform: [
          {
            name: '数据管理',
            url: '/dataManagement',
            children: [
              {
                name: '日志管理',
                url: '/dataManagement/logManagement',
                children: [{ name: '登录日志', url: '/dataManagement/logManagement/loginLog', component: 'LoginLog' }],
              },
            ],
          },
          { name: '结算管理', url: '/settlement', position: 20 },
        ],
      },
    };
    const tree = menuTree('platform', [...MODULES, logs]);
    expect(tree.map((item) => item.url)).toEqual([
      '/dashboard',
      '/projectManage',
      '/customerManage',
      '/personManage',
      '/enterpriseManage',
      '/settlement',
      '/company',
      '/invoice',
      '/contentManage',
      '/dataManagement',
      '/system',
      '/notice',
    ]);
    const group = tree.find((item) => item.url === '/dataManagement')?.children?.[0];
    expect(group?.children?.map((page) => page.url)).toEqual([
      '/dataManagement/logManagement/downloadLog',
      '/dataManagement/logManagement/loginLog',
    ]);
    // the platform's own entries are not changed by the merge
    expect(
      menuTree('platform', MODULES).find((item) => item.url === '/dataManagement')?.children?.[0].children,
    ).toHaveLength(1);
  });

  it("names a permission code of the page's side on every page a module hangs", () => {
    const pages = (entries: readonly MenuEntry[]): MenuEntry[] =>
      entries.flatMap((entry) => (entry.children?.length ? pages(entry.children) : [entry]));
    for (const module of MODULES) {
      for (const side of sideSchema.options) {
        for (const page of pages(module.menus?.[side] ?? [])) {
          const code = page.permission;
          expect(code, `${module.name}: ${page.url}`).toBeDefined();
          if (code) expect(['both', side], `${module.name}: ${page.url}`).toContain(PERMISSIONS[code].side);
        }
      }
    }
  });
});
