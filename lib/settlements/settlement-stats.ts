import { and, gte, isNotNull, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import { db } from "@/db/client";
import { settlementStatuses, settlements, type TSettlementStatus } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";
import { invalid } from "@/lib/http/api-error";
import type { ZSettlementStats, ZSettlementStatsQuery } from "./schemas";
import { countsAsSettledVolume } from "./settled-volume";
import { visibleSettlements } from "./visibility";

const executionMs = sql`extract(epoch from (${settlements.executedAt} - ${settlements.executionStartedAt})) * 1000`;

/** Counts per status, executed volume per currency, success rate and execution times. */
export async function settlementStats({
  tenant,
  query,
}: {
  tenant: TTenant;
  query: z.output<typeof ZSettlementStatsQuery>;
}): Promise<z.input<typeof ZSettlementStats>> {
  const from = query.from ? new Date(query.from) : undefined;
  const to = query.to ? new Date(query.to) : undefined;
  if (from && to && from >= to) throw invalid("from must be before to.", "from");
  const scope = and(
    visibleSettlements(tenant),
    from ? gte(settlements.createdAt, from) : undefined,
    to ? lt(settlements.createdAt, to) : undefined,
  );
  const [byStatus, volume, [timing]] = await Promise.all([
    db
      .select({ status: settlements.status, count: sql<number>`count(*)::int` })
      .from(settlements)
      .where(scope)
      .groupBy(settlements.status),
    db
      .select({
        currency: settlements.currency,
        value: sql<string>`sum(${settlements.amountValue})`,
        count: sql<number>`count(*)::int`,
      })
      .from(settlements)
      .where(and(scope, countsAsSettledVolume))
      .groupBy(settlements.currency)
      .orderBy(settlements.currency),
    db
      .select({
        executedEver: sql<number>`count(*)::int`,
        mean: sql<string | null>`avg(${executionMs})`,
        p95: sql<string | null>`percentile_cont(0.95) within group (order by ${executionMs})`,
      })
      .from(settlements)
      .where(and(scope, isNotNull(settlements.executedAt))),
  ]);
  const counts = Object.fromEntries(settlementStatuses.map((status) => [status, 0])) as Record<
    TSettlementStatus,
    number
  >;
  for (const row of byStatus) counts[row.status] = row.count;
  const executedEver = timing?.executedEver ?? 0;
  const finished = executedEver + counts.failed;
  const round = (value: string | null | undefined) =>
    value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;
  return {
    from: from?.toISOString() ?? null,
    to: to?.toISOString() ?? null,
    total: byStatus.reduce((sum, row) => sum + row.count, 0),
    counts,
    executedVolume: volume.map((row) => ({
      currency: row.currency,
      value: Number(row.value),
      count: row.count,
    })),
    successRate: finished === 0 ? null : Math.round((executedEver / finished) * 10_000) / 100,
    executionTimeMs: { mean: round(timing?.mean), p95: round(timing?.p95) },
  };
}
