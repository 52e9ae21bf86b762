import { eq } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { memberships } from "@/db/schema";
import { recordAuditEntry } from "./record-audit-entry";

/**
 * Records a change an account made to itself (`account.*`: its email verified, its password
 * reset, two-factor sign-in, its sessions) in the audit log of every organization it belongs
 * to, with its role there: each of them is trusting the account. The target is the account
 * unless named.
 */
export async function recordAccountAuditEntry(
  tx: TExecutor,
  {
    user,
    action,
    targetId = user.id,
    requestId,
  }: {
    user: { id: string; email: string };
    action: string;
    targetId?: string | null;
    requestId: string;
  },
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
        targetId,
        environment: null,
        requestId,
      },
      tx,
    );
  }
}
