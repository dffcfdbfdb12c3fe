ALTER TABLE "enterprise_members" ADD COLUMN "status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "dict_items" ADD COLUMN "operator_added" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dicts" ADD COLUMN "values_fixed" boolean DEFAULT true NOT NULL;