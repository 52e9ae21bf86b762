import type postgres from "postgres";
import type { TTreeHeadTransitionRow } from "@/db/schema";
import type { TTreeHeadKeyWindow } from "@/lib/attest";

export type TTransitionRow = Omit<TTreeHeadTransitionRow, "seq" | "createdAt">;

type THeadRow = { logId: string; origin: string; treeSize: number; keyId: string };

export type TLogKeyHistory = {
  logId: string;
  origin: string;
  /** Each stretch of the log one key signed, oldest first. */
  windows: (TTreeHeadKeyWindow & { keyId: string })[];
  /** The checkpoints where signing passed from one key to the next, oldest first. */
  transitions: TTransitionRow[];
};

/**
 * A log's windows, walked from its transitions: the first key signs from size 0, each
 * transition ends the previous key's window at its size and starts the next key's there, and the
 * last key's window stays open while it is the active key (otherwise, retired and not yet handed
 * over, it ends at the latest head it signed).
 */
export const windowsOfLog = ({
  head,
  transitions,
  activeKeyId,
}: {
  head: THeadRow;
  transitions: readonly TTransitionRow[];
  activeKeyId: string | undefined;
}): TLogKeyHistory["windows"] => {
  const windows: TLogKeyHistory["windows"] = [];
  let keyId = transitions[0]?.previousKeyId ?? head.keyId;
  let firstTreeSize = 0;
  for (const transition of transitions) {
    windows.push({
      keyId,
      origin: head.origin,
      firstTreeSize,
      lastTreeSize: transition.treeSize,
    });
    keyId = transition.keyId;
    firstTreeSize = transition.treeSize;
  }
  windows.push(
    keyId === activeKeyId
      ? { keyId, origin: head.origin, firstTreeSize }
      : { keyId, origin: head.origin, firstTreeSize, lastTreeSize: head.treeSize },
  );
  return windows;
};

/** Every log's key history (or one log's), read on the caller's connection. */
export async function treeHeadKeyHistory(
  sql: postgres.Sql,
  logId?: string,
): Promise<TLogKeyHistory[]> {
  const only = logId === undefined ? sql`` : sql`where log_id = ${logId}`;
  const [heads, transitions, active] = await Promise.all([
    sql<THeadRow[]>`
      select log_id as "logId", origin, tree_size::float8 as "treeSize", key_id as "keyId"
      from attest_log_heads ${only} order by log_id`,
    sql<TTransitionRow[]>`
      select log_id as "logId", tree_size::float8 as "treeSize", root_hash as "rootHash",
        previous_key_id as "previousKeyId", previous_signature as "previousSignature",
        key_id as "keyId", signature
      from tree_head_transitions ${only} order by seq`,
    sql<{ kid: string }[]>`select kid from tree_head_keys where status = 'active'`,
  ]);
  return heads.map((head) => {
    const own = transitions.filter((transition) => transition.logId === head.logId);
    return {
      logId: head.logId,
      origin: head.origin,
      windows: windowsOfLog({ head, transitions: own, activeKeyId: active[0]?.kid }),
      transitions: own,
    };
  });
}
