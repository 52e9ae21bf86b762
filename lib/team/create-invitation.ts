import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { invitations, memberships, users } from "@/db/schema";
import { ApiError, conflict } from "@/lib/http/api-error";
import { newId } from "@/lib/ids";
import { generateInvitationToken } from "./invitation-token";
import { presentInvitation } from "./present-invitation";
import type { TMemberRole } from "./roles";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An invitation for one email with one role, from a member whose email is verified. The response is the only place its token appears;
 * the link is built from it by the caller.
 */
export async function createInvitation({
  organizationId,
  invitedBy,
  email,
  role,
  expiresInDays,
}: {
  organizationId: string;
  invitedBy: { id: string; email: string; emailVerifiedAt: Date | null };
  email: string;
  role: TMemberRole;
  expiresInDays: number;
}) {
  // Invitations are mailed: an account that has not shown it owns its address sends none.
  if (!invitedBy.emailVerifiedAt) {
    throw new ApiError({
      code: "forbidden",
      message: `Verify your email (${invitedBy.email}) before inviting teammates: open the link we mailed you, or send a new one from your account page.`,
    });
  }
  const [member] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(and(eq(users.email, email), eq(memberships.organizationId, organizationId)));
  if (member) throw conflict(`${email} is already a member of this organization.`, "email");
  const { token, hash } = generateInvitationToken();
  const [row] = await db
    .insert(invitations)
    .values({
      id: newId("invitation"),
      organizationId,
      email,
      role,
      tokenHash: hash,
      invitedById: invitedBy.id,
      expiresAt: new Date(Date.now() + expiresInDays * DAY_MS),
    })
    .returning();
  return { invitation: presentInvitation({ ...row!, invitedByEmail: invitedBy.email }), token };
}
