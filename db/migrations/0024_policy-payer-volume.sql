DROP INDEX "idx_settlements_on_payer_executed";--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "policy_payer_volume" bigint;--> statement-breakpoint
CREATE INDEX "idx_settlements_on_payer_started" ON "settlements" USING btree ("payer_agent_id","currency","execution_started_at");