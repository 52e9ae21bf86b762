import {
  agreementPayloadText,
  type TSignatureRequirement,
  type TStepTerms,
} from "../../lib/attest/negotiation-transcript";

/** What an issuer agent signs (compact JWS) as a mandate's `signature`. */
export { mandateStatementText } from "../../lib/attest/mandate-signature";
/*
 * What an agent signs to put its agreement on the record: the canonical statement of a
 * negotiation response or of the initiator's proposal, for a compact JWS (EdDSA or ES256) sent
 * as `signature`.
 */
export {
  agreementPayloadText,
  type TAgreementStatement,
  type TSignatureRequirement,
} from "../../lib/attest/negotiation-transcript";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A fresh negotiation id (`neg-` and 16 random base62 characters) to create and sign under. */
export const newNegotiationId = (): string => {
  let out = "";
  while (out.length < 16) {
    for (const byte of crypto.getRandomValues(new Uint8Array(32))) {
      // Rejection sampling keeps every character equally likely.
      if (byte < 248 && out.length < 16) out += BASE62[byte % 62];
    }
  }
  return `neg-${out}`;
};

/**
 * The text the initiator signs for its proposal, sent with the same `id`, `terms` and
 * `signatures` to `negotiations.create`. The terms must be spelled out as the negotiation will
 * show them: every responder's split, `description` null or omitted.
 */
export const proposalPayloadText = ({
  negotiationId,
  terms,
  signatures,
}: {
  negotiationId: string;
  terms: Omit<TStepTerms, "description"> & { description?: string | null | undefined };
  signatures?: TSignatureRequirement | undefined;
}): string =>
  agreementPayloadText({
    negotiationId,
    round: 1,
    action: "propose",
    terms: { ...terms, description: terms.description ?? null },
    signatures,
  });
