import { sql } from "drizzle-orm";
import { jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestampMs } from "./_columns";

export const treeHeadKeyStatuses = ["active", "retired"] as const;

/**
 * Ed25519 keys that sign the Merkle log's tree heads, published in /.well-known/jwks.json.
 * Retired keys stay here (and in the JWKS) forever, or receipts sealed under them could no
 * longer be verified. `privateKeyPem` is sealed (lib/crypto/sealed-secret.ts), and null for a key
 * supplied by ATTEST_TREE_HEAD_KEY.
 */
export const treeHeadKeys = pgTable(
  "tree_head_keys",
  {
    kid: text().primaryKey(),
    publicJwk: jsonb().$type<Record<string, string>>().notNull(),
    privateKeyPem: text(),
    status: text({ enum: treeHeadKeyStatuses }).notNull(),
    createdAt: timestampMs().notNull().defaultNow(),
    retiredAt: timestampMs(),
  },
  (t) => [uniqueIndex("idx_tree_head_keys_one_active").on(t.status).where(sql`status = 'active'`)],
);

export type TTreeHeadKeyRow = typeof treeHeadKeys.$inferSelect;
