import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { users } from "@/db/schema";
import { getMemberForUpdateOrThrow } from "./get-member";
import { keepAnOwner } from "./keep-an-owner";
import { presentMember } from "./present-member";

/**
 * Removes a member. An account belongs to one organization, so this deletes the account; its
 * sessions stop working on their next request. Removing the last owner is a 409.
 */
export async function removeMember({
  organizationId,
  userId,
}: {
  organizationId: string;
  userId: string;
}) {
  return db.transaction(async (tx) => {
    await keepAnOwner(tx, { organizationId, userId });
    const member = await getMemberForUpdateOrThrow({ organizationId, userId }, tx);
    await tx.delete(users).where(eq(users.id, userId));
    return { ...presentMember(member), deleted: true as const };
  });
}
