ALTER TABLE "webhook_attempts" ADD COLUMN "request_headers" jsonb;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD COLUMN "request_body" text;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD COLUMN "response_headers" jsonb;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD COLUMN "response_body" text;