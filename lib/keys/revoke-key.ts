import { and, eq, isNull } from "drizzle-orm";
import { db } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { forgetTokenSubjects } from "@/lib/tokens/token-subject";
import { getApiKeyOrThrow } from "./get-key";
import { forgetKey } from "./key-cache";
import { presentKey } from "./present-key";

/**
 * Revokes at once, with the agent tokens the key issued. Revoking a revoked key is a no-op that
 * returns it unchanged.
 */
export async function revokeApiKey(input: { organizationId: string; keyId: string }) {
  const [revoked] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(apiKeys.id, input.keyId),
        eq(apiKeys.organizationId, input.organizationId),
        isNull(apiKeys.revokedAt),
      ),
    )
    .returning();
  forgetKey(input.keyId);
  forgetTokenSubjects(input.organizationId);
  return presentKey(revoked ?? (await getApiKeyOrThrow(input)));
}
