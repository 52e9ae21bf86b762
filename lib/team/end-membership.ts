import { and, eq } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { memberships, users } from "@/db/schema";

/**
 * Ends an account's membership of an organization (the caller has kept an owner). An account
 * left in no organization is deleted: it only existed to work in one. The account's sessions
 * working in that organization move to its oldest other membership on their next request.
 */
export async function endMembership(
  tx: TExecutor,
  { organizationId, userId }: { organizationId: string; userId: string },
) {
  // The account's row first: two memberships ended at once cannot both see the other remain.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  await tx
    .delete(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  const [other] = await tx
    .select({ organizationId: memberships.organizationId })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .limit(1);
  if (!other) await tx.delete(users).where(eq(users.id, userId));
}
