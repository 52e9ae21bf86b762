import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { invitations, organizations, users } from "@/db/schema";
import { hashSecret } from "@/lib/keys/secret";
import { invitationState } from "./invitation-state";
import { ZInvitationToken } from "./schemas";

/**
 * What an invitation link leads to, for its page: undefined for a token that names no
 * invitation, else its state, its organization and whether its email already has an account.
 */
export async function findInvitation(token: string) {
  if (!ZInvitationToken.safeParse(token).success) return undefined;
  const [row] = await db
    .select({ invitation: invitations, organizationName: organizations.name })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(eq(invitations.tokenHash, hashSecret(token)));
  if (!row) return undefined;
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, row.invitation.email));
  return {
    state: invitationState(row.invitation),
    email: row.invitation.email,
    role: row.invitation.role,
    organizationName: row.organizationName,
    accountExists: account !== undefined,
  };
}
