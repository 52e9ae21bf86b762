import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { apiKeys, organizations } from "@/db/schema";
import type { TAuthContext } from "@/lib/auth/auth-context";
import { isScope } from "@/lib/auth/scopes";
import { basePaths, mcpPaths, type TEnvironment } from "@/lib/environment";
import { ApiError } from "@/lib/http/api-error";
import { log } from "@/lib/observability/logger";
import { cachedKey, cacheKey, type TCachedKey } from "./key-cache";
import { environmentOfSecret, hashSecret } from "./secret";

const unauthorized = (message: string) => new ApiError({ code: "unauthorized", message });

const TOUCH_INTERVAL_MS = 60_000;
const touchedAt = new Map<string, number>();

/** Records last use at most once a minute per key and process; never delays the request. */
function touch(keyId: string) {
  const now = Date.now();
  if (now - (touchedAt.get(keyId) ?? 0) < TOUCH_INTERVAL_MS) return;
  touchedAt.set(keyId, now);
  db.update(apiKeys)
    .set({ lastUsedAt: new Date(now) })
    .where(eq(apiKeys.id, keyId))
    .catch((error) => log.warn({ err: error, keyId }, "could not record key use"));
}

async function loadKey(hash: string): Promise<TCachedKey | undefined> {
  const cached = cachedKey(hash);
  if (cached) return cached;
  const [row] = await db
    .select({
      id: apiKeys.id,
      organizationId: apiKeys.organizationId,
      environment: apiKeys.environment,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      plan: organizations.plan,
    })
    .from(apiKeys)
    .innerJoin(organizations, eq(organizations.id, apiKeys.organizationId))
    .where(eq(apiKeys.hash, hash));
  if (!row) return undefined;
  const key = { ...row, scopes: new Set(row.scopes.filter(isScope)) };
  cacheKey(hash, key);
  return key;
}

export async function authenticateApiKey(
  secret: string,
  environment: TEnvironment,
): Promise<TAuthContext> {
  const keyEnvironment = environmentOfSecret(secret);
  if (keyEnvironment !== environment) {
    throw unauthorized(
      `This is a ${keyEnvironment} key; send it to the ${keyEnvironment} base address (${basePaths[keyEnvironment]}) or, over MCP, to ${mcpPaths[keyEnvironment]}.`,
    );
  }
  const key = await loadKey(hashSecret(secret));
  if (!key) throw unauthorized("The API key is not valid.");
  if (key.revokedAt) throw unauthorized("The API key has been revoked.");
  if (key.expiresAt && key.expiresAt.getTime() <= Date.now()) {
    throw unauthorized("The API key has expired. Use the key that replaced it.");
  }
  touch(key.id);
  return {
    organizationId: key.organizationId,
    environment: key.environment,
    plan: key.plan,
    scopes: key.scopes,
    credential: { kind: "api_key", keyId: key.id },
  };
}
