CREATE TABLE "usage_days" (
	"organization_id" text NOT NULL,
	"environment" "environment" NOT NULL,
	"day" date NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"rate_limited" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "pk_usage_days" PRIMARY KEY("organization_id","environment","day")
);
