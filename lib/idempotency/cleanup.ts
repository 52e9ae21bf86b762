import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import { idempotencyKeys } from "@/db/schema";

/**
 * Deletes records past their 24 hours, in batches so that no statement holds locks for long.
 * The retention function (lib/retention) calls it on its schedule.
 */
export async function deleteExpiredIdempotencyKeys({
  now = new Date(),
  batchSize = 5_000,
}: {
  now?: Date;
  batchSize?: number;
} = {}): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db.execute(sql`
      delete from ${idempotencyKeys} where ctid in (
        select ctid from ${idempotencyKeys}
        where ${idempotencyKeys.expiresAt} <= ${now.toISOString()}::timestamptz
        limit ${batchSize}
      ) returning 1`);
    total += deleted.length;
    if (deleted.length < batchSize) return total;
  }
}
