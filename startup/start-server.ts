import { config, snapshotProcessEnv } from "@/config";
import { rawSql } from "@/db/client";
import { ensureDatabase } from "@/db/ensure";
import { startJobs } from "@/inngest/start-jobs";
import { configuredWitnesses } from "@/lib/attest-log/witnesses";
import { countSealedUnderOtherKeys, sealStoredSecrets } from "@/lib/crypto/seal-stored-secrets";
import { secretsKey, secretsKeyring, secretsKeySource } from "@/lib/crypto/secrets-key";
import { parseTrustedProxies } from "@/lib/http/forwarded-for";
import { bootstrapLocalOrganization } from "@/lib/keys/bootstrap-local";
import { listenForRevocations } from "@/lib/keys/listen-for-revocations";
import { log } from "@/lib/observability/logger";
import { startTracing } from "@/lib/observability/tracing";
import { rateLimitStore } from "@/lib/ratelimit/rate-limit-store";
import { ensureSigningKey } from "@/lib/tokens/ensure-signing-key";
import { gateIncomingRequests } from "./gate-incoming-requests";
import { stopCleanlyOnSignals } from "./stop-cleanly";

/** Everything a server process needs before it answers requests; logged so nothing is silent. */
export async function startServer(): Promise<void> {
  snapshotProcessEnv();
  const settings = config();
  gateIncomingRequests(parseTrustedProxies(settings.TRUSTED_PROXIES));
  startTracing();
  const database = await ensureDatabase("server");
  log.info(
    { kind: "startup" },
    database.kind === "embedded"
      ? `database: embedded PGlite in ${settings.DATA_DIR} (set DATABASE_URL for PostgreSQL)`
      : "database: PostgreSQL from DATABASE_URL",
  );

  // Before anything reads a stored secret: from here on, reads accept sealed values only.
  const sealed = await sealStoredSecrets();
  const underOtherKeys = Object.entries(await countSealedUnderOtherKeys());
  const keyring = secretsKeyring().map((key) => key.id);
  const unopenable = underOtherKeys.filter(([id]) => !keyring.includes(id));
  if (unopenable.length > 0) {
    // Starting would answer 500 wherever one of them is needed: refuse, and say which key.
    throw new Error(
      `stored secrets: ${unopenable.map(([id, count]) => `${count} sealed under key ${id}`).join(", ")}, which neither SECRETS_ENCRYPTION_KEY (key ${secretsKey().id}) nor SECRETS_DECRYPTION_KEYS holds; start with the key they were sealed under (was SECRETS_ENCRYPTION_KEY or DATA_DIR changed?)`,
    );
  }
  log.info(
    { kind: "startup" },
    `stored secrets: sealed with key ${secretsKey().id} from ${secretsKeySource()}${
      sealed > 0 ? `; ${sealed} plaintext values from before sealing were sealed now` : ""
    }${
      underOtherKeys.length > 0
        ? `; ${underOtherKeys.map(([id, count]) => `${count} under key ${id}`).join(", ")} (npm run cli -- secrets reseal)`
        : ""
    }`,
  );
  if (database.kind === "embedded") await bootstrapLocalOrganization();
  // PGlite serves every connection on one session, where a NOTIFY reaches the connection that
  // sent it, not the listener: there this process never caches credentials.
  else await listenForRevocations(rawSql());

  const signingKey = await ensureSigningKey();
  log.info(
    { kind: "startup" },
    `agent tokens: RS256 key ${signingKey.kid} (${
      signingKey.source === "configured"
        ? "from JWT_PRIVATE_KEY"
        : `${signingKey.source}, stored in the database`
    })`,
  );

  // The config checks the vkeys' shape; a key ID that does not match stops the start here.
  const witnesses = configuredWitnesses();
  log.info(
    { kind: "startup" },
    witnesses.length > 0
      ? `attest log witnesses: ${witnesses.map((witness) => witness.name).join(", ")}`
      : "attest log witnesses: none (ATTEST_WITNESSES)",
  );

  const limits = rateLimitStore();
  await limits?.ready(2_000);
  log.info(
    { kind: "startup" },
    limits
      ? `rate limits: ${limits.description}`
      : "rate limits: off (RATE_LIMIT=off); requests are not limited",
  );

  const backgroundWork = startJobs({ embeddedDatabase: database.kind === "embedded" });
  stopCleanlyOnSignals({ backgroundWork, embedded: database.embedded });
}

/**
 * startServer for instrumentation.ts: Next.js would log a failure there and go on answering
 * every request with a 500, so a failed start stops the process instead.
 */
export async function startServerOrExit(): Promise<void> {
  try {
    await startServer();
  } catch (error) {
    console.error("start-up failed:", error);
    process.exit(1);
  }
}
