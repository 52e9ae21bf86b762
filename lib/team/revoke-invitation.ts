import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { invitations, users } from "@/db/schema";
import { conflict, notFound } from "@/lib/http/api-error";
import { presentInvitation } from "./present-invitation";

/** Makes the link unusable. Revoking twice is a no-op; an accepted invitation is a 409. */
export async function revokeInvitation({
  organizationId,
  invitationId,
}: {
  organizationId: string;
  invitationId: string;
}) {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ row: invitations, invitedByEmail: users.email })
      .from(invitations)
      .leftJoin(users, eq(users.id, invitations.invitedById))
      .where(and(eq(invitations.id, invitationId), eq(invitations.organizationId, organizationId)))
      .for("update", { of: invitations });
    if (!found) throw notFound("invitation", invitationId);
    const { row, invitedByEmail } = found;
    if (row.acceptedAt) throw conflict("This invitation was already accepted.");
    const revokedAt = row.revokedAt ?? new Date();
    if (!row.revokedAt) {
      await tx
        .update(invitations)
        .set({ revokedAt, updatedAt: revokedAt })
        .where(eq(invitations.id, invitationId));
    }
    return {
      ...presentInvitation({ ...row, invitedByEmail }),
      revokedAt: revokedAt.toISOString(),
    };
  });
}
