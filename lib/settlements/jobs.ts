/** The job that executes a settlement (inngest/functions/execute-settlement.ts). */
export const settlementExecuteRequested = "settlement/execute.requested";
/** Completes a reversal whose request stopped after claiming it (inngest/functions/complete-reversal.ts). */
export const settlementReversalClaimed = "settlement/reversal.claimed";

export type TReversalClaimed = { settlementId: string; claimedAt: string; reason?: string };
