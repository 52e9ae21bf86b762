CREATE TABLE "event_sequences" (
	"organization_id" text NOT NULL,
	"object_id" text NOT NULL,
	"last" bigint NOT NULL,
	CONSTRAINT "event_sequences_pkey" PRIMARY KEY("organization_id","object_id")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "sequence" bigint DEFAULT 0 NOT NULL;