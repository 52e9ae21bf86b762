import { and, eq, gte, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { requestLogs } from "@/db/schema";
import { getApiKeyOrThrow } from "@/lib/keys/get-key";

export type TKeyUsageDay = {
  day: string;
  success: number;
  clientError: number;
  serverError: number;
};

const DAY_MS = 86_400_000;

/**
 * One key's logged requests per UTC day over the last `days` days, oldest first, by status
 * class (2xx and 3xx count as success): every day present, zeros where nothing happened.
 */
export async function keyUsageByDay({
  organizationId,
  keyId,
  days,
}: {
  organizationId: string;
  keyId: string;
  days: number;
}): Promise<TKeyUsageDay[]> {
  await getApiKeyOrThrow({ organizationId, keyId });
  const today = new Date(new Date().toISOString().slice(0, 10));
  const first = new Date(today.getTime() - (days - 1) * DAY_MS);
  const day = sql<string>`to_char(${requestLogs.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const count = (where: ReturnType<typeof sql>) =>
    sql<number>`(count(*) filter (where ${where}))::int`;
  const rows = await db
    .select({
      day,
      success: count(sql`${requestLogs.status} < 400`),
      clientError: count(sql`${requestLogs.status} between 400 and 499`),
      serverError: count(sql`${requestLogs.status} >= 500`),
    })
    .from(requestLogs)
    .where(
      and(
        eq(requestLogs.organizationId, organizationId),
        eq(requestLogs.keyId, keyId),
        gte(requestLogs.createdAt, first),
      ),
    )
    .groupBy(day);
  return Array.from({ length: days }, (_, index) => {
    const date = new Date(first.getTime() + index * DAY_MS).toISOString().slice(0, 10);
    const found = rows.find((row) => row.day === date);
    return {
      day: date,
      success: found?.success ?? 0,
      clientError: found?.clientError ?? 0,
      serverError: found?.serverError ?? 0,
    };
  });
}
