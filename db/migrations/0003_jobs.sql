CREATE TABLE "job_events" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"data" jsonb NOT NULL,
	"ts" bigint NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"function_id" text NOT NULL,
	"event_id" text NOT NULL,
	"event" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"steps" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"stack" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"concurrency_key" text,
	"idempotency_key" text,
	"lease_token" text,
	"lease_until" timestamp (3) with time zone,
	"output" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE INDEX "idx_job_runs_due" ON "job_runs" USING btree ("run_at") WHERE status = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "idx_job_runs_concurrency_held" ON "job_runs" USING btree ("concurrency_key") WHERE lease_token is not null and concurrency_key is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "idx_job_runs_idempotency" ON "job_runs" USING btree ("function_id","idempotency_key") WHERE idempotency_key is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "idx_job_runs_on_function_event" ON "job_runs" USING btree ("function_id","event_id");--> statement-breakpoint
CREATE INDEX "idx_job_runs_queued_by_function" ON "job_runs" USING btree ("function_id") WHERE status = 'queued';