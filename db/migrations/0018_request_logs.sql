CREATE TABLE "request_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"environment" "environment" NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"latency_ms" integer NOT NULL,
	"key_id" text,
	"token_id" text,
	"agent_id" text,
	"error" jsonb,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "idx_request_logs_on_org_env_created" ON "request_logs" USING btree ("organization_id","environment","created_at","id");--> statement-breakpoint
CREATE INDEX "idx_request_logs_on_key_created" ON "request_logs" USING btree ("key_id","created_at","id");--> statement-breakpoint
CREATE INDEX "idx_request_logs_on_created" ON "request_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "idx_events_on_org_env_object" ON "events" USING btree ("organization_id","environment",("data" -> 'object' ->> 'id'),"created_at");