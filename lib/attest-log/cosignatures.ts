import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { witnessCosignatures } from "@/db/schema";
import {
  formatCheckpoint,
  parseCheckpoint,
  parseCosignatureLine,
  verifyCosignature,
  witnessOf,
} from "@/lib/attest";
import type { TEnvironment } from "@/lib/environment";
import { ApiError, conflict, invalid } from "@/lib/http/api-error";
import { logIdOf } from "@/lib/receipts/attest-log";
import { latestHead } from "./latest-head";
import type { TCosignatureSubmission, TStoredCosignature } from "./schemas";
import { configuredWitnesses } from "./witnesses";

const forbidden = (message: string) =>
  new ApiError({ code: "forbidden", message, param: "cosignature" });

/**
 * Stores a witness's cosignature of the log's latest checkpoint, once it verifies with a
 * configured witness key over exactly the checkpoint this log signed. Anything else is refused
 * and nothing is stored; the same witness and size again answers the cosignature stored first.
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

  const head = await latestHead(environment);
  const signed = formatCheckpoint(head);
  let submitted: ReturnType<typeof parseCheckpoint>;
  try {
    submitted = parseCheckpoint(submission.checkpoint);
  } catch (error) {
    throw invalid(`Not a checkpoint: ${(error as Error).message}.`, "checkpoint");
  }
  if (submitted.origin !== head.origin) {
    throw invalid(
      `The checkpoint is for log ${submitted.origin}, not ${head.origin}.`,
      "checkpoint",
    );
  }
  if (submitted.treeSize !== head.treeSize) {
    throw conflict(
      `The log's latest checkpoint has size ${head.treeSize}, not ${submitted.treeSize}: cosign that one.`,
      "checkpoint",
    );
  }
  if (submission.checkpoint !== signed) {
    throw invalid(`Not the checkpoint this log signed at size ${head.treeSize}.`, "checkpoint");
  }
  if (!(await verifyCosignature({ checkpoint: signed, line, witness }))) {
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
      treeSize: head.treeSize,
      rootHash: head.rootHash,
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
        eq(witnessCosignatures.treeSize, head.treeSize),
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

/** The cosignature lines stored for a tree head of a log, oldest first. */
export async function cosignaturesOf({
  logId,
  treeSize,
  rootHash,
}: {
  logId: string;
  treeSize: number;
  rootHash: string;
}): Promise<string[]> {
  const rows = await db
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
