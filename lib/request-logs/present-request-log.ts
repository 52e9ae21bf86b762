import type { TRequestLogRow } from "@/db/schema";
import type { TRequestLog } from "./schemas";

export function presentRequestLog(row: TRequestLogRow & { keyName: string | null }): TRequestLog {
  return {
    id: row.id,
    method: row.method,
    path: row.path,
    status: row.status,
    latencyMs: row.latencyMs,
    key: row.keyId ? { id: row.keyId, name: row.keyName } : null,
    token: row.tokenId ? { jti: row.tokenId, agentId: row.agentId } : null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  };
}
