import { and, eq, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { events, type receipts, type sandboxCharges } from "@/db/schema";

/** The stored events of `type` about the settlement, by id. */
export const settlementEvents = (type: string, settlementId: string) =>
  db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.type, type), sql`${events.data}->'object'->>'id' = ${settlementId}`));

/** The settlement's rows in a table keyed by settlement: its sandbox charge, its receipt. */
export const settlementRows = (
  table: typeof sandboxCharges | typeof receipts,
  settlementId: string,
) => db.select().from(table).where(eq(table.settlementId, settlementId));
