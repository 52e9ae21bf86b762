import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { users } from "@/db/schema";
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
    const [changed] = await tx
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    return presentMember(changed!);
  });
}
