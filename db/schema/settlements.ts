import { bigint, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { environmentEnum, lifecycleDates, timestampMs } from "./_columns";
import type { TAgentMandate } from "./agents";
import type { TReceiptParty } from "./receipts";

export const settlementStatuses = [
  "pending",
  "executing",
  "executed",
  "failed",
  "reversed",
  "disputed",
] as const;
export type TSettlementStatus = (typeof settlementStatuses)[number];

/** The payer's mandate as checked when execution was requested: the payload of its evidence record. */
export type TSettlementMandateCheck = {
  settlementId: string;
  payerAgentId: string;
  mandate: TAgentMandate;
  mandateHash: string;
  mandateVersion: number;
  checkedAt: string;
  day: string;
  amount: { value: number; currency: string };
  spentBefore: number;
};

/**
 * A settlement of one accepted negotiation. `organizationId` is the payer's (initiator's)
 * organization, which executes it; every party organization can read it.
 */
export const settlements = pgTable(
  "settlements",
  {
    id: text().primaryKey(),
    organizationId: text().notNull(),
    environment: environmentEnum().notNull(),
    negotiationId: text().notNull(),
    partyOrganizationIds: text().array().notNull(),
    /** The initiator: the agent whose money moves (policy limits are per paying agent). */
    payerAgentId: text().notNull(),
    adapter: text().notNull(),
    status: text({ enum: settlementStatuses }).notNull().default("pending"),
    amountValue: bigint({ mode: "number" }).notNull(),
    currency: text().notNull(),
    parties: jsonb().$type<TReceiptParty[]>().notNull(),
    metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
    externalRef: text(),
    policyVersion: text(),
    /**
     * The payer's 24-hour volume the policy decided on, recorded by the first execution attempt,
     * so that every later attempt decides as it did (lib/policy/check-settlement-policy.ts).
     */
    policyPayerVolume: bigint({ mode: "number" }),
    /** Set when execution reserved the amount under the payer's mandate (released if it fails). */
    mandateCheck: jsonb().$type<TSettlementMandateCheck>(),
    failureCode: text(),
    failureMessage: text(),
    reason: text(),
    executionStartedAt: timestampMs(),
    executedAt: timestampMs(),
    failedAt: timestampMs(),
    reversedAt: timestampMs(),
    /** Set while a reversal is at the rail (see lib/settlements/reversal-claim.ts). */
    reversalStartedAt: timestampMs(),
    disputedAt: timestampMs(),
    ...lifecycleDates,
  },
  (t) => [
    uniqueIndex("idx_settlements_on_negotiation_id").on(t.negotiationId),
    index("idx_settlements_on_env_created").on(t.environment, t.createdAt, t.id),
    index("idx_settlements_on_party_orgs").using("gin", t.partyOrganizationIds),
    index("idx_settlements_on_payer_started").on(t.payerAgentId, t.currency, t.executionStartedAt),
  ],
);

export type TSettlementRow = typeof settlements.$inferSelect;
