import { and, eq, isNull } from "drizzle-orm";
import { db } from "@/db/client";
import { apiKeys } from "@/db/schema";
import type { TScope } from "@/lib/auth/scopes";
import { conflict } from "@/lib/http/api-error";
import { createApiKey } from "./create-key";
import { getApiKeyOrThrow } from "./get-key";
import { forgetKey } from "./key-cache";
import { keyStatus, presentKey } from "./present-key";
import { rollOverlaps, type TRollOverlap } from "./roll-overlaps";

/**
 * Issues a new secret with the same name, environment, scopes and expiry. The old secret keeps
 * working until the overlap ends, so clients can switch without downtime.
 */
export async function rollApiKey(input: {
  organizationId: string;
  keyId: string;
  overlap: TRollOverlap;
}) {
  const result = await db.transaction(async (tx) => {
    const old = await getApiKeyOrThrow(input, tx);
    const status = keyStatus(old);
    if (status === "revoked" || status === "expired") {
      throw conflict(`The key is ${status}; create a new key instead.`, "keyId");
    }
    if (old.replacedById) throw conflict("The key has already been rolled.", "keyId");
    const overlapEnds = new Date(Date.now() + rollOverlaps[input.overlap]);
    const expiresAt = old.expiresAt && old.expiresAt < overlapEnds ? old.expiresAt : overlapEnds;
    const created = await createApiKey(
      {
        organizationId: old.organizationId,
        environment: old.environment,
        name: old.name,
        scopes: old.scopes as TScope[],
        expiresAt: old.expiresAt,
      },
      tx,
    );
    const [updated] = await tx
      .update(apiKeys)
      .set({ expiresAt, replacedById: created.key.id })
      .where(and(eq(apiKeys.id, old.id), isNull(apiKeys.replacedById)))
      .returning();
    // A concurrent roll got there first; rolling back also discards the key created above.
    if (!updated) throw conflict("The key has already been rolled.", "keyId");
    return { ...created, previous: presentKey(updated) };
  });
  forgetKey(input.keyId);
  return result;
}
