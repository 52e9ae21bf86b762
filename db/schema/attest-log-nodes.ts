import { sql } from "drizzle-orm";
import {
  bigint,
  customType,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
} from "drizzle-orm/pg-core";

// Hashes are plain Uint8Arrays in lib/attest; the drivers bind bytea from a Buffer.
const bytea = customType<{ data: Uint8Array; driverData: Buffer }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The Merkle log's complete subtrees (RFC 9162): node (level, idx) covers leaves
 * [idx·2^level, (idx+1)·2^level), level 0 being leaf hashes. Rows are inserted under the log
 * head's lock and never updated. One log per environment (`logId`), shared by every
 * organization: a leaf is only a receipt's attestHash, which discloses nothing.
 */
export const attestLogNodes = pgTable(
  "attest_log_nodes",
  {
    logId: text().notNull(),
    level: smallint().notNull(),
    idx: bigint({ mode: "number" }).notNull(),
    hash: bytea().notNull(),
  },
  (t) => [
    primaryKey({ name: "attest_log_nodes_pkey", columns: [t.logId, t.level, t.idx] }),
    // Inclusion proofs by leaf hash look a leaf up by its hash.
    index("idx_attest_log_leaves_on_hash").on(t.logId, t.hash).where(sql`level = 0`),
  ],
);
