import { bigint, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { environmentEnum, timestampMs } from "./_columns";

/**
 * One x402 payment the facilitator settled: the payer's signed nonce, unique per environment,
 * is the idempotency key, so a payload moves money once however often it is settled.
 * `organizationId` is the merchant's (the caller of settle); the settlement is the payer's.
 */
export const x402Payments = pgTable(
  "x402_payments",
  {
    id: text().primaryKey(),
    organizationId: text().notNull(),
    environment: environmentEnum().notNull(),
    nonce: text().notNull(),
    /** SHA-256 of the payload's JWS: a second payload reusing the nonce is a different one. */
    jwsHash: text().notNull(),
    payerAgentId: text().notNull(),
    payToAgentId: text().notNull(),
    amountValue: bigint({ mode: "number" }).notNull(),
    currency: text().notNull(),
    settlementId: text().notNull(),
    resourceUrl: text(),
    createdAt: timestampMs().notNull().defaultNow(),
  },
  (t) => [uniqueIndex("idx_x402_payments_on_env_nonce").on(t.environment, t.nonce)],
);

export type TX402PaymentRow = typeof x402Payments.$inferSelect;
