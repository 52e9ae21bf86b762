import type { TAgentKeyRow } from "@/db/schema";
import type { TAgentKey } from "./schemas";

export function presentAgentKey(row: TAgentKeyRow): TAgentKey {
  return {
    id: row.id,
    agentId: row.agentId,
    algorithm: row.algorithm,
    publicJwk: row.publicJwk,
    thumbprint: row.thumbprint,
    status: row.status,
    revokedAt: row.revokedAt ? row.revokedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}
