ALTER TABLE "roles" ADD COLUMN "enterprise_id" integer;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roles_tenant_enterprise" ON "roles" USING btree ("tenant_id","enterprise_id");