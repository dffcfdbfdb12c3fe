CREATE TABLE "job_runs" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"queue" varchar(64) NOT NULL,
	"owner" varchar(64) NOT NULL,
	"group_key" varchar(64),
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_queue_group" ON "job_runs" USING btree ("queue","group_key") WHERE group_key is not null;--> statement-breakpoint
CREATE INDEX "job_runs_owner" ON "job_runs" USING btree ("owner");