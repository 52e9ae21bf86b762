import type { z } from "zod";
import { db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { keyset, toPage } from "@/lib/http/pagination";
import { endpointStats } from "./endpoint-stats";
import { presentEndpointListItem } from "./present-endpoint";
import type { ZListWebhooksQuery } from "./schemas";
import { ownedEndpoints, type Tenant } from "./visibility";

export async function listWebhookEndpoints({
  tenant,
  query,
}: {
  tenant: Tenant;
  query: z.output<typeof ZListWebhooksQuery>;
}) {
  const page = keyset(webhookEndpoints, query.cursor, [ownedEndpoints(tenant)]);
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(query.limit + 1);
  const stats = await endpointStats(rows.slice(0, query.limit).map((row) => row.id));
  return toPage(rows, query.limit, (row) => presentEndpointListItem(row, stats.get(row.id)!));
}
