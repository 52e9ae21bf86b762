import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { type TAttestLogHeadRow, treeHeadKeys } from "@/db/schema";
import { formatNoteVerifierKey, formatSignedNote } from "@/lib/attest";
import { cosignaturesOf } from "@/lib/receipts/tree-head-cosignatures";
import type { TCheckpoint } from "./schemas";

/**
 * The tree head as JSON, with the same signature rendered as a C2SP signed note. Witness
 * cosignatures accepted for it follow the log's signature line: a signed note may carry more
 * signatures, and verifiers skip the lines of keys they do not know.
 */
export async function presentCheckpoint(head: TAttestLogHeadRow): Promise<TCheckpoint> {
  const [key] = await db
    .select({ publicJwk: treeHeadKeys.publicJwk })
    .from(treeHeadKeys)
    .where(eq(treeHeadKeys.kid, head.keyId));
  const treeHead = {
    origin: head.origin,
    treeSize: head.treeSize,
    rootHash: head.rootHash,
    signature: head.signature,
    keyId: head.keyId,
  };
  if (!key?.publicJwk.x) throw new Error(`tree head key ${head.keyId} is not stored`);
  const cosignatures = await cosignaturesOf(db, head);
  const note = formatSignedNote({ treeHead, publicJwk: { x: key.publicJwk.x } });
  return {
    ...treeHead,
    cosignatures,
    signedAt: head.signedAt.toISOString(),
    note: note + cosignatures.map((line) => `${line}\n`).join(""),
    vkey: formatNoteVerifierKey({ keyName: head.origin, x: key.publicJwk.x }),
  };
}
