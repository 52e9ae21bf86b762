CREATE TABLE "evidence_records" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"environment" "environment" NOT NULL,
	"settlement_id" text NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"previous_hash" text NOT NULL,
	"hash" text NOT NULL,
	"canonical" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"environment" "environment" NOT NULL,
	"settlement_id" text NOT NULL,
	"negotiation_id" text NOT NULL,
	"amount_value" bigint NOT NULL,
	"currency" text NOT NULL,
	"parties" jsonb NOT NULL,
	"adapter" text NOT NULL,
	"external_ref" text NOT NULL,
	"policy_snapshot" text NOT NULL,
	"evidence_chain" text[] NOT NULL,
	"evidence_chain_head" text NOT NULL,
	"canonical" text NOT NULL,
	"attest_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"log_index" bigint,
	"verified_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "idx_evidence_records_on_settlement_position" ON "evidence_records" USING btree ("settlement_id","position");--> statement-breakpoint
CREATE INDEX "idx_evidence_records_on_org_env" ON "evidence_records" USING btree ("organization_id","environment");--> statement-breakpoint
CREATE UNIQUE INDEX "idx_receipts_on_settlement_id" ON "receipts" USING btree ("settlement_id");--> statement-breakpoint
CREATE INDEX "idx_receipts_on_org_env_created" ON "receipts" USING btree ("organization_id","environment","created_at","id");--> statement-breakpoint
CREATE INDEX "idx_receipts_on_negotiation_id" ON "receipts" USING btree ("negotiation_id");