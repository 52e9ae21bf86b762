import { and, asc, eq } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { memberships } from "@/db/schema";
import { conflict } from "@/lib/http/api-error";

/**
 * Refuses a change that would leave the organization without an owner, when `userId` stops
 * being one of its owners. Every owner's membership is locked (in one order), so two owners demoting
 * each other at once are serialized and the second sees the first's change.
 */
export async function keepAnOwner(
  tx: TExecutor,
  {
    organizationId,
    userId,
    refusal = "This is the organization's last owner: make another member an owner first.",
  }: { organizationId: string; userId: string; refusal?: string },
) {
  const owners = await tx
    .select({ id: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, "owner")))
    .orderBy(asc(memberships.userId))
    .for("update");
  if (owners.every((owner) => owner.id === userId)) {
    throw conflict(refusal, "role");
  }
}
