-- The notification names the organization whose credential changed, so that a listening server
-- drops only that organization's cached keys and token subjects (lib/keys/listen-for-revocations.ts)
-- and every other tenant keeps its cache. Row triggers: PostgreSQL sends one notification per
-- organization and transaction however many of its rows change (identical payloads are folded).
DROP TRIGGER "api_keys_credentials_changed" ON "api_keys";
--> statement-breakpoint
DROP TRIGGER "agents_credentials_changed" ON "agents";
--> statement-breakpoint
DROP TRIGGER "agent_token_revocations_credentials_changed" ON "agent_token_revocations";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "credentials_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('credentials_changed', CASE WHEN TG_OP = 'INSERT' THEN NEW.organization_id ELSE OLD.organization_id END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "api_keys_credentials_changed" AFTER UPDATE OF "revoked_at", "expires_at", "scopes" OR DELETE ON "api_keys" FOR EACH ROW EXECUTE FUNCTION "credentials_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "agents_credentials_changed" AFTER UPDATE OF "token_generation", "deleted_at" OR DELETE ON "agents" FOR EACH ROW EXECUTE FUNCTION "credentials_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "agent_token_revocations_credentials_changed" AFTER INSERT ON "agent_token_revocations" FOR EACH ROW EXECUTE FUNCTION "credentials_changed_notify"();
