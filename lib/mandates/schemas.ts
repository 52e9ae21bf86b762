import { z } from "zod";
import { MAX_MONEY_VALUE } from "@/lib/attest/schemas";

const ZMinorUnits = z.number().int().positive().max(MAX_MONEY_VALUE);

const ZMandateLimit = z
  .strictObject({
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "use an ISO 4217 code in capitals")
      .meta({ description: "The currency these limits are in (ISO 4217).", example: "USD" }),
    perSettlement: ZMinorUnits.meta({
      description: "Largest single settlement the agent may pay, in minor units.",
      example: 50_000,
    }),
    perDay: ZMinorUnits.meta({
      description:
        "Largest total the agent may pay in one UTC day (00:00 to 24:00 UTC), in minor units.",
      example: 200_000,
    }),
  })
  .refine((limit) => limit.perSettlement <= limit.perDay, {
    message: "perSettlement cannot be above perDay",
    path: ["perSettlement"],
  })
  .meta({ id: "MandateLimit" });

const ZAgentReference = z
  .string()
  .regex(/^agent-[A-Za-z0-9_-]{1,64}$/, "must be an agent id (agent-…)")
  .meta({ example: "agent-7Hc2pQ9xLm4vB1sD" });

const mandateFields = {
  limits: z
    .array(ZMandateLimit)
    .min(1)
    .max(20)
    .refine(
      (limits) => new Set(limits.map((limit) => limit.currency)).size === limits.length,
      "one limit per currency",
    )
    .meta({
      description: "The limits per currency. The agent may not pay in a currency that has none.",
    }),
  allowedCounterparties: z.array(ZAgentReference).max(100).nullable().meta({
    description:
      "The only agents this agent may pay (every payee of a settlement must be listed); null for any.",
  }),
};

export const ZMandateInput = z
  .strictObject({
    ...mandateFields,
    allowedCounterparties: mandateFields.allowedCounterparties.default(null),
    expiresAt: z.iso
      .datetime({ offset: true })
      .nullable()
      .default(null)
      .meta({ description: "When the mandate stops allowing anything; null for never." }),
    signature: z.string().min(1).max(8192).optional().meta({
      description:
        "The issuer's signature: a compact JWS by a registered key (`kid`) of another agent of the organization over the RFC 8785 JSON of {type: \"agent-settlement/mandate\", agentId, limits, allowedCounterparties, expiresAt}, the terms as the mandate shows them (limits sorted by currency, counterparties sorted, expiresAt as an ISO time in UTC with milliseconds); the SDK's `mandateStatementText` writes it. Receipts carry it. Without it the mandate is unsigned.",
    }),
  })
  .meta({
    id: "MandateInput",
    description:
      "A spending mandate: what the agent may pay, checked before any money moves. Null removes it.",
  });

export const ZMandate = z
  .object({
    ...mandateFields,
    expiresAt: z.string().nullable(),
    version: z.int().positive().meta({
      description: "Grows by one on each change of the agent's mandate (removal included).",
    }),
    signedBy: z.object({ agentId: z.string(), keyId: z.string() }).nullable().meta({
      description: "Who signed the mandate (mandate.signature when set), null for unsigned.",
    }),
    hash: z.string().meta({
      description:
        "SHA-256 of the RFC 8785 canonical JSON of {limits, allowedCounterparties, expiresAt} as shown (limits sorted by currency, counterparties sorted): what a receipt's mandate evidence names.",
      example: "0x5f2b9c1d4e8a7f60b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0",
    }),
  })
  .meta({ id: "Mandate" });

export type TMandateInput = z.output<typeof ZMandateInput>;
export type TMandate = z.infer<typeof ZMandate>;
