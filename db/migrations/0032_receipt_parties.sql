CREATE TABLE "receipt_parties" (
	"organization_id" text NOT NULL,
	"environment" "environment" NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"receipt_id" text NOT NULL,
	CONSTRAINT "pk_receipt_parties" PRIMARY KEY("organization_id","environment","created_at","receipt_id")
);
--> statement-breakpoint
ALTER TABLE "receipt_parties" ADD CONSTRAINT "receipt_parties_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idx_receipt_parties_on_receipt_id" ON "receipt_parties" USING btree ("receipt_id");--> statement-breakpoint
-- Every receipt issued before: its own organization's row, and one per other party organization of its settlement.
INSERT INTO "receipt_parties" ("organization_id", "environment", "created_at", "receipt_id")
SELECT r."organization_id", r."environment", r."created_at", r."id" FROM "receipts" r
UNION
SELECT p."organization_id", r."environment", r."created_at", r."id"
FROM "receipts" r JOIN "settlement_parties" p
  ON p."settlement_id" = r."settlement_id" AND p."environment" = r."environment";
