import { and, between, eq, getTableColumns, ilike } from "drizzle-orm";
import { db } from "@/db/client";
import { apiKeys, requestLogs } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";
import { createdRange } from "@/lib/http/created-range";
import { containing, startsWith } from "@/lib/http/like-pattern";
import { keyset, toPage } from "@/lib/http/pagination";
import { presentRequestLog } from "./present-request-log";
import type { TListRequestLogsQuery } from "./schemas";

/**
 * The tenant's logged /v1 requests, newest first, filtered when asked by the request id's first
 * characters, a status or status class, the key, text in the path, and creation time.
 */
export async function listRequestLogs({
  tenant,
  query,
}: {
  tenant: TTenant;
  query: TListRequestLogsQuery;
}) {
  const page = keyset(requestLogs, query.cursor, [
    eq(requestLogs.organizationId, tenant.organizationId),
    eq(requestLogs.environment, tenant.environment),
    query.requestId ? startsWith(requestLogs.id, query.requestId) : undefined,
    query.status ? between(requestLogs.status, query.status.from, query.status.to) : undefined,
    query.keyId ? eq(requestLogs.keyId, query.keyId) : undefined,
    query.path ? ilike(requestLogs.path, containing(query.path)) : undefined,
    ...createdRange(requestLogs.createdAt, query),
  ]);
  const rows = await db
    .select({ ...getTableColumns(requestLogs), keyName: apiKeys.name })
    .from(requestLogs)
    .leftJoin(
      apiKeys,
      and(
        eq(apiKeys.id, requestLogs.keyId),
        eq(apiKeys.organizationId, requestLogs.organizationId),
      ),
    )
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(query.limit + 1);
  return toPage(rows, query.limit, presentRequestLog);
}
