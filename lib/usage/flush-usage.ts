import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import { usageDays } from "@/db/schema";
import type { Environment } from "@/lib/environment";
import { restoreUsageTally, takeUsageTally } from "./tally";

/** Adds the tallied counts to usage_days in one upsert; a failed write puts them back. */
export async function flushUsage(): Promise<void> {
  const tally = takeUsageTally();
  if (tally.size === 0) return;
  const rows = [...tally].map(([key, counts]) => {
    const [organizationId, environment, day] = key.split("|") as [string, Environment, string];
    return { organizationId, environment, day, ...counts };
  });
  try {
    await db
      .insert(usageDays)
      .values(rows)
      .onConflictDoUpdate({
        target: [usageDays.organizationId, usageDays.environment, usageDays.day],
        set: {
          requests: sql`${usageDays.requests} + excluded.requests`,
          rateLimited: sql`${usageDays.rateLimited} + excluded.rate_limited`,
        },
      });
  } catch (error) {
    restoreUsageTally(tally);
    throw error;
  }
}
