ALTER TABLE "agent_keys" DROP CONSTRAINT "agent_keys_agent_id_agents_id_fk";
--> statement-breakpoint
ALTER TABLE "agent_keys" ADD COLUMN "added_log_index" bigint;--> statement-breakpoint
ALTER TABLE "agent_keys" ADD COLUMN "revoked_log_index" bigint;--> statement-breakpoint
CREATE INDEX "idx_agent_keys_unlogged" ON "agent_keys" USING btree ("environment","created_at","id") WHERE "agent_keys"."added_log_index" is null or ("agent_keys"."revoked_at" is not null and "agent_keys"."revoked_log_index" is null);