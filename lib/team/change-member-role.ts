import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { memberships } from "@/db/schema";
import { getMemberForUpdateOrThrow } from "./get-member";
import { keepAnOwner } from "./keep-an-owner";
import { presentMember } from "./present-member";
import type { TMemberRole } from "./roles";

/** Gives a member another role; taking it from the last owner is a 409. */
export async function changeMemberRole({
  organizationId,
  userId,
  role,
}: {
  organizationId: string;
  userId: string;
  role: TMemberRole;
}) {
  return db.transaction(async (tx) => {
    if (role !== "owner") await keepAnOwner(tx, { organizationId, userId });
    const member = await getMemberForUpdateOrThrow({ organizationId, userId }, tx);
    if (member.role === role) return presentMember(member);
    await tx
      .update(memberships)
      .set({ role, updatedAt: new Date() })
      .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId)));
    return presentMember({ ...member, role });
  });
}
