ALTER TABLE "agents" ADD COLUMN "token_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Tokens issued before this migration carry no generation (read as 0). Those of an agent whose
-- tokens were all revoked within the last token lifetime are refused from now on, which errs on
-- the side of refusing a token issued after that revocation too: it is issued again.
UPDATE "agents" SET "token_generation" = 1 WHERE EXISTS (
  SELECT 1 FROM "agent_token_revocations" AS "revocation"
  WHERE "revocation"."organization_id" = "agents"."organization_id"
    AND "revocation"."agent_id" = "agents"."id"
    AND "revocation"."expires_at" > now()
);
