import { idColumn, tenantIdColumn } from './columns';
import { foreignKey, index, integer, pgTable, primaryKey, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { enterprises } from './tenancy';

/** Menu entries are data (DESIGN §5): three levels, per side; a screen's entry is one seed line. */
export const menus = pgTable(
  'menus',
  {
    id: idColumn(),
    side: varchar('side', { length: 16 }).notNull(),
    parentId: integer('parent_id'),
    name: varchar('name', { length: 32 }).notNull(),
    url: varchar('url', { length: 128 }).notNull(),
    component: varchar('component', { length: 64 }).notNull().default(''),
    remarks: varchar('remarks', { length: 64 }).notNull().default(''),
    icon: varchar('icon', { length: 32 }).notNull().default(''),
    /** 1 shown in menus, 0 hidden but routable (the notice page) */
    isOpen: smallint('is_open').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    /** a page: the PERMISSIONS code guarding its list; the codes of the same area hang below it in role settings */
    permission: varchar('permission', { length: 64 }).notNull().default(''),
  },
  (t) => [
    uniqueIndex('menus_side_url').on(t.side, t.url),
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id] }).onDelete('cascade'),
  ],
);

/** Every permission code the spec names (and ours), seeded at start. */
export const permissions = pgTable('permissions', {
  code: varchar('code', { length: 64 }).primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  side: varchar('side', { length: 16 }).notNull(),
});

export const roles = pgTable(
  'roles',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    side: varchar('side', { length: 16 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    /**
     * An enterprise-side role an enterprise made for its own members (decision 0029); NULL for the
     * tenant's shared roles (the built-in 企业管理员) and every platform-side role. Nullable and not
     * private when NULL: the wall (0010) shows an enterprise session its own and the shared ones.
     */
    enterpriseId: integer('enterprise_id').references(() => enterprises.id),
  },
  (t) => [
    // codes stay unique per tenant and side: an enterprise's roles get codes prefixed with its id
    uniqueIndex('roles_tenant_side_code').on(t.tenantId, t.side, t.code),
    index('roles_tenant_enterprise').on(t.tenantId, t.enterpriseId),
  ],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permCode: varchar('perm_code', { length: 64 })
      .notNull()
      .references(() => permissions.code, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permCode] })],
);
