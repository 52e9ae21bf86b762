import { eq } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { attestLogHeads, type TAttestLogHeadRow, treeHeadTransitions } from "@/db/schema";
import { signTreeHead } from "@/lib/attest";
import type { TTreeHeadSigningKey } from "./active-tree-head-key";

/**
 * Hands the log over to `key` when its latest head was signed by another (retired) key: `key`
 * signs the same checkpoint, and the pair of signatures is kept as the transition checkpoint, so
 * anything that trusts the retiring key can learn the new one from it, and each key's window of
 * tree sizes ends or starts there. The caller holds the log's lock. A no-op when `key` signed
 * the head already.
 */
export async function passHeadToKey(
  tx: TExecutor,
  head: TAttestLogHeadRow,
  key: TTreeHeadSigningKey,
): Promise<TAttestLogHeadRow> {
  if (head.keyId === key.kid) return head;
  const signed = signTreeHead({ ...head, keyId: key.kid, privateKey: key.privateKey });
  await tx.insert(treeHeadTransitions).values({
    logId: head.logId,
    treeSize: head.treeSize,
    rootHash: head.rootHash,
    previousKeyId: head.keyId,
    previousSignature: head.signature,
    keyId: key.kid,
    signature: signed.signature,
  });
  const [passed] = await tx
    .update(attestLogHeads)
    .set({ keyId: key.kid, signature: signed.signature, signedAt: new Date() })
    .where(eq(attestLogHeads.logId, head.logId))
    .returning();
  return passed!;
}
