import { bigint, integer, pgTable, text } from "drizzle-orm/pg-core";
import { environmentEnum, timestampMs } from "./_columns";

export const sandboxChargeStatuses = ["succeeded", "declined", "reversed"] as const;

/**
 * The sandbox rail's own books: one charge per settlement id (its idempotency key).
 * `attempts` counts every execute call the rail received for it: 0 for a charge that a status
 * lookup voided (declined, `rail_timeout`) before any arrived.
 */
export const sandboxCharges = pgTable("sandbox_charges", {
  settlementId: text().primaryKey(),
  environment: environmentEnum().notNull(),
  amountValue: bigint({ mode: "number" }).notNull(),
  currency: text().notNull(),
  status: text({ enum: sandboxChargeStatuses }).notNull(),
  externalRef: text().notNull(),
  declineCode: text(),
  attempts: integer().notNull().default(1),
  createdAt: timestampMs().notNull().defaultNow(),
  reversedAt: timestampMs(),
});
