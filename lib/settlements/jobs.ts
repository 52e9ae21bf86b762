/** The first attempt at executing a settlement, in batches (inngest/functions/execute-settlement.ts). */
export const settlementExecuteRequested = "settlement/execute.requested";
/**
 * The rest of an execution whose first attempt threw: one run per settlement, with Inngest's
 * retries (inngest/functions/retry-settlement-execution.ts).
 */
export const settlementRetryScheduled = "settlement/retry.scheduled";
/** Completes a reversal whose request stopped after claiming it (inngest/functions/complete-reversal.ts). */
export const settlementReversalClaimed = "settlement/reversal.claimed";

export type TReversalClaimed = { settlementId: string; claimedAt: string; reason?: string };
