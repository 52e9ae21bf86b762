import { config } from "@/config";
import { db } from "@/db/client";
import { jwtSigningKeys } from "@/db/schema";
import { retireActiveKeys } from "./retire-active-keys";
import { lockSigningKeys } from "./signing-key-lock";
import { generateSigningKeyMaterial, storedSigningKey } from "./signing-key-material";

/**
 * Adds a new active key and retires the old one, which stays in the JWKS until every token it
 * signed has expired. Servers pick the new key up within SIGNING_KEY_CACHE_MS.
 */
export async function rotateSigningKey() {
  if (config().JWT_PRIVATE_KEY) {
    throw new Error("JWT_PRIVATE_KEY is set: rotate by configuring the new key instead.");
  }
  const generated = await generateSigningKeyMaterial();
  return db.transaction(async (tx) => {
    await lockSigningKeys(tx);
    const retired = await retireActiveKeys(tx);
    await tx.insert(jwtSigningKeys).values(storedSigningKey(generated));
    return { kid: generated.kid, retired };
  });
}
