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
 * them, and that is not a write of the operation under test.
 */
export async function tenantRows(organizationId: string) {
  const snapshot: Record<string, unknown[]> = {};
  for (const table of tenantTables) {
    const rows = await db.select().from(table).where(eq(table.organizationId, organizationId));
    snapshot[getTableName(table)] = rows
      .map(({ lastUsedAt: _lastUsedAt, ...row }) => row)
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return snapshot;
}
