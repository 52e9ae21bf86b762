import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { db } from "@/db/client";
import { events } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";
import { keyset, toPage } from "@/lib/http/pagination";
import { presentEvent } from "./present-event";
import { withinRetention } from "./retention";
import type { ZListEventsQuery } from "./schemas";

/** The events of the last 30 days, newest first, of one type or about one object when asked. */
export async function listEvents({
  tenant,
  query,
}: {
  tenant: TTenant;
  query: z.output<typeof ZListEventsQuery>;
}) {
  const page = keyset(events, query.cursor, [
    and(
      eq(events.organizationId, tenant.organizationId),
      eq(events.environment, tenant.environment),
    ),
    withinRetention(),
    query.type ? eq(events.type, query.type) : undefined,
    query.objectId ? sql`(${events.data} -> 'object' ->> 'id') = ${query.objectId}` : undefined,
  ]);
  const rows = await db
    .select()
    .from(events)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(query.limit + 1);
  return toPage(rows, query.limit, presentEvent);
}
