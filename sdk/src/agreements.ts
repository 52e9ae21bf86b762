/*
 * What an agent signs to put its agreement on the record: the canonical statement of a
 * negotiation response, for a compact JWS (EdDSA or ES256) sent as `signature`.
 */
export {
  agreementPayloadText,
  type TAgreementStatement,
} from "../../lib/attest/negotiation-transcript";
