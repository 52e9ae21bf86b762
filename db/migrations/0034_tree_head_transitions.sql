CREATE TABLE "tree_head_transitions" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"log_id" text NOT NULL,
	"tree_size" bigint NOT NULL,
	"root_hash" text NOT NULL,
	"previous_key_id" text NOT NULL,
	"previous_signature" text NOT NULL,
	"key_id" text NOT NULL,
	"signature" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "idx_tree_head_transitions_log" ON "tree_head_transitions" USING btree ("log_id","seq");