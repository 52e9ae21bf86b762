import type { NegotiationRow, NegotiationStatus } from "@/db/schema";

/** An open negotiation past its expiry is expired, whether or not the expiry job has run. */
export function effectiveStatus(
  row: Pick<NegotiationRow, "status" | "expiresAt">,
  now: Date,
): NegotiationStatus {
  return row.status === "open" && row.expiresAt.getTime() <= now.getTime() ? "expired" : row.status;
}

export function isExpiredButOpen(row: Pick<NegotiationRow, "status" | "expiresAt">, now: Date) {
  return row.status === "open" && effectiveStatus(row, now) === "expired";
}
