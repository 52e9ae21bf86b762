CREATE TABLE "agent_token_revocations" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"environment" "environment" NOT NULL,
	"token_id" text,
	"agent_id" text,
	"revoked_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_token_revocations" ADD CONSTRAINT "agent_token_revocations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idx_agent_token_revocations_on_token_id" ON "agent_token_revocations" USING btree ("organization_id","token_id");--> statement-breakpoint
CREATE INDEX "idx_agent_token_revocations_on_agent_id" ON "agent_token_revocations" USING btree ("organization_id","agent_id");