import { bigint, bigserial, index, pgTable, text } from "drizzle-orm/pg-core";
import { timestampMs } from "./_columns";

/**
 * Transition checkpoints: where a log's tree-head signing passed from one key to the next. The
 * checkpoint at `treeSize` is signed by both: `previousSignature` is the retiring key's, taken
 * from the head it had already signed at that size, `signature` the new key's. The sequence of a
 * log's transitions gives every key its window of tree sizes (tree-head-key-windows.ts).
 */
export const treeHeadTransitions = pgTable(
  "tree_head_transitions",
  {
    seq: bigserial({ mode: "number" }).primaryKey(),
    logId: text().notNull(),
    treeSize: bigint({ mode: "number" }).notNull(),
    /** The checkpoint's root hash (`0x` + hex). */
    rootHash: text().notNull(),
    previousKeyId: text().notNull(),
    previousSignature: text().notNull(),
    keyId: text().notNull(),
    signature: text().notNull(),
    createdAt: timestampMs().notNull().defaultNow(),
  },
  (t) => [index("idx_tree_head_transitions_log").on(t.logId, t.seq)],
);

export type TTreeHeadTransitionRow = typeof treeHeadTransitions.$inferSelect;
