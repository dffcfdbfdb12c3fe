-- The tenant wall (decision 0010): row-level security on every table that has tenant_id.
-- Requests, jobs and seeders run as fieldpay_app (SET LOCAL ROLE inside their transaction), which
-- owns nothing and cannot bypass RLS, so the policies hold even when DATABASE_URL names a
-- superuser. The scope comes from transaction-local settings the server sets from the session.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'fieldpay_app') THEN
    CREATE ROLE fieldpay_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
EXCEPTION
  -- roles are per cluster: another database of the cluster may have made it a moment ago
  WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;
--> statement-breakpoint
-- whoever connects (superuser or a plain owner) may SET ROLE to it
GRANT fieldpay_app TO CURRENT_USER;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_tenant_id() RETURNS integer LANGUAGE sql STABLE PARALLEL SAFE AS
$$ SELECT NULLIF(current_setting('app.tenant_id', true), '')::integer $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_enterprise_id() RETURNS integer LANGUAGE sql STABLE PARALLEL SAFE AS
$$ SELECT NULLIF(current_setting('app.enterprise_id', true), '')::integer $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_side() RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS
$$ SELECT NULLIF(current_setting('app.side', true), '') $$;
--> statement-breakpoint
-- the platform operator (userIdentity 1 of tenant 0) and named system scopes (jobs, seeders,
-- the reads before a session exists) see every tenant
CREATE OR REPLACE FUNCTION app_sees_all_tenants() RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS
$$ SELECT coalesce(
     current_setting('app.user_identity', true) = 'system'
     OR (current_setting('app.user_identity', true) = '1' AND app_tenant_id() = 0 AND app_side() = 'platform'),
     false) $$;
--> statement-breakpoint
-- One rule for every tenant table, re-applied after every migration (db/wall.ts), so a table a
-- later migration adds is walled without anyone remembering to: the session's tenant; on the
-- enterprise side also the session's enterprise where the table names one.
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
      WHEN t.name = 'enterprises' THEN 'id = app_enterprise_id()'
      -- a row of no enterprise (a platform agreement template, say) is shared with the tenant's enterprises
      WHEN t.enterprise_nullable AND NOT t.name = ANY (private_when_null)
        THEN '(enterprise_id = app_enterprise_id() OR enterprise_id IS NULL)'
      WHEN t.has_enterprise THEN 'enterprise_id = app_enterprise_id()'
      ELSE 'true' END;
    visible := format(
      'app_sees_all_tenants() OR (tenant_id = app_tenant_id() AND (app_side() = ''platform'' OR (app_side() = ''enterprise'' AND %s)))',
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
