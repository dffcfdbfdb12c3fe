ALTER TABLE "menus" ADD COLUMN "permission" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" smallint DEFAULT 0 NOT NULL;