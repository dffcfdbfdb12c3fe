ALTER TABLE "enterprises" ADD COLUMN "legal_person_name" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "legal_person_id_card" varchar(18) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "license" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "id_card_front" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "id_card_back" text DEFAULT '' NOT NULL;