ALTER TABLE "contracts" ADD COLUMN "params" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- rows made before this column were last changed when they were made
UPDATE "contracts" SET "updated_at" = "created_at";
