import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import {
  agents,
  apiKeys,
  events,
  negotiations,
  receipts,
  requestLogs,
  settlements,
  webhookEndpoints,
} from "@/db/schema";
import { ownedAgents } from "@/lib/agents/visibility";
import type { TTenant } from "@/lib/auth/tenant";
import { startsWith } from "@/lib/http/like-pattern";
import { idPrefixes } from "@/lib/ids";
import { visibleNegotiations } from "@/lib/negotiations/visibility";
import { visibleReceipts } from "@/lib/receipts/visibility";
import { visibleSettlements } from "@/lib/settlements/visibility";
import { ownedEndpoints } from "@/lib/webhooks/endpoints/visibility";

/** How many ids one search answers. */
const MAX_FOUND = 8;

export type TFoundId = { kind: string; id: string; label: string | null; path: string };

type TIdSearch = {
  kind: string;
  table: PgTable;
  id: AnyPgColumn;
  label?: AnyPgColumn;
  /** The rows the organization sees, by the same rule as the list and detail routes. */
  visible: (tenant: TTenant) => SQL | undefined;
  /** The console page that shows the row, under `/console/<environment>`. */
  path: (id: string) => string;
};

const inTenant =
  (columns: { organizationId: AnyPgColumn; environment: AnyPgColumn }) =>
  ({ organizationId, environment }: TTenant) =>
    and(eq(columns.organizationId, organizationId), eq(columns.environment, environment));

const searches: Record<string, TIdSearch> = {
  [idPrefixes.agent]: {
    kind: "Agent",
    table: agents,
    id: agents.id,
    label: agents.name,
    visible: ownedAgents,
    path: (id) => `/agents/${id}`,
  },
  [idPrefixes.negotiation]: {
    kind: "Negotiation",
    table: negotiations,
    id: negotiations.id,
    visible: visibleNegotiations,
    path: (id) => `/negotiations/${id}`,
  },
  [idPrefixes.settlement]: {
    kind: "Settlement",
    table: settlements,
    id: settlements.id,
    visible: visibleSettlements,
    path: (id) => `/settlements/${id}`,
  },
  [idPrefixes.receipt]: {
    kind: "Receipt",
    table: receipts,
    id: receipts.id,
    visible: visibleReceipts,
    path: (id) => `/receipts/${id}`,
  },
  [idPrefixes.event]: {
    kind: "Event",
    table: events,
    id: events.id,
    label: events.type,
    visible: inTenant(events),
    path: (id) => `/events/${id}`,
  },
  [idPrefixes.webhook]: {
    kind: "Webhook endpoint",
    table: webhookEndpoints,
    id: webhookEndpoints.id,
    label: webhookEndpoints.url,
    visible: ownedEndpoints,
    path: (id) => `/webhooks/${id}`,
  },
  [idPrefixes.key]: {
    kind: "API key",
    table: apiKeys,
    id: apiKeys.id,
    label: apiKeys.name,
    visible: inTenant(apiKeys),
    path: (id) => `/keys/${id}`,
  },
  [idPrefixes.request]: {
    kind: "Request",
    table: requestLogs,
    id: requestLogs.id,
    label: requestLogs.path,
    visible: inTenant(requestLogs),
    path: (id) => `/logs?requestId=${id}`,
  },
};

/**
 * Rows of the organization's environment whose id starts with `text` (at least the prefix and
 * its dash, `stl-`), looked up in the one table the prefix names, with the visibility rule of
 * that table's own routes: a counterparty's settlement is found, another organization's agent
 * is not. Text with no known prefix finds nothing.
 */
export async function findById(tenant: TTenant, text: string): Promise<TFoundId[]> {
  const dash = text.indexOf("-");
  const search = dash > 0 ? searches[text.slice(0, dash)] : undefined;
  if (!search) return [];
  const rows = await db
    .select({ id: search.id, label: search.label ?? sql<null>`null` })
    .from(search.table)
    .where(and(startsWith(search.id, text), search.visible(tenant)))
    .orderBy(asc(search.id))
    .limit(MAX_FOUND);
  return rows.map((row) => ({
    kind: search.kind,
    id: row.id as string,
    label: (row.label as string | null) ?? null,
    path: `/console/${tenant.environment}${search.path(row.id as string)}`,
  }));
}
