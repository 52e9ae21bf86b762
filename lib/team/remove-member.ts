import { db } from "@/db/client";
import { endMembership } from "./end-membership";
import { getMemberForUpdateOrThrow } from "./get-member";
import { keepAnOwner } from "./keep-an-owner";
import { presentMember } from "./present-member";

/**
 * Removes a member from the organization; their sessions stop working in it on their next
 * request, and an account in no other organization is deleted. Removing the last owner is a
 * 409.
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
    await endMembership(tx, { organizationId, userId });
    return { ...presentMember(member), deleted: true as const };
  });
}
