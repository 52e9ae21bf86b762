import { bigint, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestampMs } from "./_columns";

/**
 * Witness cosignatures (c2sp.org/tlog-cosignature) of the log's checkpoints, each verified
 * against a configured witness key and the log's own tree at that size before it was stored.
 * One per witness and tree size: the first accepted stays. Checkpoints and receipt bundles carry
 * the lines stored for their tree head.
 */
export const witnessCosignatures = pgTable(
  "witness_cosignatures",
  {
    logId: text().notNull(),
    treeSize: bigint({ mode: "number" }).notNull(),
    /** The checkpoint's root hash (`0x` + hex), which the cosignature covers. */
    rootHash: text().notNull(),
    /** The witness's vkey, as configured when the cosignature was accepted. */
    witnessKey: text().notNull(),
    /** The signed-note line `— <witness name> base64(key ID ‖ timestamp ‖ signature)`. */
    line: text().notNull(),
    /** The witness's timestamp (unix seconds), from the line. */
    cosignedAt: bigint({ mode: "number" }).notNull(),
    createdAt: timestampMs().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: "witness_cosignatures_pkey",
      columns: [t.logId, t.treeSize, t.witnessKey],
    }),
  ],
);

export type TWitnessCosignatureRow = typeof witnessCosignatures.$inferSelect;
