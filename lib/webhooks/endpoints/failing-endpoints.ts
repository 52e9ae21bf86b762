import { and, desc, eq, gte, isNotNull, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { webhookAttempts, webhookEndpoints } from "@/db/schema";
import { ownedEndpoints, type Tenant } from "./visibility";

export type TFailingEndpoint = {
  id: string;
  url: string;
  failedAttempts: number;
  attempts: number;
  lastError: string | null;
  lastResponseCode: number | null;
  lastAttemptAt: string;
};

const recentMs = 24 * 60 * 60 * 1000;

/**
 * Endpoints whose latest finished attempt of the last 24 hours failed: they are failing now,
 * while an endpoint that failed earlier and has recovered since is left out.
 */
export async function failingEndpoints({
  tenant,
}: {
  tenant: Tenant;
}): Promise<TFailingEndpoint[]> {
  const since = new Date(Date.now() - recentMs);
  const rows = await db
    .selectDistinctOn([webhookAttempts.endpointId], {
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      succeeded: webhookAttempts.succeeded,
      error: webhookAttempts.error,
      responseCode: webhookAttempts.responseCode,
      finishedAt: webhookAttempts.finishedAt,
      attempts: sql<number>`count(*) over (partition by ${webhookAttempts.endpointId})`.mapWith(
        Number,
      ),
      failed:
        sql<number>`count(*) filter (where not ${webhookAttempts.succeeded}) over (partition by ${webhookAttempts.endpointId})`.mapWith(
          Number,
        ),
    })
    .from(webhookAttempts)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookAttempts.endpointId))
    .where(
      and(
        ownedEndpoints(tenant),
        isNotNull(webhookAttempts.finishedAt),
        gte(webhookAttempts.startedAt, since),
      ),
    )
    .orderBy(webhookAttempts.endpointId, desc(webhookAttempts.finishedAt));
  return rows
    .filter((row) => row.succeeded === false)
    .map((row) => ({
      id: row.id,
      url: row.url,
      failedAttempts: row.failed,
      attempts: row.attempts,
      lastError: row.error,
      lastResponseCode: row.responseCode,
      lastAttemptAt: row.finishedAt!.toISOString(),
    }));
}
