import type { TNegotiationRow, TNegotiationStatus } from "@/db/schema";

/** An open negotiation past its expiry is expired, whether or not the expiry job has run. */
export function effectiveStatus(
  row: Pick<TNegotiationRow, "status" | "expiresAt">,
  now: Date,
): TNegotiationStatus {
  return row.status === "open" && row.expiresAt.getTime() <= now.getTime() ? "expired" : row.status;
}

export function isExpiredButOpen(row: Pick<TNegotiationRow, "status" | "expiresAt">, now: Date) {
  return row.status === "open" && effectiveStatus(row, now) === "expired";
}
