import { db } from "@/db/client";
import { auditEntries } from "@/db/schema";
import type { TEnvironment } from "@/lib/environment";
import { newId } from "@/lib/ids";
import type { TConsoleMember } from "@/lib/users/get-console-member";

export type TAuditInput = {
  member: TConsoleMember;
  action: string;
  targetId: string | null;
  environment: TEnvironment | null;
  requestId: string;
};

export async function recordAuditEntry({
  member,
  action,
  targetId,
  environment,
  requestId,
}: TAuditInput) {
  await db.insert(auditEntries).values({
    id: newId("auditEntry"),
    organizationId: member.organization.id,
    environment,
    actorUserId: member.user.id,
    actorEmail: member.user.email,
    actorRole: member.role,
    action,
    targetId,
    requestId,
  });
}
