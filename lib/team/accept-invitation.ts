import { eq } from "drizzle-orm";
import { db, type TExecutor } from "@/db/client";
import { invitations, memberships, type TInvitationRow, users } from "@/db/schema";
import { ApiError, conflict } from "@/lib/http/api-error";
import { newId } from "@/lib/ids";
import { hashSecret } from "@/lib/keys/secret";
import { hashPassword } from "@/lib/users/password";
import { invitationState, refusals } from "./invitation-state";
import { keepRoomForMembership } from "./membership-cap";
import { recordAuditEntry } from "./record-audit-entry";

type TNewAccount = { name: string; password: string };

/**
 * Joins the invitation's organization with its role, once: the invitation row is locked, so a
 * link used twice at once admits one account. With `account`, a new account is created for the
 * invitation's email; without, the signed-in account (whose email must be the invitation's)
 * joins it too, keeping its other organizations.
 */
export async function acceptInvitation({
  token,
  account,
  signedInUserId,
  requestId,
}: {
  token: string;
  account?: TNewAccount;
  signedInUserId?: string;
  /** The request's id, for the audit entry of the join. */
  requestId: string;
}) {
  const passwordHash = account ? await hashPassword(account.password) : undefined;
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(invitations)
      .where(eq(invitations.tokenHash, hashSecret(token)))
      .for("update");
    if (!invitation) {
      throw new ApiError({ code: "not_found", message: "This invitation link is not valid." });
    }
    const state = invitationState(invitation);
    if (state !== "pending") throw conflict(refusals[state], "token");
    const userId =
      account && passwordHash
        ? await createMember(tx, invitation, { name: account.name, passwordHash })
        : await joinWithSignedInAccount(tx, invitation, signedInUserId);
    const now = new Date();
    await tx
      .update(invitations)
      .set({ acceptedAt: now, acceptedById: userId, updatedAt: now })
      .where(eq(invitations.id, invitation.id));
    await recordAuditEntry(
      {
        organizationId: invitation.organizationId,
        actor: { id: userId, email: invitation.email, role: invitation.role },
        action: "invitation.accept",
        targetId: invitation.id,
        environment: null,
        requestId,
      },
      tx,
    );
    return {
      user: { id: userId, email: invitation.email },
      organizationId: invitation.organizationId,
      role: invitation.role,
    };
  });
}

async function createMember(
  tx: TExecutor,
  invitation: TInvitationRow,
  { name, passwordHash }: { name: string; passwordHash: string },
) {
  const [taken] = await tx.select().from(users).where(eq(users.email, invitation.email));
  if (taken) {
    throw conflict(
      `${invitation.email} already has an account: sign in with it to accept.`,
      "account",
    );
  }
  const userId = newId("user");
  await tx.insert(users).values({ id: userId, email: invitation.email, name, passwordHash });
  await tx.insert(memberships).values({
    userId,
    organizationId: invitation.organizationId,
    role: invitation.role,
  });
  return userId;
}

async function joinWithSignedInAccount(
  tx: TExecutor,
  invitation: TInvitationRow,
  signedInUserId: string | undefined,
) {
  const [user] = signedInUserId
    ? await tx.select().from(users).where(eq(users.id, signedInUserId))
    : [];
  if (!user) {
    throw new ApiError({
      code: "unauthorized",
      message: "Sign in, or create an account with a name and a password, to accept.",
    });
  }
  if (user.email !== invitation.email) {
    throw new ApiError({
      code: "forbidden",
      message: `This invitation is for ${invitation.email}; you are signed in as ${user.email}.`,
    });
  }
  // Locks the account's row.
  await keepRoomForMembership(tx, user.id);
  const [joined] = await tx
    .insert(memberships)
    .values({ userId: user.id, organizationId: invitation.organizationId, role: invitation.role })
    .onConflictDoNothing()
    .returning({ userId: memberships.userId });
  if (!joined) throw conflict("You are already a member of this organization.", "token");
  return user.id;
}
