/** The job that executes a settlement (inngest/functions/execute-settlement.ts). */
export const settlementExecuteRequested = "settlement/execute.requested";
