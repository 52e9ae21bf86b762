import type { TAuditEntryRow } from "@/db/schema";
import type { TAuditEntry } from "./schemas";

export function presentAuditEntry(row: TAuditEntryRow): TAuditEntry {
  return {
    id: row.id,
    actor: { userId: row.actorUserId, email: row.actorEmail, role: row.actorRole },
    action: row.action,
    targetId: row.targetId,
    environment: row.environment,
    requestId: row.requestId,
    createdAt: row.createdAt.toISOString(),
  };
}
