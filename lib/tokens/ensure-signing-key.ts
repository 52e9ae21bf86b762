import { desc, isNull } from "drizzle-orm";
import { config } from "@/config";
import { db } from "@/db/client";
import { jwtSigningKeys } from "@/db/schema";
import { retireActiveKeys } from "./retire-active-keys";
import { lockSigningKeys } from "./signing-key-lock";
import {
  generateSigningKeyMaterial,
  signingKeyMaterialFromPem,
  storedSigningKey,
} from "./signing-key-material";

export type TSigningKeySource = { kid: string; source: "configured" | "stored" | "generated" };

/**
 * Makes sure exactly one active signing key exists, under a lock so that processes starting at
 * the same time agree on it. A key from JWT_PRIVATE_KEY is recorded (its public half only) and
 * replaces any other active key; otherwise the stored active key is used, or one is generated.
 */
export async function ensureSigningKey(
  configuredPem = config().JWT_PRIVATE_KEY,
): Promise<TSigningKeySource> {
  const configured = configuredPem ? await signingKeyMaterialFromPem(configuredPem) : undefined;
  return db.transaction(async (tx) => {
    await lockSigningKeys(tx);
    if (configured) {
      await tx
        .insert(jwtSigningKeys)
        .values({ kid: configured.kid, publicJwk: configured.publicJwk, privatePem: null })
        // A key configured again after another one is active again, and published.
        .onConflictDoUpdate({
          target: jwtSigningKeys.kid,
          set: { retiredAt: null, publishUntil: null },
        });
      await retireActiveKeys(tx, configured.kid);
      return { kid: configured.kid, source: "configured" as const };
    }
    const [active] = await tx
      .select({ kid: jwtSigningKeys.kid })
      .from(jwtSigningKeys)
      .where(isNull(jwtSigningKeys.retiredAt))
      .orderBy(desc(jwtSigningKeys.createdAt))
      .limit(1);
    if (active) return { kid: active.kid, source: "stored" as const };
    const generated = await generateSigningKeyMaterial();
    await tx.insert(jwtSigningKeys).values(storedSigningKey(generated));
    return { kid: generated.kid, source: "generated" as const };
  });
}
