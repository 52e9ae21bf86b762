import { and, eq, gte, isNotNull, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { settlements, usageDays } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";
import { countsAsSettledVolume } from "@/lib/settlements/settled-volume";
import { visibleSettlements } from "@/lib/settlements/visibility";

export type TUsageDay = {
  day: string;
  requests: number;
  rateLimited: number;
  /** Settled volume by execution day, per currency (minor units); reversals excluded. */
  volume: { currency: string; value: number; count: number }[];
};

const DAY_MS = 86_400_000;

/** The last `days` UTC days, oldest first, every day present (zeros where nothing happened). */
export async function usageByDay({ tenant, days }: { tenant: TTenant; days: number }) {
  const today = new Date(new Date().toISOString().slice(0, 10));
  const first = new Date(today.getTime() - (days - 1) * DAY_MS);
  const firstDay = first.toISOString().slice(0, 10);
  const executedDay = sql<string>`to_char(${settlements.executedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [requestRows, volumeRows] = await Promise.all([
    db
      .select()
      .from(usageDays)
      .where(
        and(
          eq(usageDays.organizationId, tenant.organizationId),
          eq(usageDays.environment, tenant.environment),
          gte(usageDays.day, firstDay),
        ),
      ),
    db
      .select({
        day: executedDay,
        currency: settlements.currency,
        value: sql<string>`sum(${settlements.amountValue})`,
        count: sql<number>`count(*)::int`,
      })
      .from(settlements)
      .where(
        and(
          visibleSettlements(tenant),
          countsAsSettledVolume,
          isNotNull(settlements.executedAt),
          gte(settlements.executedAt, first),
        ),
      )
      .groupBy(executedDay, settlements.currency),
  ]);
  const result: TUsageDay[] = [];
  for (let index = 0; index < days; index++) {
    const day = new Date(first.getTime() + index * DAY_MS).toISOString().slice(0, 10);
    const counts = requestRows.find((row) => row.day === day);
    result.push({
      day,
      requests: counts?.requests ?? 0,
      rateLimited: counts?.rateLimited ?? 0,
      volume: volumeRows
        .filter((row) => row.day === day)
        .map((row) => ({ currency: row.currency, value: Number(row.value), count: row.count })),
    });
  }
  return { data: result };
}
