/** The job that expires a negotiation at its `expiresAt` (inngest/functions/expire-negotiation.ts). */
export const negotiationExpiryRequested = "negotiation/expiry.requested";
