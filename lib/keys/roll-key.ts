import { and, eq, isNull } from "drizzle-orm";
import { db, type TExecutor } from "@/db/client";
import { apiKeys, type TApiKeyRow } from "@/db/schema";
import type { TScope } from "@/lib/auth/scopes";
import { conflict } from "@/lib/http/api-error";
import { createApiKey } from "./create-key";
import { getApiKeyOrThrow } from "./get-key";
import { forgetKey } from "./key-cache";
import { keyStatus, presentKey } from "./present-key";
import { rollOverlaps, type TRollOverlap } from "./roll-overlaps";

/**
 * In `tx`: a new secret for `old` with the same name, environment and scopes, expiring at
 * `expiresAt`; the old secret works until `overlapEnds` (or its own expiry, if sooner). Null when
 * a concurrent roll got there first (rolling back then also discards the new key). The caller
 * forgets the old key's cached row once `tx` commits.
 */
export async function rollKeyIn(
  tx: TExecutor,
  old: TApiKeyRow,
  { overlapEnds, expiresAt }: { overlapEnds: Date; expiresAt: Date | null },
) {
  const created = await createApiKey(
    {
      organizationId: old.organizationId,
      environment: old.environment,
      name: old.name,
      scopes: old.scopes as TScope[],
      expiresAt,
    },
    tx,
  );
  const oldExpiresAt = old.expiresAt && old.expiresAt < overlapEnds ? old.expiresAt : overlapEnds;
  const [updated] = await tx
    .update(apiKeys)
    .set({ expiresAt: oldExpiresAt, replacedById: created.key.id })
    .where(and(eq(apiKeys.id, old.id), isNull(apiKeys.replacedById)))
    .returning();
  return updated ? { ...created, previous: updated } : null;
}

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
    const rolled = await rollKeyIn(tx, old, {
      overlapEnds: new Date(Date.now() + rollOverlaps[input.overlap]),
      expiresAt: old.expiresAt,
    });
    if (!rolled) throw conflict("The key has already been rolled.", "keyId");
    return { ...rolled, previous: presentKey(rolled.previous) };
  });
  forgetKey(input.keyId);
  return result;
}
