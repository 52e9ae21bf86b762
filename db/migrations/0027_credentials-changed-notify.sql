-- Every statement that can revoke a credential tells listening servers at its commit, so each
-- drops its cached API keys and token subjects before its next request
-- (lib/keys/listen-for-revocations.ts): a key revoked, rolled (its expiry set) or deleted, an
-- agent deleted or its tokens revoked (token_generation), a token revoked.
CREATE FUNCTION "credentials_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('credentials_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "api_keys_credentials_changed" AFTER UPDATE OF "revoked_at", "expires_at", "scopes" OR DELETE ON "api_keys" FOR EACH STATEMENT EXECUTE FUNCTION "credentials_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "agents_credentials_changed" AFTER UPDATE OF "token_generation", "deleted_at" OR DELETE ON "agents" FOR EACH STATEMENT EXECUTE FUNCTION "credentials_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "agent_token_revocations_credentials_changed" AFTER INSERT ON "agent_token_revocations" FOR EACH STATEMENT EXECUTE FUNCTION "credentials_changed_notify"();
