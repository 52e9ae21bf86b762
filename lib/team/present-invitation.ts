import type { TInvitationRow } from "@/db/schema";
import type { TInvitation } from "./schemas";

export function presentInvitation(
  row: TInvitationRow & { invitedByEmail: string | null },
): TInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invitedByEmail,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
