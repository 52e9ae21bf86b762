import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { db } from "@/db/client";
import { invitations, users } from "@/db/schema";
import { presentInvitation } from "./present-invitation";

/** Invitations that can still be accepted: neither used, revoked nor expired; newest first. */
export async function listPendingInvitations({ organizationId }: { organizationId: string }) {
  const rows = await db
    .select({ invitation: invitations, invitedByEmail: users.email })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedById))
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
  return rows.map((row) =>
    presentInvitation({ ...row.invitation, invitedByEmail: row.invitedByEmail }),
  );
}
