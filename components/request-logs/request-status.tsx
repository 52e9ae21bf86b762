import { Badge, type TBadgeTone } from "../ui/badge";

const toneOf = (status: number): TBadgeTone =>
  status >= 500 ? "danger" : status >= 400 ? "warning" : "success";

export function RequestStatus({ status }: { status: number }) {
  return <Badge tone={toneOf(status)}>{status}</Badge>;
}
