import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { agentKeys, type TAgentKeyRow, type TReceiptRow } from "@/db/schema";
import {
  agentKeyEntryText,
  inclusionProof,
  readTranscript,
  type TEvidenceRecord,
  type TKeyProof,
  type TTreeHead,
  toHashHex,
} from "@/lib/attest";
import type { TEnvironment } from "@/lib/environment";
import { logIdOf } from "./attest-log";
import { pgNodeStore } from "./pg-node-store";

type TKeyEntryRow = Pick<
  TAgentKeyRow,
  "id" | "agentId" | "publicJwk" | "createdAt" | "revokedAt" | "addedLogIndex" | "revokedLogIndex"
>;

/** The log entry recording that the key was added to its agent. */
export const addedKeyEntry = (row: TKeyEntryRow): string =>
  agentKeyEntryText({
    action: "add",
    agentId: row.agentId,
    keyId: row.id,
    publicJwk: row.publicJwk,
    at: row.createdAt.toISOString(),
  });

/** The log entry recording the key's revocation; the key must be revoked. */
export const revokedKeyEntry = (row: TKeyEntryRow): string =>
  agentKeyEntryText({
    action: "revoke",
    agentId: row.agentId,
    keyId: row.id,
    publicJwk: row.publicJwk,
    at: row.revokedAt!.toISOString(),
  });

export type TUnloggedKeyEntry = { keyId: string; column: "added" | "revoked"; text: string };

/**
 * The agent key entries of the environment not in its log yet, in the order they happened
 * (an addition before its revocation), their rows locked for the seal that logs them.
 */
export async function unloggedKeyEntries(
  tx: TExecutor,
  environment: TEnvironment,
): Promise<TUnloggedKeyEntry[]> {
  const rows = await tx
    .select()
    .from(agentKeys)
    .where(
      and(
        eq(agentKeys.environment, environment),
        sql`(${agentKeys.addedLogIndex} is null or (${agentKeys.revokedAt} is not null and ${agentKeys.revokedLogIndex} is null))`,
      ),
    )
    .orderBy(asc(agentKeys.createdAt), asc(agentKeys.id))
    .for("update");
  const entries: TUnloggedKeyEntry[] = [];
  for (const row of rows) {
    if (row.addedLogIndex === null)
      entries.push({ keyId: row.id, column: "added", text: addedKeyEntry(row) });
  }
  for (const row of rows) {
    if (row.revokedAt && row.revokedLogIndex === null)
      entries.push({ keyId: row.id, column: "revoked", text: revokedKeyEntry(row) });
  }
  return entries;
}

/**
 * Records the leaf each entry was given (`first` is the first entry's): one row per key, since
 * a key added and revoked since the last seal has both entries in this one.
 */
export async function markKeyEntriesLogged(
  tx: TExecutor,
  entries: readonly TUnloggedKeyEntry[],
  first: number,
) {
  if (entries.length === 0) return;
  const leaves = new Map<string, { added: number | null; revoked: number | null }>();
  for (const [i, entry] of entries.entries()) {
    const key = leaves.get(entry.keyId) ?? { added: null, revoked: null };
    key[entry.column] = first + i;
    leaves.set(entry.keyId, key);
  }
  const values = [...leaves].map(
    ([keyId, { added, revoked }]) => sql`(${keyId}, ${added}::bigint, ${revoked}::bigint)`,
  );
  await tx.execute(sql`
    update ${agentKeys} set
      added_log_index = coalesce(v.added, ${agentKeys.addedLogIndex}),
      revoked_log_index = coalesce(v.revoked, ${agentKeys.revokedLogIndex})
    from (values ${sql.join(values, sql`, `)}) as v(id, added, revoked)
    where ${agentKeys.id} = v.id`);
}

/** The agents and key ids that signed steps of the transcript in `evidence`. */
const signingKeysOf = (evidence: readonly TEvidenceRecord[]) => {
  const steps = readTranscript(evidence);
  if (typeof steps === "string") return [];
  const keys = new Map<string, { agentId: string; keyId: string }>();
  for (const { payload } of steps) {
    if (!payload.signature) continue;
    const key = { agentId: payload.agentId, keyId: payload.signature.keyId };
    keys.set(`${key.agentId} ${key.keyId}`, key);
  }
  return [...keys.values()];
};

export type TKeyProofsInput = {
  row: Pick<TReceiptRow, "environment" | "formatVersion" | "logIndex">;
  evidence: readonly TEvidenceRecord[];
  /** The tree head the bundle's proofs are under; none before the first seal. */
  treeHead: Pick<TTreeHead, "treeSize"> | null;
};

/**
 * For a sealed format 3 receipt's bundle: the log entries of every key that signed in its
 * transcript (the addition, and the revocation once logged) with their inclusion proofs in the
 * log of the tree head's size; none for any other receipt. Entries the log did not hold at that
 * size are left out, so the verifier names the key that is missing.
 */
export async function signingKeyProofs(
  executor: TExecutor,
  { row, evidence, treeHead }: TKeyProofsInput,
): Promise<TKeyProof[]> {
  if (row.formatVersion < 3 || row.logIndex === null || !treeHead) return [];
  const { environment } = row;
  const { treeSize } = treeHead;
  const signing = signingKeysOf(evidence);
  if (signing.length === 0) return [];
  const rows = await executor
    .select()
    .from(agentKeys)
    .where(
      and(
        eq(agentKeys.environment, environment),
        inArray(
          agentKeys.id,
          signing.map((key) => key.keyId),
        ),
        lt(agentKeys.addedLogIndex, treeSize),
      ),
    )
    .orderBy(asc(agentKeys.addedLogIndex));
  const store = pgNodeStore(executor, logIdOf(environment));
  const proofs: TKeyProof[] = [];
  const prove = async (entry: string, leafIndex: number) => {
    const hashes = await inclusionProof({ store, index: leafIndex, size: treeSize });
    proofs.push({ entry, leafIndex, hashes: hashes.map(toHashHex) });
  };
  for (const row of rows) {
    if (!signing.some((key) => key.agentId === row.agentId && key.keyId === row.id)) continue;
    await prove(addedKeyEntry(row), row.addedLogIndex!);
    if (row.revokedLogIndex !== null && row.revokedLogIndex < treeSize)
      await prove(revokedKeyEntry(row), row.revokedLogIndex);
  }
  return proofs;
}
