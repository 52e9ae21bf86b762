import type postgres from "postgres";
import { hearingRevocations } from "@/lib/auth/credential-cache-ttl";
import { log } from "@/lib/observability/logger";
import { forgetTokenSubjects } from "@/lib/tokens/token-subject";
import { forgetKeys } from "./key-cache";

/**
 * The channel that triggers on api_keys, agents and agent_token_revocations NOTIFY at commit,
 * with the organization's ID as the payload (db/migrations/0046).
 */
export const CREDENTIALS_CHANGED = "credentials_changed";

/** One organization's credentials; all of them for an empty payload or when none is named. */
const forgetCredentials = (organizationId?: string) => {
  const named = organizationId || undefined;
  forgetKeys(named);
  forgetTokenSubjects(named);
};

/**
 * Makes every revocation, by any process (another server, the CLI, the console), reach this
 * process's caches when PostgreSQL delivers its notification, milliseconds after the commit: a
 * key revoked, rolled or deleted, an agent deleted or its tokens revoked, a token revoked. Only
 * that organization's entries are dropped; every other tenant keeps its cache. postgres.js keeps
 * the listening connection open and listens again after a reconnect (`onlisten`), when a
 * notification may have been missed, so every entry is dropped then. Only once it listens does
 * this process cache credentials at all (credentialCacheTtlMs); API_KEY_CACHE_TTL_MS still bounds
 * a cached entry's age.
 */
export async function listenForRevocations(sql: postgres.Sql): Promise<void> {
  try {
    await sql.listen(CREDENTIALS_CHANGED, forgetCredentials, () => {
      forgetCredentials(undefined);
      hearingRevocations();
    });
  } catch (error) {
    log.error(
      { err: error },
      "credentials: cannot listen for revocations; API keys and token subjects are not cached",
    );
  }
}
