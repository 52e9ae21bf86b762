import { eq, getTableName, is } from "drizzle-orm";
import { type PgColumn, PgTable } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import * as schema from "@/db/schema";

// Every table that holds an organization's rows, found from the schema so new tables count too.
type TTenantTable = PgTable & { organizationId: PgColumn };
const tenantTables = (Object.values(schema) as unknown[]).filter(
  (value): value is TTenantTable =>
    is(value, PgTable) &&
    "organizationId" in value &&
    value !== schema.usageDays &&
    value !== schema.requestLogs,
);

/**
 * Every row an organization owns, table by table, for "nothing was written" checks. Key use
 * times, usage counters and request logs are left out: every authenticated request records
 * them, and that is not a write of the operation under test. So are the leaves the seal gives
 * agent key entries (the seal writes them in the background after a key is added or revoked),
 * when an endpoint's failures were last mailed (written by deliveries in the background), and
 * when a console session was last seen.
 */
export async function tenantRows(organizationId: string) {
  const snapshot: Record<string, unknown[]> = {};
  for (const table of tenantTables) {
    const rows = await db.select().from(table).where(eq(table.organizationId, organizationId));
    snapshot[getTableName(table)] = rows
      .map(
        ({
          lastUsedAt: _lastUsedAt,
          addedLogIndex: _addedLogIndex,
          revokedLogIndex: _revokedLogIndex,
          failureAlertedAt: _failureAlertedAt,
          lastSeenAt: _lastSeenAt,
          ...row
        }) => row,
      )
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return snapshot;
}

/** Rows that background work is still going to change (sealing, executing, delivering). */
export function movingRows(rows: Record<string, unknown[]>) {
  const withStatus = (table: string, status: string) =>
    (rows[table] ?? []).filter((row) => (row as { status: string }).status === status);
  return [
    ...withStatus("receipts", "pending"),
    ...withStatus("settlements", "executing"),
    ...withStatus("webhook_deliveries", "pending"),
  ];
}

/**
 * The organization's rows once background work on them has come to rest: nothing sealing,
 * executing or delivering, and two snapshots a moment apart that agree. The "before" of a
 * "nothing was written" check that follows a settlement, whose receipt seals in the background.
 */
export async function restingTenantRows(organizationId: string) {
  let previous = await tenantRows(organizationId);
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const current = await tenantRows(organizationId);
    if (movingRows(current).length === 0 && JSON.stringify(current) === JSON.stringify(previous))
      return current;
    previous = current;
  }
  throw new Error(`background work did not come to rest: ${JSON.stringify(movingRows(previous))}`);
}
