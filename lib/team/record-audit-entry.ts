import { db, type TExecutor } from "@/db/client";
import { auditEntries } from "@/db/schema";
import type { TEnvironment } from "@/lib/environment";
import { newId } from "@/lib/ids";
import type { TMemberRole } from "./roles";

export type TAuditInput = {
  organizationId: string;
  actor: { id: string; email: string; role: TMemberRole };
  action: string;
  targetId: string | null;
  environment: TEnvironment | null;
  requestId: string;
};

export async function recordAuditEntry(input: TAuditInput, tx: TExecutor = db) {
  await tx.insert(auditEntries).values({
    id: newId("auditEntry"),
    organizationId: input.organizationId,
    environment: input.environment,
    actorUserId: input.actor.id,
    actorEmail: input.actor.email,
    actorRole: input.actor.role,
    action: input.action,
    targetId: input.targetId,
    requestId: input.requestId,
  });
}
