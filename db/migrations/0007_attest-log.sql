CREATE TABLE "attest_log_heads" (
	"log_id" text PRIMARY KEY NOT NULL,
	"environment" "environment" NOT NULL,
	"origin" text NOT NULL,
	"tree_size" bigint NOT NULL,
	"root_hash" text NOT NULL,
	"signature" text NOT NULL,
	"key_id" text NOT NULL,
	"signed_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attest_log_nodes" (
	"log_id" text NOT NULL,
	"level" smallint NOT NULL,
	"idx" bigint NOT NULL,
	"hash" "bytea" NOT NULL,
	CONSTRAINT "attest_log_nodes_pkey" PRIMARY KEY("log_id","level","idx")
);
--> statement-breakpoint
CREATE TABLE "tree_head_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_key_pem" text,
	"status" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "deterministic" boolean;--> statement-breakpoint
CREATE UNIQUE INDEX "idx_tree_head_keys_one_active" ON "tree_head_keys" USING btree ("status") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "idx_receipts_pending" ON "receipts" USING btree ("environment","created_at") WHERE status = 'pending';