import { inArray } from "drizzle-orm";
import { db, rawSql } from "@/db/client";
import { type TAttestLogHeadRow, treeHeadKeys } from "@/db/schema";
import { formatCheckpoint, formatNoteVerifierKey, noteSignatureLine } from "@/lib/attest";
import { treeHeadKeyHistory } from "@/lib/receipts/tree-head-key-history";
import type { TLogKeys } from "./schemas";

/** The log's key windows and transition checkpoints, with each key's vkey and both signatures. */
export async function presentLogKeys(head: TAttestLogHeadRow): Promise<TLogKeys> {
  const [history] = await treeHeadKeyHistory(rawSql(), head.logId);
  if (!history) throw new Error(`attest log ${head.logId} has a head but no history`);
  const keyIds = [
    ...new Set([
      ...history.windows.map((window) => window.keyId),
      ...history.transitions.map((transition) => transition.previousKeyId),
    ]),
  ];
  const rows = await db
    .select({ kid: treeHeadKeys.kid, publicJwk: treeHeadKeys.publicJwk })
    .from(treeHeadKeys)
    .where(inArray(treeHeadKeys.kid, keyIds));
  const xOf = new Map(rows.map((row) => [row.kid, row.publicJwk.x]));
  const x = (kid: string) => {
    const found = xOf.get(kid);
    if (!found) throw new Error(`tree head key ${kid} is not stored`);
    return found;
  };
  const keyName = history.origin;
  return {
    origin: history.origin,
    windows: history.windows.map(({ keyId, firstTreeSize, lastTreeSize }) => ({
      keyId,
      vkey: formatNoteVerifierKey({ keyName, x: x(keyId) }),
      firstTreeSize,
      lastTreeSize: lastTreeSize ?? null,
    })),
    transitions: history.transitions.map((transition) => {
      const text = formatCheckpoint({ origin: history.origin, ...transition });
      const lines = [
        noteSignatureLine({ keyName, x: x(transition.keyId), signature: transition.signature }),
        noteSignatureLine({
          keyName,
          x: x(transition.previousKeyId),
          signature: transition.previousSignature,
        }),
      ];
      return {
        treeSize: transition.treeSize,
        rootHash: transition.rootHash,
        previousKeyId: transition.previousKeyId,
        keyId: transition.keyId,
        note: `${text}\n${lines.join("\n")}\n`,
      };
    }),
  };
}
