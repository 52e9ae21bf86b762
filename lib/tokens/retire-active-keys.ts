import { and, isNull, ne } from "drizzle-orm";
import type { TTransaction } from "@/db/client";
import { jwtSigningKeys } from "@/db/schema";
import { RETIRED_KEY_PUBLICATION_MS } from "./token-config";

/** Retires every active key except `keep`; each stays published until its tokens expired. */
export async function retireActiveKeys(tx: TTransaction, keep?: string): Promise<number> {
  const now = new Date();
  const retired = await tx
    .update(jwtSigningKeys)
    .set({ retiredAt: now, publishUntil: new Date(now.getTime() + RETIRED_KEY_PUBLICATION_MS) })
    .where(and(isNull(jwtSigningKeys.retiredAt), keep ? ne(jwtSigningKeys.kid, keep) : undefined))
    .returning({ kid: jwtSigningKeys.kid });
  return retired.length;
}
