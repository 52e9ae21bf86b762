CREATE TABLE "mandate_spend_days" (
	"organization_id" text NOT NULL,
	"environment" "environment" NOT NULL,
	"agent_id" text NOT NULL,
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pk_mandate_spend_days" PRIMARY KEY("agent_id","currency","day")
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "mandate" jsonb;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "mandate_hash" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "mandate_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "mandate_check" jsonb;