import type { TAgent } from "../console/api";
import { Badge } from "../ui/badge";

export function AgentStatus({ status }: { status: TAgent["status"] }) {
  return status === "active" ? (
    <Badge tone="success">Active</Badge>
  ) : (
    <Badge tone="warning">Suspended</Badge>
  );
}
