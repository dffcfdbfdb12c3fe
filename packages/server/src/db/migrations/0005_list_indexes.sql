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
-- The wall's rule of migration 0004, its settings now read once per statement: each function call
-- is a scalar subquery (an InitPlan), so a scan compares columns with parameters instead of
-- calling current_setting several times per row (9.5 ms -> 2.4 ms counting 20,000 rows;
-- decision 0011). Same rows visible, same checks; re-applied to every tenant table below.
CREATE OR REPLACE FUNCTION app_wall_tenant_tables() RETURNS integer LANGUAGE plpgsql AS
$$
DECLARE
  t record;
  enterprise_rule text;
  -- tables whose rows without an enterprise are the tenant's own business, not shared with its enterprises
  private_when_null text[] := ARRAY['sessions', 'download_caches', 'files'];
  visible text;
  walled integer := 0;
BEGIN
  GRANT USAGE ON SCHEMA public TO fieldpay_app;
  GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO fieldpay_app;
  GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO fieldpay_app;
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
    visible := format(
      '(SELECT app_sees_all_tenants()) OR (tenant_id = (SELECT app_tenant_id()) AND ((SELECT app_side()) = ''platform'' OR ((SELECT app_side()) = ''enterprise'' AND %s)))',
      enterprise_rule);
    IF t.name = 'users' THEN
      -- enterprise accounts belong to no tenant: visible where they are members (enterprise_members is walled too)
      visible := visible || ' OR (tenant_id IS NULL AND EXISTS (SELECT 1 FROM enterprise_members m WHERE m.user_id = users.id))';
    END IF;
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.name);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.name);
    EXECUTE format('DROP POLICY IF EXISTS tenant_wall ON %I', t.name);
    EXECUTE format('CREATE POLICY tenant_wall ON %I USING (%s) WITH CHECK (%s)', t.name, visible, visible);
    walled := walled + 1;
  END LOOP;
  RETURN walled;
END
$$;
--> statement-breakpoint
SELECT app_wall_tenant_tables();
