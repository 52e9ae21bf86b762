import type { TReceiptListItem } from "../console/api";
import { Badge } from "../ui/badge";

export function ReceiptStatus({ status }: { status: TReceiptListItem["status"] }) {
  if (status === "valid") return <Badge tone="success">Valid</Badge>;
  if (status === "invalid") return <Badge tone="danger">Invalid</Badge>;
  return <Badge tone="warning">Pending</Badge>;
}
