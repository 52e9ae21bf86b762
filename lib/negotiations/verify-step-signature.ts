import type { TExecutor } from "@/db/client";
import { findAgentKey } from "@/lib/agents/find-agent-key";
import {
  agreementPayloadText,
  readCompactJws,
  type TAgreementStatement,
  type TStepSignature,
  verifyAgreementJws,
} from "@/lib/attest";
import type { TTenant } from "@/lib/auth/tenant";
import { invalid } from "@/lib/http/api-error";
import { storableId } from "@/lib/http/storable-text";

const refused = (message: string) => invalid(message, "signature");

/**
 * Checks an agent's signature of a step: a compact JWS whose `kid` is one of the agent's active
 * keys, signed with that key's algorithm over the canonical statement. Returns what the
 * transcript records; any failure is 400 on `signature`.
 */
export async function verifyStepSignature({
  tenant,
  agentId,
  jws,
  statement,
  executor,
}: {
  tenant: TTenant;
  agentId: string;
  jws: string;
  statement: TAgreementStatement;
  /** The respond call's transaction: the key is read on its connection. */
  executor: TExecutor;
}): Promise<TStepSignature> {
  const parsed = readCompactJws(jws);
  if (!parsed) {
    throw refused("The signature is not a compact JWS (header.payload.signature, base64url).");
  }
  const kid = storableId(parsed.header.kid);
  if (kid === undefined) {
    throw refused("The signature's JWS header must name the agent key's id as `kid`.");
  }
  const key = await findAgentKey({ tenant, agentId, keyId: kid }, executor);
  if (!key) throw refused(`Agent ${agentId} has no key ${kid}.`);
  if (key.status !== "active") throw refused(`Key ${kid} of agent ${agentId} is revoked.`);
  const verdict = await verifyAgreementJws({
    jws,
    jwk: key.publicJwk,
    kid,
    payloadText: agreementPayloadText(statement),
  });
  if (!verdict.ok) throw refused(`The signature ${verdict.detail}.`);
  return { jws, keyId: key.id, publicJwk: key.publicJwk };
}
