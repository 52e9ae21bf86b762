import { bigint, pgTable, text } from "drizzle-orm/pg-core";
import { environmentEnum, timestampMs } from "./_columns";

/**
 * The signed tree head of each environment's Merkle log (C2SP checkpoint fields). Appends take
 * `pg_advisory_xact_lock` on the log before reading it, so leaf indices have no gaps.
 */
export const attestLogHeads = pgTable("attest_log_heads", {
  logId: text().primaryKey(),
  environment: environmentEnum().notNull(),
  /** The checkpoint origin, fixed when the log is created. */
  origin: text().notNull(),
  treeSize: bigint({ mode: "number" }).notNull(),
  rootHash: text().notNull(),
  signature: text().notNull(),
  keyId: text().notNull(),
  signedAt: timestampMs().notNull(),
});

export type TAttestLogHeadRow = typeof attestLogHeads.$inferSelect;
