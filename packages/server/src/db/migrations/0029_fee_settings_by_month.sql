DROP INDEX "enterprise_fee_configs_enterprise";--> statement-breakpoint
ALTER TABLE "enterprise_fee_configs" ADD COLUMN "effective_from" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- a setting made before this migration took effect when it was made
UPDATE "enterprise_fee_configs" SET "effective_from" = "updated_at";--> statement-breakpoint
CREATE INDEX "enterprise_fee_configs_enterprise" ON "enterprise_fee_configs" USING btree ("tenant_id","enterprise_id","effective_from");