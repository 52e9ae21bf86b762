import type { TInvitationRow } from "@/db/schema";

export type TInvitationState = "pending" | "accepted" | "revoked" | "expired";

export function invitationState(row: TInvitationRow, now = new Date()): TInvitationState {
  if (row.acceptedAt) return "accepted";
  if (row.revokedAt) return "revoked";
  if (row.expiresAt <= now) return "expired";
  return "pending";
}

/** Why a link no longer works, as the invitee should read it. */
export const refusals: Record<Exclude<TInvitationState, "pending">, string> = {
  accepted: "This invitation link was already used. Ask the organization's owner for a new one.",
  revoked: "This invitation was revoked. Ask the organization's owner for a new one.",
  expired: "This invitation link has expired. Ask the organization's owner for a new one.",
};
