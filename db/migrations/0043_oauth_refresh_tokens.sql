CREATE TABLE "oauth_refresh_tokens" (
	"hash" text PRIMARY KEY NOT NULL,
	"family" text NOT NULL,
	"client_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"environment" "environment" NOT NULL,
	"scopes" text[] NOT NULL,
	"resource" text NOT NULL,
	"api_key_id" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oauth_refresh_tokens" ADD CONSTRAINT "oauth_refresh_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idx_oauth_refresh_tokens_on_family" ON "oauth_refresh_tokens" USING btree ("family");--> statement-breakpoint
CREATE INDEX "idx_oauth_refresh_tokens_on_organization_id" ON "oauth_refresh_tokens" USING btree ("organization_id");