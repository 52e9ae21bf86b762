import { and, eq, isNotNull } from "drizzle-orm";
import { db } from "@/db/client";
import { attestLogHeads, treeHeadKeys } from "@/db/schema";
import { environments } from "@/lib/environment";
import { activeTreeHeadKey } from "./active-tree-head-key";
import { advisoryXactLock, logIdOf } from "./attest-log";
import { passHeadToKey } from "./pass-head-to-key";

/**
 * Retires the generated tree-head signing key and makes a new one, which at once signs each
 * log's latest checkpoint beside the retired key's signature: a transition checkpoint per log.
 * The retired key stays published in the JWKS with its windows of tree sizes, so everything it
 * signed stays verifiable and nothing it signs later is. (A key configured with
 * ATTEST_TREE_HEAD_KEY is rotated by configuring another; the next seal makes the transition.)
 */
export async function rotateTreeHeadKey(): Promise<{ retired: string | null; active: string }> {
  const retired = await db.transaction(async (tx) => {
    await advisoryXactLock(tx, "tree-head-keys");
    const [row] = await tx
      .update(treeHeadKeys)
      .set({ status: "retired", retiredAt: new Date() })
      .where(and(eq(treeHeadKeys.status, "active"), isNotNull(treeHeadKeys.privateKeyPem)))
      .returning({ kid: treeHeadKeys.kid });
    return row?.kid ?? null;
  });
  let active = "";
  for (const environment of environments) {
    // The seal's lock order: the log, then the keys.
    active = await db.transaction(async (tx) => {
      const logId = logIdOf(environment);
      await advisoryXactLock(tx, `attest-log:${logId}`);
      const key = await activeTreeHeadKey(tx);
      const [head] = await tx.select().from(attestLogHeads).where(eq(attestLogHeads.logId, logId));
      if (head) await passHeadToKey(tx, head, key);
      return key.kid;
    });
  }
  return { retired, active };
}
