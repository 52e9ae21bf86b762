import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { witnessCosignatures } from "@/db/schema";
import {
  formatCheckpoint,
  parseCheckpoint,
  parseCosignatureLine,
  toHashHex,
  treeRoot,
  verifyCosignature,
  witnessOf,
} from "@/lib/attest";
import type { TEnvironment } from "@/lib/environment";
import { ApiError, conflict, invalid } from "@/lib/http/api-error";
import { logIdOf } from "@/lib/receipts/attest-log";
import { pgNodeStore } from "@/lib/receipts/pg-node-store";
import { latestHead } from "./latest-head";
import type { TCosignatureSubmission, TStoredCosignature } from "./schemas";
import { configuredWitnesses } from "./witnesses";

const forbidden = (message: string) =>
  new ApiError({ code: "forbidden", message, param: "cosignature" });

/**
 * The submitted checkpoint text, read, when it is exactly this log's checkpoint at its size: the
 * origin, and the root of the stored tree at that size (the latest or an earlier one: the log
 * grows while a witness checks it, and its older trees never change). 400 otherwise, 409 for a
 * size beyond the latest checkpoint.
 */
async function ownCheckpoint(environment: TEnvironment, text: string) {
  const head = await latestHead(environment);
  let submitted: ReturnType<typeof parseCheckpoint>;
  try {
    submitted = parseCheckpoint(text);
  } catch (error) {
    throw invalid(`Not a checkpoint: ${(error as Error).message}.`, "checkpoint");
  }
  if (submitted.origin !== head.origin) {
    throw invalid(
      `The checkpoint is for log ${submitted.origin}, not ${head.origin}.`,
      "checkpoint",
    );
  }
  if (submitted.treeSize > head.treeSize) {
    throw conflict(
      `The log's latest checkpoint has size ${head.treeSize}; size ${submitted.treeSize} is beyond it.`,
      "checkpoint",
    );
  }
  const store = pgNodeStore(db, logIdOf(environment));
  const root =
    submitted.treeSize === 0 ? null : await treeRoot({ store, size: submitted.treeSize });
  // The exact text: a cosignature covers extension lines too, and this log writes none.
  if (!root || toHashHex(root) !== submitted.rootHash || formatCheckpoint(submitted) !== text) {
    throw invalid(`Not this log's checkpoint at size ${submitted.treeSize}.`, "checkpoint");
  }
  return submitted;
}

/**
 * Stores a witness's cosignature of one of the log's checkpoints, once it verifies with a
 * configured witness key over exactly this log's checkpoint at that size. Anything else is
 * refused and nothing is stored; the same witness and size again answers the cosignature stored
 * first. The checkpoint route and bundles show the cosignatures of the tree head they show.
 */
export async function addCosignature({
  environment,
  submission,
}: {
  environment: TEnvironment;
  submission: TCosignatureSubmission;
}): Promise<TStoredCosignature> {
  const witnesses = configuredWitnesses();
  if (witnesses.length === 0) {
    throw forbidden("This log accepts no witness cosignatures: ATTEST_WITNESSES is not set.");
  }
  const line = parseCosignatureLine(submission.cosignature);
  if (!line) {
    throw invalid(
      "Not a cosignature line: expected `— <witness name> base64(key ID ‖ timestamp ‖ Ed25519 signature)` (c2sp.org/tlog-cosignature).",
      "cosignature",
    );
  }
  if (line.timestamp > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw invalid("The cosignature's timestamp is not a time this log can store.", "cosignature");
  }
  const witness = witnessOf(line, witnesses);
  if (!witness) throw forbidden(`No configured witness is named ${line.name} with this key ID.`);

  const checkpoint = await ownCheckpoint(environment, submission.checkpoint);
  if (!(await verifyCosignature({ checkpoint: submission.checkpoint, line, witness }))) {
    throw invalid(
      `The cosignature does not verify with the key of witness ${witness.name} over this checkpoint.`,
      "cosignature",
    );
  }

  const logId = logIdOf(environment);
  await db
    .insert(witnessCosignatures)
    .values({
      logId,
      treeSize: checkpoint.treeSize,
      rootHash: checkpoint.rootHash,
      witnessKey: witness.vkey,
      line: submission.cosignature,
      cosignedAt: Number(line.timestamp),
    })
    .onConflictDoNothing();
  const [stored] = await db
    .select()
    .from(witnessCosignatures)
    .where(
      and(
        eq(witnessCosignatures.logId, logId),
        eq(witnessCosignatures.treeSize, checkpoint.treeSize),
        eq(witnessCosignatures.witnessKey, witness.vkey),
      ),
    );
  if (!stored) throw new Error("the cosignature just stored is not there");
  return {
    witness: witness.name,
    treeSize: stored.treeSize,
    rootHash: stored.rootHash,
    cosignature: stored.line,
    timestamp: stored.cosignedAt,
  };
}
