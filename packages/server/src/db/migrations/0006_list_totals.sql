CREATE TABLE "list_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "list_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"table_name" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"weight" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "list_changes_table_tenant" ON "list_changes" USING btree ("table_name","tenant_id","weight");--> statement-breakpoint
-- One row per write statement and tenant into list_changes, for the tables a list's remembered total follows.
CREATE OR REPLACE FUNCTION app_note_list_changes() RETURNS trigger LANGUAGE plpgsql AS
$$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_changes (table_name, tenant_id) SELECT DISTINCT TG_TABLE_NAME, tenant_id FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO list_changes (table_name, tenant_id)
      SELECT TG_TABLE_NAME, tenant_id FROM new_rows UNION SELECT TG_TABLE_NAME, tenant_id FROM old_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO list_changes (table_name, tenant_id) SELECT DISTINCT TG_TABLE_NAME, tenant_id FROM old_rows;
  ELSE
    -- TRUNCATE names no rows: every tenant's totals of the table are counted anew
    INSERT INTO list_changes (table_name, tenant_id) SELECT TG_TABLE_NAME, id FROM tenants;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Makes a table's writes change the sums its lists' remembered totals are checked against (db/paging.ts).
CREATE OR REPLACE FUNCTION app_follow_list_changes(target regclass) RETURNS void LANGUAGE plpgsql AS
$$
BEGIN
  EXECUTE format('DROP TRIGGER IF EXISTS list_changes_insert ON %s', target);
  EXECUTE format('CREATE TRIGGER list_changes_insert AFTER INSERT ON %s REFERENCING NEW TABLE AS new_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION app_note_list_changes()', target);
  EXECUTE format('DROP TRIGGER IF EXISTS list_changes_update ON %s', target);
  EXECUTE format('CREATE TRIGGER list_changes_update AFTER UPDATE ON %s REFERENCING OLD TABLE AS old_rows '
    'NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_note_list_changes()', target);
  EXECUTE format('DROP TRIGGER IF EXISTS list_changes_delete ON %s', target);
  EXECUTE format('CREATE TRIGGER list_changes_delete AFTER DELETE ON %s REFERENCING OLD TABLE AS old_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION app_note_list_changes()', target);
  EXECUTE format('DROP TRIGGER IF EXISTS list_changes_truncate ON %s', target);
  EXECUTE format('CREATE TRIGGER list_changes_truncate AFTER TRUNCATE ON %s '
    'FOR EACH STATEMENT EXECUTE FUNCTION app_note_list_changes()', target);
END
$$;
--> statement-breakpoint
SELECT app_follow_list_changes('projects');
