import { Badge } from "../ui/badge";

export function WebhookStatus({ status }: { status: "active" | "disabled" }) {
  return status === "active" ? <Badge tone="success">Enabled</Badge> : <Badge>Disabled</Badge>;
}
