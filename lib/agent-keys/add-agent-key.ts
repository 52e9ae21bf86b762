import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { agentKeys } from "@/db/schema";
import { getAgentOrThrow } from "@/lib/agents/get-agent";
import { algorithmOf, jwkThumbprint } from "@/lib/attest";
import type { TTenant } from "@/lib/auth/tenant";
import { conflict } from "@/lib/http/api-error";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { receiptSealRequested } from "@/lib/receipts/jobs";
import { presentAgentKey } from "./present-agent-key";
import { readPublicJwk } from "./read-public-jwk";
import type { TAddAgentKeyBody } from "./schemas";

/**
 * Registers a public key the agent signs its negotiation responses with. Its id is the key's
 * RFC 7638 thumbprint, so a public key belongs to one agent only: registered again (even
 * revoked), or on another agent, is 409. The addition is logged by the next seal, which this
 * requests.
 */
export async function addAgentKey({
  tenant,
  agentId,
  input,
}: {
  tenant: TTenant;
  agentId: string;
  input: TAddAgentKeyBody;
}) {
  await getAgentOrThrow({ tenant, agentId });
  const publicJwk = await readPublicJwk(input.jwk);
  const thumbprint = jwkThumbprint(publicJwk);
  return db.transaction(async (tx) => {
    // The agent row lock orders concurrent registrations of the same key.
    await getAgentOrThrow({ tenant, agentId, forUpdate: true }, tx);
    const [existing] = await tx
      .select({ id: agentKeys.id, status: agentKeys.status })
      .from(agentKeys)
      .where(and(eq(agentKeys.agentId, agentId), eq(agentKeys.thumbprint, thumbprint)));
    if (existing) {
      throw conflict(
        existing.status === "active"
          ? `This key is already registered as ${existing.id}.`
          : `This key was revoked (${existing.id}); register a new key.`,
        "jwk",
      );
    }
    const [row] = await tx
      .insert(agentKeys)
      .values({
        id: thumbprint,
        organizationId: tenant.organizationId,
        environment: tenant.environment,
        agentId,
        algorithm: algorithmOf(publicJwk),
        publicJwk,
        thumbprint,
        createdAt: new Date(),
      })
      .onConflictDoNothing({ target: agentKeys.id })
      .returning();
    if (!row) {
      throw conflict(
        "This public key is registered to another agent; give each agent keys of its own.",
        "jwk",
      );
    }
    await enqueueJob(tx, { name: receiptSealRequested, data: { agentKeyId: row.id } });
    return presentAgentKey(row);
  });
}
