import { and, eq, isNull } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { agentKeys, agents } from "@/db/schema";
import { readCompactJws, type TMandateSignature, verifyMandateSignature } from "@/lib/attest";
import type { TMandateTerms } from "@/lib/attest/mandate";
import type { TTenant } from "@/lib/auth/tenant";
import { invalid } from "@/lib/http/api-error";
import { storableId } from "@/lib/http/storable-text";

const refuse = (message: string) => invalid(message, "mandate.signature");

/**
 * The issuer's signature of a mandate, checked: a compact JWS by an active key (its `kid`) of
 * another active agent of the same organization and environment, over mandateStatementText of
 * the agent and exactly these terms. 400 on `mandate.signature` otherwise.
 */
export async function mandateSigner(
  tx: TExecutor,
  {
    tenant,
    agentId,
    terms,
    jws,
  }: { tenant: TTenant; agentId: string; terms: TMandateTerms; jws: string },
): Promise<TMandateSignature> {
  const parsed = readCompactJws(jws);
  const kid = parsed && storableId(parsed.header.kid);
  if (!kid) throw refuse("The signature must be a compact JWS naming its key's kid.");
  const [found] = await tx
    .select({ key: agentKeys, agent: agents })
    .from(agentKeys)
    .innerJoin(agents, eq(agents.id, agentKeys.agentId))
    .where(
      and(
        eq(agentKeys.id, kid),
        eq(agents.organizationId, tenant.organizationId),
        eq(agents.environment, tenant.environment),
        isNull(agents.deletedAt),
      ),
    );
  if (!found) throw refuse(`No agent of this organization has a key ${kid}.`);
  const { key, agent } = found;
  if (agent.id === agentId)
    throw refuse(
      "An agent cannot sign its own mandate: another agent of the organization issues it.",
    );
  if (key.status !== "active") throw refuse(`Key ${kid} of ${agent.id} was revoked.`);
  if (agent.status !== "active") throw refuse(`${agent.id}, the signer, is suspended.`);
  const signature = { jws, signerAgentId: agent.id, keyId: key.id, publicJwk: key.publicJwk };
  const verdict = await verifyMandateSignature({ signature, agentId, terms });
  if (!verdict.ok) throw refuse(`The signature of ${agent.id} ${verdict.detail}.`);
  return signature;
}
