ALTER TABLE "enterprises" ADD COLUMN "registered_capital" varchar(8) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "manage_status" varchar(8) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "cases" varchar(8) DEFAULT '' NOT NULL;