import { eq } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { memberships } from "@/db/schema";
import { recordAuditEntry } from "./record-audit-entry";

/**
 * Records a change the account made to itself outside any organization's console (its email
 * verified, its password reset by mail) in the audit log of every organization it belongs to,
 * with its role there.
 */
export async function recordAccountAuditEntry(
  tx: TExecutor,
  {
    user,
    action,
    requestId,
  }: { user: { id: string; email: string }; action: string; requestId: string },
) {
  const joined = await tx
    .select({ organizationId: memberships.organizationId, role: memberships.role })
    .from(memberships)
    .where(eq(memberships.userId, user.id));
  for (const { organizationId, role } of joined) {
    await recordAuditEntry(
      {
        organizationId,
        actor: { id: user.id, email: user.email, role },
        action,
        targetId: user.id,
        environment: null,
        requestId,
      },
      tx,
    );
  }
}
