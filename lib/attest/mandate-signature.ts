import { z } from "zod";
import { ZAgentPublicJwk } from "./agent-public-key";
import { verifyAgreementJws } from "./agreement-jws";
import { canonicalJson } from "./canonical";
import {
  MANDATE_RECORD_TYPE,
  normalizeMandateTerms,
  type TMandateTerms,
  ZMandateCheckedPayload,
} from "./mandate";
import type { TEvidenceRecord } from "./schemas";
import { check, type TVerifyCheck } from "./verify-check";

/*
 * A signed mandate: an agent of the same organization (the issuer: a treasury or principal
 * agent, never the agent the mandate binds) signs, with one of its registered keys, what the
 * mandate lets the agent pay. The receipt's mandate record carries the signature, so anyone
 * holding the receipt can see who authorized the spending, as AP2's intent mandates do.
 */

const ZId = z.string().min(1).max(100);

export const ZMandateSignature = z.strictObject({
  /** Compact JWS over mandateStatementText of the agent and its mandate's terms. */
  jws: z.string().min(1).max(8192),
  signerAgentId: ZId,
  /** The signer's key id, also the JWS header's `kid`. */
  keyId: ZId,
  publicJwk: ZAgentPublicJwk,
});
export type TMandateSignature = z.infer<typeof ZMandateSignature>;

const STATEMENT = "agent-settlement/mandate";
const STATEMENT_SHAPE = "{type, agentId, limits, allowedCounterparties, expiresAt}";

/**
 * The exact text an issuer signs: RFC 8785 JSON of {type: "agent-settlement/mandate", agentId,
 * limits, allowedCounterparties, expiresAt}, the terms in normal form (limits sorted by
 * currency, counterparties sorted and unique), as their hash covers them.
 */
export const mandateStatementText = ({
  agentId,
  terms,
}: {
  agentId: string;
  terms: TMandateTerms;
}): string => canonicalJson({ type: STATEMENT, agentId, ...normalizeMandateTerms(terms) });

/** Whether `signature` signs these terms for this agent; the problem in words otherwise. */
export const verifyMandateSignature = async ({
  signature,
  agentId,
  terms,
}: {
  signature: TMandateSignature;
  agentId: string;
  terms: TMandateTerms;
}): Promise<{ ok: true } | { ok: false; detail: string }> =>
  verifyAgreementJws({
    jws: signature.jws,
    jwk: signature.publicJwk,
    kid: signature.keyId,
    payloadText: mandateStatementText({ agentId, terms }),
    statement: STATEMENT_SHAPE,
  });

/**
 * The `mandate_signature` check, for receipts whose evidence holds a mandate record: whether the
 * payer's mandate was signed and by whom, and that the signature signs exactly the recorded
 * terms for the payer. Null without a readable mandate record: the policy check names it.
 */
export const checkMandateSignature = async (
  evidence: readonly Pick<TEvidenceRecord, "type" | "payload">[],
): Promise<TVerifyCheck | null> => {
  const record = evidence.find((candidate) => candidate.type === MANDATE_RECORD_TYPE);
  const parsed = record && ZMandateCheckedPayload.safeParse(record.payload);
  if (!parsed?.success) return null;
  const { payerAgentId, mandate, signature: recorded } = parsed.data;
  if (recorded === undefined)
    return check("mandate_signature", true, `the mandate of ${payerAgentId} is not signed`);
  const read = ZMandateSignature.safeParse(recorded);
  if (!read.success)
    return check(
      "mandate_signature",
      false,
      "the mandate's signature is not {jws, signerAgentId, keyId, publicJwk}",
    );
  const signature = read.data;
  if (signature.signerAgentId === payerAgentId)
    return check("mandate_signature", false, `${payerAgentId} signed its own mandate`);
  const verdict = await verifyMandateSignature({
    signature,
    agentId: payerAgentId,
    terms: mandate,
  });
  return verdict.ok
    ? check(
        "mandate_signature",
        true,
        `the mandate of ${payerAgentId} is signed by ${signature.signerAgentId} (key ${signature.keyId})`,
      )
    : check(
        "mandate_signature",
        false,
        `the mandate signature of ${signature.signerAgentId} ${verdict.detail}`,
      );
};
