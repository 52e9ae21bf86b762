import { asc } from "drizzle-orm";
import { db, type Executor } from "@/db/client";
import { treeHeadKeys } from "@/db/schema";
import type { TJwk } from "@/lib/attest";

/**
 * Every tree-head public key, active and retired, as JWKs for /.well-known/jwks.json (beside the
 * RS256 token keys). Retired keys are never dropped: receipts sealed under them must stay
 * verifiable.
 */
export async function treeHeadPublicJwks(executor: Executor = db): Promise<TJwk[]> {
  const rows = await executor
    .select({ publicJwk: treeHeadKeys.publicJwk })
    .from(treeHeadKeys)
    .orderBy(asc(treeHeadKeys.createdAt));
  return rows.map((row) => row.publicJwk as TJwk);
}
