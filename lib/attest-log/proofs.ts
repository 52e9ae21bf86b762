import { and, eq, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { attestLogNodes } from "@/db/schema";
import { consistencyProof, fromHashHex, inclusionProof, toHashHex } from "@/lib/attest";
import type { TEnvironment } from "@/lib/environment";
import { ApiError, invalid } from "@/lib/http/api-error";
import { logIdOf } from "@/lib/receipts/attest-log";
import { pgNodeStore } from "@/lib/receipts/pg-node-store";
import { latestHead, sizeWithin } from "./latest-head";
import type { TConsistencyProof, TInclusionProof } from "./schemas";

/** RFC 9162 consistency proof between two sizes of the log, the newer by default the latest. */
export async function readConsistencyProof({
  environment,
  from,
  to,
}: {
  environment: TEnvironment;
  from: number;
  to?: number;
}): Promise<TConsistencyProof> {
  const head = await latestHead(environment);
  const newSize = sizeWithin(to, head, "to");
  if (from < 1) throw invalid("from must be at least 1: every tree extends the empty one.", "from");
  if (from > newSize) throw invalid(`from=${from} is larger than to=${newSize}.`, "from");
  const store = pgNodeStore(db, logIdOf(environment));
  const proof = await consistencyProof({ store, oldSize: from, newSize });
  return { from, to: newSize, proof: proof.map(toHashHex) };
}

/** RFC 9162 inclusion proof of the leaf with this hash in the tree of `treeSize` (latest by default). */
export async function readInclusionProof({
  environment,
  leafHash,
  treeSize,
}: {
  environment: TEnvironment;
  leafHash: string;
  treeSize?: number;
}): Promise<TInclusionProof> {
  const head = await latestHead(environment);
  const size = sizeWithin(treeSize, head, "treeSize");
  const [leaf] = await db
    .select({ idx: attestLogNodes.idx })
    .from(attestLogNodes)
    .where(
      and(
        eq(attestLogNodes.logId, logIdOf(environment)),
        sql`${attestLogNodes.level} = 0`,
        eq(attestLogNodes.hash, fromHashHex(leafHash)),
      ),
    )
    .orderBy(attestLogNodes.idx)
    .limit(1);
  if (!leaf || leaf.idx >= size) {
    throw new ApiError({
      code: "not_found",
      message: `No leaf with hash ${leafHash} in the ${environment} log of size ${size}.`,
      param: "leafHash",
    });
  }
  const store = pgNodeStore(db, logIdOf(environment));
  const proof = await inclusionProof({ store, index: leaf.idx, size });
  return { leafIndex: leaf.idx, treeSize: size, proof: proof.map(toHashHex) };
}
