import { and, asc, eq, lt } from "drizzle-orm";
import { db } from "@/db/client";
import { settlements } from "@/db/schema";
import { log } from "@/lib/observability/logger";
import { resolveAbandonedExecution } from "./resolve-abandoned-execution";

/**
 * How long after its execution started a settlement still `executing` counts as left behind:
 * well beyond every run's own retries (a batch's hand-over backs off for about two and a half
 * hours, its retry run a few minutes more), so that a run still under way is rarely overtaken. One
 * that is overtaken pays nothing twice: the rail call is keyed by the settlement, the resolution
 * voids what the rail does not hold, and each step re-checks that the settlement is `executing`.
 */
export const stalledAfterMs = 6 * 60 * 60 * 1000;

const batchSize = 100;

/**
 * Resolves the executions no run will finish any more (every retry ran out, e.g. while the
 * database was unreachable, and so did the last resolution): the rail decides each one, as
 * when a retry run gives up (resolveAbandonedExecution). The oldest first, up to `batchSize` per
 * call; one the rail cannot decide now stays for the next call. Returns how many were resolved.
 */
export async function resolveStalledExecutions(): Promise<{
  resolved: number;
  unresolved: number;
}> {
  const stalled = await db
    .select({ id: settlements.id })
    .from(settlements)
    .where(
      and(
        eq(settlements.status, "executing"),
        lt(settlements.executionStartedAt, new Date(Date.now() - stalledAfterMs)),
      ),
    )
    .orderBy(asc(settlements.executionStartedAt))
    .limit(batchSize);
  let resolved = 0;
  for (const { id } of stalled) {
    try {
      const { status } = await resolveAbandonedExecution(id, "no run finished it");
      log.warn({ settlementId: id, status }, "stalled execution resolved by the rail");
      resolved += 1;
    } catch (error) {
      log.warn({ settlementId: id, error: String(error) }, "stalled execution not resolved");
    }
  }
  return { resolved, unresolved: stalled.length - resolved };
}
