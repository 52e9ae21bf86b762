import { and, eq } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { witnessCosignatures } from "@/db/schema";

/**
 * The witness cosignature lines stored for a tree head of a log, oldest first: the checkpoint
 * route appends them to its note, and a receipt bundle carries them in its tree head.
 */
export async function cosignaturesOf(
  executor: TExecutor,
  { logId, treeSize, rootHash }: { logId: string; treeSize: number; rootHash: string },
): Promise<string[]> {
  const rows = await executor
    .select({ line: witnessCosignatures.line })
    .from(witnessCosignatures)
    .where(
      and(
        eq(witnessCosignatures.logId, logId),
        eq(witnessCosignatures.treeSize, treeSize),
        eq(witnessCosignatures.rootHash, rootHash),
      ),
    )
    .orderBy(witnessCosignatures.createdAt, witnessCosignatures.witnessKey);
  return rows.map((row) => row.line);
}
