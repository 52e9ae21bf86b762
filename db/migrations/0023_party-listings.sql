CREATE TABLE "negotiation_parties" (
	"organization_id" text NOT NULL,
	"environment" "environment" NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"negotiation_id" text NOT NULL,
	CONSTRAINT "pk_negotiation_parties" PRIMARY KEY("organization_id","environment","created_at","negotiation_id")
);
--> statement-breakpoint
CREATE TABLE "settlement_parties" (
	"organization_id" text NOT NULL,
	"environment" "environment" NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"settlement_id" text NOT NULL,
	CONSTRAINT "pk_settlement_parties" PRIMARY KEY("organization_id","environment","created_at","settlement_id")
);
--> statement-breakpoint
INSERT INTO "negotiation_parties" ("organization_id", "environment", "created_at", "negotiation_id")
  SELECT party, "environment", "created_at", "id" FROM "negotiations", unnest("party_organization_ids") AS party;
--> statement-breakpoint
INSERT INTO "settlement_parties" ("organization_id", "environment", "created_at", "settlement_id")
  SELECT party, "environment", "created_at", "id" FROM "settlements", unnest("party_organization_ids") AS party;
--> statement-breakpoint
ALTER TABLE "negotiation_parties" ADD CONSTRAINT "negotiation_parties_negotiation_id_negotiations_id_fk" FOREIGN KEY ("negotiation_id") REFERENCES "public"."negotiations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "settlement_parties" ADD CONSTRAINT "settlement_parties_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "idx_negotiation_parties_on_negotiation_id" ON "negotiation_parties" USING btree ("negotiation_id");
--> statement-breakpoint
CREATE INDEX "idx_settlement_parties_on_settlement_id" ON "settlement_parties" USING btree ("settlement_id");
