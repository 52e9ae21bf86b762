import {
  type TReceiptBundleVerification,
  type TWitnessPolicy,
  verifyReceiptBundle as verifyBundle,
} from "../../lib/attest/verify-receipt";

export type {
  TReceiptBundleVerification,
  TVerifyCheck,
  TWitnessPolicy,
} from "../../lib/attest/verify-receipt";

/**
 * The full offline check of a receipt bundle (`GET /receipts/{id}/bundle`) against the
 * service's JWKS: schema, evidence hash chain, attest hash, terms (amount and parties are the
 * accepted terms in the evidence), policy (its decision replayed), agreement (format 2: the
 * negotiation transcript and its agent signatures), inclusion proof and the
 * log's signed tree head; with `witnesses` (vkeys and a quorum), also the tree head's witness
 * cosignatures. The server runs this same code. Never throws on bad input: the `schema` check
 * fails instead.
 */
export const verifyReceiptBundle = (
  bundle: unknown,
  jwks: unknown,
  options: { expectedOrigin?: string; witnesses?: TWitnessPolicy } = {},
): Promise<TReceiptBundleVerification> => verifyBundle({ bundle, jwks, ...options });
