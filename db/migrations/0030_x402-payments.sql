CREATE TABLE "x402_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"environment" "environment" NOT NULL,
	"nonce" text NOT NULL,
	"jws_hash" text NOT NULL,
	"payer_agent_id" text NOT NULL,
	"pay_to_agent_id" text NOT NULL,
	"amount_value" bigint NOT NULL,
	"currency" text NOT NULL,
	"settlement_id" text NOT NULL,
	"resource_url" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "idx_x402_payments_on_env_nonce" ON "x402_payments" USING btree ("environment","nonce");