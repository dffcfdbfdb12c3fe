import { WALL_ROLES } from './scope';
import type { ExecuteSql } from './client';

/** Walls every table that has tenant_id (the rule lives in app_wall_tenant_tables, migrations 0004 and 0005). */
export async function applyTenantWall(executeSql: ExecuteSql): Promise<void> {
  await executeSql('select app_wall_tenant_tables()');
}

/**
 * What is wrong with the wall, in words an operator can act on; empty when it holds: every table
 * with tenant_id forces row-level security and has a policy for each request role, and no request
 * role is a superuser, able to bypass RLS, or the owner of any table (owners skip unforced policies).
 */
export async function tenantWallProblems(executeSql: ExecuteSql): Promise<string[]> {
  const problems: string[] = [];
  for (const name of WALL_ROLES) {
    const [role] = (
      await executeSql(
        `select rolsuper, rolbypassrls, pg_has_role(current_user, rolname, 'MEMBER') as usable,
           (select count(*)::int from pg_class where relowner = r.oid) as owned
         from pg_roles r where rolname = $1`,
        [name],
      )
    ).rows as Array<{ rolsuper: boolean; rolbypassrls: boolean; usable: boolean; owned: number }>;
    if (!role) {
      problems.push(`role ${name} does not exist (migrations 0004 and 0005 make them)`);
      continue;
    }
    if (role.rolsuper || role.rolbypassrls) problems.push(`role ${name} can bypass row-level security`);
    if (role.owned > 0) problems.push(`role ${name} owns ${role.owned} relation(s)`);
    if (!role.usable) problems.push(`the database user cannot SET ROLE ${name}`);
  }
  if (problems.some((problem) => problem.endsWith('does not exist (migrations 0004 and 0005 make them)'))) {
    return problems;
  }
  const { rows } = await executeSql(
    `select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
       (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies,
       array(select r.rolname::text from pg_policy p cross join unnest(p.polroles) as o(oid)
             join pg_roles r on r.oid = o.oid where p.polrelid = c.oid) as roles
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
     join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
     where c.relkind in ('r', 'p')
     order by c.relname`,
    [],
  );
  for (const table of rows as Array<{
    name: string;
    enabled: boolean;
    forced: boolean;
    policies: number;
    roles: string[];
  }>) {
    if (!table.enabled || !table.forced) problems.push(`table ${table.name} does not force row-level security`);
    if (table.policies === 0) {
      problems.push(`table ${table.name} has no row-level security policy`);
      continue;
    }
    // a role without a policy sees none of the table's rows: a migration left the wall half built
    for (const role of WALL_ROLES) {
      if (!table.roles.includes(role)) problems.push(`table ${table.name} has no policy for role ${role}`);
    }
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
