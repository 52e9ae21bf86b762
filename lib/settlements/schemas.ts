import { z } from "zod";
import { settlementStatuses } from "@/db/schema";
import { ZMetadata } from "@/lib/agents/schemas";
import { ZCreatedRange } from "@/lib/http/created-range";
import { ZListQuery } from "@/lib/http/pagination";
import { ZTimeInput } from "@/lib/http/time-input";
import { ZAmount, ZParty } from "@/lib/money/schemas";
import { ZNegotiationId } from "@/lib/negotiations/schemas";
import { railNames } from "@/lib/rails/rails";

export const ZSettlementId = z
  .string()
  .max(64)
  .meta({ description: "Settlement id.", example: "stl-9bX2kQ7fT1cZ0aWm" });

export const ZCreateSettlementBody = z
  .strictObject({
    negotiationId: ZNegotiationId,
    adapter: z.enum(railNames).optional().meta({
      description:
        "The payment rail: `sandbox` (simulator) or `ledger` (wallets). Default `sandbox`.",
    }),
    metadata: ZMetadata.optional(),
  })
  .meta({ id: "CreateSettlementRequest" });

export const ZExecuteSettlementBody = z.strictObject({}).meta({ id: "ExecuteSettlementRequest" });

export const ZReverseSettlementBody = z
  .strictObject({
    reason: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .optional()
      .meta({ description: "Why the money goes back, kept on the settlement." }),
  })
  .meta({ id: "ReverseSettlementRequest" });

export const ZDisputeSettlementBody = z
  .strictObject({
    reason: z.string().trim().min(1).max(2000).meta({
      description: "Why the settlement is disputed, kept on the settlement.",
      example: "The translation was never delivered.",
    }),
  })
  .meta({ id: "DisputeSettlementRequest" });

export const ZSettlement = z
  .object({
    id: ZSettlementId,
    negotiationId: z.string(),
    status: z.enum(settlementStatuses),
    adapter: z.string(),
    amount: ZAmount,
    parties: z.array(ZParty),
    externalRef: z
      .string()
      .nullable()
      .meta({ description: "The rail's reference, once executed." }),
    policyVersion: z.string().nullable().meta({
      description: "The policy version checked before money moved.",
      example: "pol-standard@v1",
    }),
    failureCode: z.string().nullable(),
    failureMessage: z.string().nullable(),
    reason: z.string().nullable().meta({ description: "Why it was reversed or disputed." }),
    metadata: z.record(z.string(), z.string()),
    executionStartedAt: z.string().nullable(),
    executedAt: z.string().nullable(),
    failedAt: z.string().nullable(),
    reversedAt: z.string().nullable(),
    disputedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Settlement" });

export const ZListSettlementsQuery = z
  .strictObject({
    ...ZListQuery.shape,
    status: z
      .enum(settlementStatuses)
      .optional()
      .meta({ description: "Only settlements in this status." }),
    negotiationId: ZNegotiationId.optional(),
    ...ZCreatedRange.shape,
  })
  .meta({ id: "ListSettlementsQuery" });

export const ZSettlementStatsQuery = z
  .strictObject({
    from: ZTimeInput.optional().meta({ description: "Created at or after." }),
    to: ZTimeInput.optional().meta({ description: "Created before." }),
  })
  .meta({ id: "SettlementStatsQuery" });

export const ZSettlementStats = z
  .object({
    from: z.string().nullable(),
    to: z.string().nullable(),
    total: z.number().int(),
    counts: z.object({
      pending: z.number().int(),
      executing: z.number().int(),
      executed: z.number().int(),
      failed: z.number().int(),
      reversed: z.number().int(),
      disputed: z.number().int(),
    }) satisfies z.ZodType<Record<(typeof settlementStatuses)[number], number>>,
    executedVolume: z
      .array(z.object({ currency: z.string(), value: z.number().int(), count: z.number().int() }))
      .meta({
        description: "Money moved by settlements whose status is `executed`, per currency.",
      }),
    successRate: z.number().nullable().meta({
      description:
        "Percentage (0 to 100, two decimals) of finished settlements that executed: executed ÷ (executed + failed), counting reversed and disputed as executed; null before any finished. Webhook endpoints' `successRate` is a percentage too.",
    }),
    executionTimeMs: z.object({
      mean: z.number().nullable(),
      p95: z.number().nullable(),
    }),
  })
  .meta({ id: "SettlementStats" });

export const ZSettlementParams = z.object({ id: ZSettlementId });

export type TSettlement = z.infer<typeof ZSettlement>;
export type TSettlementStats = z.infer<typeof ZSettlementStats>;
