import type { TApiKey } from "../console/api";
import { Badge } from "../ui/badge";
import { formatRelative } from "../ui/time";

/** The key's status now: an expiring key the server listed a while ago may have expired since. */
export function currentStatus(apiKey: TApiKey, now = Date.now()): TApiKey["status"] {
  if (apiKey.status === "expiring" && new Date(apiKey.expiresAt!).getTime() <= now) {
    return "expired";
  }
  return apiKey.status;
}

export function KeyStatus({ apiKey }: { apiKey: TApiKey }) {
  switch (currentStatus(apiKey)) {
    case "active":
      return <Badge tone="success">Active</Badge>;
    case "expiring":
      return (
        <span title={apiKey.expiresAt ?? undefined}>
          <Badge tone="warning">Expires {formatRelative(new Date(apiKey.expiresAt!))}</Badge>
        </span>
      );
    case "expired":
      return <Badge>Expired</Badge>;
    case "revoked":
      return <Badge tone="danger">Revoked</Badge>;
  }
}
