/** The job that seals issued receipts into the log (inngest/functions/seal-receipts.ts). */
export const receiptSealRequested = "receipt/seal.requested";
