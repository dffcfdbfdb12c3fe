import { APP_ROLE } from './scope';
import type { ExecuteSql } from './client';

/** Walls every table that has tenant_id (the rule lives in migration 0004's app_wall_tenant_tables). */
export async function applyTenantWall(executeSql: ExecuteSql): Promise<void> {
  await executeSql('select app_wall_tenant_tables()');
}

/**
 * What is wrong with the wall, in words an operator can act on; empty when it holds: every table
 * with tenant_id forces row-level security and has a policy, and the request role is neither a
 * superuser, nor able to bypass RLS, nor the owner of any table (owners skip unforced policies).
 */
export async function tenantWallProblems(executeSql: ExecuteSql): Promise<string[]> {
  const problems: string[] = [];
  const [role] = (
    await executeSql(
      `select rolsuper, rolbypassrls, pg_has_role(current_user, rolname, 'MEMBER') as usable,
         (select count(*)::int from pg_class where relowner = r.oid) as owned
       from pg_roles r where rolname = $1`,
      [APP_ROLE],
    )
  ).rows as Array<{ rolsuper: boolean; rolbypassrls: boolean; usable: boolean; owned: number }>;
  if (!role) return [`role ${APP_ROLE} does not exist (migration 0004 makes it)`];
  if (role.rolsuper || role.rolbypassrls) problems.push(`role ${APP_ROLE} can bypass row-level security`);
  if (role.owned > 0) problems.push(`role ${APP_ROLE} owns ${role.owned} relation(s)`);
  if (!role.usable) problems.push(`the database user cannot SET ROLE ${APP_ROLE}`);
  const { rows } = await executeSql(
    `select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
       (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
     join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
     where c.relkind in ('r', 'p')
     order by c.relname`,
    [],
  );
  for (const table of rows as Array<{ name: string; enabled: boolean; forced: boolean; policies: number }>) {
    if (!table.enabled || !table.forced) problems.push(`table ${table.name} does not force row-level security`);
    if (table.policies === 0) problems.push(`table ${table.name} has no row-level security policy`);
  }
  return problems;
}

/** The boot check: refuses to start on a database whose tenant wall has a gap. */
export async function assertTenantWall(executeSql: ExecuteSql): Promise<void> {
  const problems = await tenantWallProblems(executeSql);
  if (problems.length > 0) {
    throw new Error(`tenant wall check failed, refusing to start:\n- ${problems.join('\n- ')}`);
  }
}
