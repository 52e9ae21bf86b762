import type { TNegotiation, TSettlement } from "../console/api";
import { Badge, type TBadgeTone } from "../ui/badge";

const negotiationTones: Record<TNegotiation["status"], TBadgeTone> = {
  open: "accent",
  accepted: "success",
  rejected: "danger",
  cancelled: "neutral",
  expired: "neutral",
};

const settlementTones: Record<TSettlement["status"], TBadgeTone> = {
  pending: "neutral",
  executing: "accent",
  executed: "success",
  failed: "danger",
  reversed: "warning",
  disputed: "warning",
};

const label = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

export function NegotiationStatus({ status }: { status: TNegotiation["status"] }) {
  return <Badge tone={negotiationTones[status]}>{label(status)}</Badge>;
}

export function SettlementStatus({ status }: { status: TSettlement["status"] }) {
  return <Badge tone={settlementTones[status]}>{label(status)}</Badge>;
}
