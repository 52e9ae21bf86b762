import { and, eq, isNotNull } from "drizzle-orm";
import { db } from "@/db/client";
import { treeHeadKeys } from "@/db/schema";
import { advisoryXactLock } from "./attest-log";

/**
 * Retires the generated tree-head signing key; the next seal generates a new one. The retired
 * key stays published in the JWKS, so everything it signed stays verifiable. (A key configured
 * with ATTEST_TREE_HEAD_KEY is rotated by configuring another.)
 */
export async function rotateTreeHeadKey(): Promise<{ retired: string | null }> {
  return db.transaction(async (tx) => {
    await advisoryXactLock(tx, "tree-head-keys");
    const [retired] = await tx
      .update(treeHeadKeys)
      .set({ status: "retired", retiredAt: new Date() })
      .where(and(eq(treeHeadKeys.status, "active"), isNotNull(treeHeadKeys.privateKeyPem)))
      .returning({ kid: treeHeadKeys.kid });
    return { retired: retired?.kid ?? null };
  });
}
