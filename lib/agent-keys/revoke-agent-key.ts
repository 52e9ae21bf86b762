import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { agentKeys } from "@/db/schema";
import { findAgentKey } from "@/lib/agents/find-agent-key";
import { getAgentOrThrow } from "@/lib/agents/get-agent";
import type { TTenant } from "@/lib/auth/tenant";
import { notFound } from "@/lib/http/api-error";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { receiptSealRequested } from "@/lib/receipts/jobs";
import { presentAgentKey } from "./present-agent-key";

/**
 * Revokes an agent key: signatures under it are refused from now on, while receipts that
 * already carry it keep verifying. The revocation is logged by the next seal, which this
 * requests. Revoking a revoked key returns it unchanged.
 */
export async function revokeAgentKey({
  tenant,
  agentId,
  keyId,
}: {
  tenant: TTenant;
  agentId: string;
  keyId: string;
}) {
  await getAgentOrThrow({ tenant, agentId });
  const key = await findAgentKey({ tenant, agentId, keyId });
  if (!key) throw notFound("agent key", keyId);
  if (key.status === "revoked") return presentAgentKey(key);
  const row = await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(agentKeys)
      .set({ status: "revoked", revokedAt: new Date() })
      .where(and(eq(agentKeys.id, key.id), eq(agentKeys.status, "active")))
      .returning();
    if (revoked) {
      await enqueueJob(tx, { name: receiptSealRequested, data: { agentKeyId: revoked.id } });
    }
    return revoked;
  });
  // A concurrent revocation won: its row, with its revokedAt, is the answer.
  return presentAgentKey(row ?? (await findAgentKey({ tenant, agentId, keyId }))!);
}
