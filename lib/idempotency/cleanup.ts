import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import { idempotencyKeys } from "@/db/schema";

const BATCH = 5_000;

/** Deletes records past their 24 hours, in batches so that no statement holds locks for long. */
export async function deleteExpiredIdempotencyKeys(now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db.execute(sql`
      delete from ${idempotencyKeys} where ctid in (
        select ctid from ${idempotencyKeys}
        where ${idempotencyKeys.expiresAt} <= ${now.toISOString()}::timestamptz
        limit ${BATCH}
      ) returning 1`);
    total += deleted.length;
    if (deleted.length < BATCH) return total;
  }
}
