CREATE TABLE "witness_cosignatures" (
	"log_id" text NOT NULL,
	"tree_size" bigint NOT NULL,
	"root_hash" text NOT NULL,
	"witness_key" text NOT NULL,
	"line" text NOT NULL,
	"cosigned_at" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "witness_cosignatures_pkey" PRIMARY KEY("log_id","tree_size","witness_key")
);
