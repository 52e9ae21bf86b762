ALTER TABLE "job_runs" ADD COLUMN "events" jsonb;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "batch_key" text;--> statement-breakpoint
CREATE INDEX "idx_job_runs_open_batch" ON "job_runs" USING btree ("batch_key") WHERE batch_key is not null and status = 'queued';