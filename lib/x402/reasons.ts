/*
 * Why a payment is refused, in x402's vocabulary: the specification's codes where one fits,
 * and the scheme-prefixed `invalid_exact_agent_*` codes (as `invalid_exact_evm_*` are the EVM
 * scheme's) for what only an agent payment can get wrong.
 */
export const x402Reasons = [
  "invalid_x402_version",
  "unsupported_scheme",
  "invalid_network",
  "invalid_payload",
  "invalid_payment_requirements",
  "insufficient_funds",
  "nonce_already_used",
  "invalid_exact_agent_payload_signature",
  "invalid_exact_agent_payload_key_revoked",
  "invalid_exact_agent_payload_payer_suspended",
  "invalid_exact_agent_payload_expired",
  "invalid_exact_agent_payload_mandate",
  "unexpected_settle_error",
] as const;
export type TX402Reason = (typeof x402Reasons)[number];

export type TX402Refusal = { reason: TX402Reason; message: string; payer?: string };
