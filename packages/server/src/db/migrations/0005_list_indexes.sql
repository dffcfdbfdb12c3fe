DROP INDEX "projects_enterprise_status";--> statement-breakpoint
CREATE INDEX "contract_persons_enterprise_list" ON "contract_persons" USING btree ("tenant_id","enterprise_id","id");--> statement-breakpoint
CREATE INDEX "persons_tenant_list" ON "persons" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "projects_tenant_list" ON "projects" USING btree ("tenant_id","id","enterprise_id");--> statement-breakpoint
CREATE INDEX "projects_enterprise_list" ON "projects" USING btree ("tenant_id","enterprise_id","id");--> statement-breakpoint
CREATE INDEX "projects_tenant_status_list" ON "projects" USING btree ("tenant_id","project_status","id","enterprise_id");--> statement-breakpoint
CREATE INDEX "projects_enterprise_status_list" ON "projects" USING btree ("tenant_id","enterprise_id","project_status","id");--> statement-breakpoint
CREATE INDEX "projects_status_list" ON "projects" USING btree ("project_status","id");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_list" ON "audit_logs" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "enterprises_tenant_list" ON "enterprises" USING btree ("tenant_id","id");--> statement-breakpoint
-- An enterprise belongs to one tenant, so tenant_id and enterprise_id are not independent: without
-- these the planner multiplies their selectivities and guesses 202 rows where there are 10,007
-- (decision 0011). ANALYZE (autovacuum on PostgreSQL) fills them; PGlite has none until analyzed.
CREATE STATISTICS IF NOT EXISTS "projects_tenant_enterprise" (dependencies, ndistinct) ON "tenant_id", "enterprise_id" FROM "projects";
--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "project_persons_tenant_enterprise" (dependencies, ndistinct) ON "tenant_id", "enterprise_id" FROM "project_persons";
--> statement-breakpoint
-- The wall of migration 0004, one policy per kind of viewer (decision 0011). Who may see every
-- tenant (the platform operator, named system scopes) is now a role, fieldpay_all, whose policy is
-- `true`; tenant staff (and requests without a session, whose tenant is empty) stay fieldpay_app,
-- seeing their tenant; enterprise users are fieldpay_enterprise, seeing their tenant's rows of
-- their enterprise. The server chooses the role where it chose the settings before (db/scope.ts);
-- app.side and app.user_identity are no longer set (app_side() and app_sees_all_tenants() of 0004
-- stay defined, read by no policy).
-- With no OR between viewers left in a policy, the planner reads `tenant_id = $tenant` next to a
-- list's own `tenant_id = 1` as a one-time check instead of a test per row, counts an operator's
-- rows with no policy at all (its estimates are the table's, not halved by a guessed OR), and each
-- setting is read once per statement (a scalar subquery, an InitPlan), not per row.
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['fieldpay_all', 'fieldpay_enterprise'] LOOP
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = name) THEN
        EXECUTE format('CREATE ROLE %I NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE', name);
      END IF;
    EXCEPTION
      -- roles are per cluster: another database of the cluster may have made it a moment ago
      WHEN duplicate_object OR unique_violation THEN NULL;
    END;
  END LOOP;
END
$$;
--> statement-breakpoint
GRANT fieldpay_all, fieldpay_enterprise TO CURRENT_USER;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_wall_tenant_tables() RETURNS integer LANGUAGE plpgsql AS
$$
DECLARE
  t record;
  enterprise_rule text;
  -- tables whose rows without an enterprise are the tenant's own business, not shared with its enterprises
  private_when_null text[] := ARRAY['sessions', 'download_caches', 'files'];
  tenant_rule text;
  members_rule text;
  walled integer := 0;
BEGIN
  GRANT USAGE ON SCHEMA public TO fieldpay_app, fieldpay_all, fieldpay_enterprise;
  GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO fieldpay_app, fieldpay_all, fieldpay_enterprise;
  GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO fieldpay_app, fieldpay_all, fieldpay_enterprise;
  FOR t IN
    SELECT c.relname AS name,
           EXISTS (SELECT 1 FROM pg_attribute e
                   WHERE e.attrelid = c.oid AND e.attname = 'enterprise_id' AND NOT e.attisdropped) AS has_enterprise,
           EXISTS (SELECT 1 FROM pg_attribute e
                   WHERE e.attrelid = c.oid AND e.attname = 'enterprise_id' AND NOT e.attisdropped
                     AND NOT e.attnotnull) AS enterprise_nullable
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
    WHERE c.relkind IN ('r', 'p')
  LOOP
    enterprise_rule := CASE
      WHEN t.name = 'enterprises' THEN 'id = (SELECT app_enterprise_id())'
      -- a row of no enterprise (a platform agreement template, say) is shared with the tenant's enterprises
      WHEN t.enterprise_nullable AND NOT t.name = ANY (private_when_null)
        THEN '(enterprise_id = (SELECT app_enterprise_id()) OR enterprise_id IS NULL)'
      WHEN t.has_enterprise THEN 'enterprise_id = (SELECT app_enterprise_id())'
      ELSE 'true' END;
    tenant_rule := 'tenant_id = (SELECT app_tenant_id())';
    -- enterprise accounts belong to no tenant: visible where they are members (enterprise_members is walled too)
    members_rule := CASE WHEN t.name = 'users'
      THEN ' OR (tenant_id IS NULL AND EXISTS (SELECT 1 FROM enterprise_members m WHERE m.user_id = users.id))'
      ELSE '' END;
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.name);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.name);
    -- the one policy of migration 0004
    EXECUTE format('DROP POLICY IF EXISTS tenant_wall ON %I', t.name);
    EXECUTE format('DROP POLICY IF EXISTS wall_all ON %I', t.name);
    EXECUTE format('CREATE POLICY wall_all ON %I TO fieldpay_all USING (true) WITH CHECK (true)', t.name);
    EXECUTE format('DROP POLICY IF EXISTS wall_tenant ON %I', t.name);
    EXECUTE format('CREATE POLICY wall_tenant ON %I TO fieldpay_app USING (%s%s) WITH CHECK (%s%s)',
      t.name, tenant_rule, members_rule, tenant_rule, members_rule);
    EXECUTE format('DROP POLICY IF EXISTS wall_enterprise ON %I', t.name);
    EXECUTE format('CREATE POLICY wall_enterprise ON %I TO fieldpay_enterprise USING ((%s AND %s)%s) WITH CHECK ((%s AND %s)%s)',
      t.name, tenant_rule, enterprise_rule, members_rule, tenant_rule, enterprise_rule, members_rule);
    walled := walled + 1;
  END LOOP;
  RETURN walled;
END
$$;
--> statement-breakpoint
SELECT app_wall_tenant_tables();
