import { sql } from "drizzle-orm";
import type { TTransaction } from "@/db/client";

/**
 * Serializes every change to the set of signing keys across processes (two servers starting at
 * once, a rotation during a start), for the rest of the transaction.
 */
export async function lockSigningKeys(tx: TTransaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('jwt_signing_keys'))`);
}
