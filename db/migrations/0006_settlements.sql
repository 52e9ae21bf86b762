CREATE TABLE "ledger_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"environment" "environment" NOT NULL,
	"kind" text NOT NULL,
	"organization_id" text,
	"owner" text NOT NULL,
	"currency" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_wallet_not_negative" CHECK ("ledger_accounts"."kind" <> 'wallet' or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"transfer_id" text NOT NULL,
	"account_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"environment" "environment" NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "negotiations" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"environment" "environment" NOT NULL,
	"initiator_agent_id" text NOT NULL,
	"responder_agent_ids" text[] NOT NULL,
	"party_agent_ids" text[] NOT NULL,
	"party_organization_ids" text[] NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"terms" jsonb NOT NULL,
	"rounds" jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"closed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"settlement_id" text PRIMARY KEY NOT NULL,
	"environment" "environment" NOT NULL,
	"amount_value" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"external_ref" text NOT NULL,
	"decline_code" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"environment" "environment" NOT NULL,
	"negotiation_id" text NOT NULL,
	"party_organization_ids" text[] NOT NULL,
	"payer_agent_id" text NOT NULL,
	"adapter" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_value" bigint NOT NULL,
	"currency" text NOT NULL,
	"parties" jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"external_ref" text,
	"policy_version" text,
	"failure_code" text,
	"failure_message" text,
	"reason" text,
	"execution_started_at" timestamp (3) with time zone,
	"executed_at" timestamp (3) with time zone,
	"failed_at" timestamp (3) with time zone,
	"reversed_at" timestamp (3) with time zone,
	"disputed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idx_ledger_accounts_on_env_owner_currency" ON "ledger_accounts" USING btree ("environment","owner","currency");--> statement-breakpoint
CREATE INDEX "idx_ledger_entries_on_transfer_id" ON "ledger_entries" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "idx_ledger_entries_on_account_id" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idx_ledger_transfers_on_reference_kind" ON "ledger_transfers" USING btree ("reference","kind");--> statement-breakpoint
CREATE INDEX "idx_negotiations_on_env_created" ON "negotiations" USING btree ("environment","created_at","id");--> statement-breakpoint
CREATE INDEX "idx_negotiations_on_party_orgs" ON "negotiations" USING gin ("party_organization_ids");--> statement-breakpoint
CREATE INDEX "idx_negotiations_on_party_agents" ON "negotiations" USING gin ("party_agent_ids") WHERE status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "idx_settlements_on_negotiation_id" ON "settlements" USING btree ("negotiation_id");--> statement-breakpoint
CREATE INDEX "idx_settlements_on_env_created" ON "settlements" USING btree ("environment","created_at","id");--> statement-breakpoint
CREATE INDEX "idx_settlements_on_party_orgs" ON "settlements" USING gin ("party_organization_ids");--> statement-breakpoint
CREATE INDEX "idx_settlements_on_payer_executed" ON "settlements" USING btree ("payer_agent_id","currency","executed_at");