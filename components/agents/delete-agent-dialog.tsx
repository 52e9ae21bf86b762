"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { TEnvironment } from "@/lib/environment";
import { ActionDialog } from "../console/action-dialog";
import { consoleFetch, queryKeys, type TAgent } from "../console/api";

/** Deletes an agent as DELETE /v1/agents/:id does; one in an open negotiation is refused. */
export function DeleteAgentDialog({
  environment,
  agent,
  onClose,
}: {
  environment: TEnvironment;
  agent: TAgent;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const router = useRouter();
  return (
    <ActionDialog
      title={`Delete “${agent.name}”?`}
      description="The agent disappears from lists and discovery, and its id can no longer negotiate. Its settlements and receipts stay. This cannot be undone."
      confirmLabel="Delete agent"
      busyLabel="Deleting…"
      variant="danger"
      action={() =>
        consoleFetch<unknown>(
          `/api/console/agents/${encodeURIComponent(agent.id)}?environment=${environment}`,
          { method: "DELETE" },
        )
      }
      onDone={() => {
        router.push(`/console/${environment}/agents`);
        return queryClient.invalidateQueries({ queryKey: queryKeys.agentPages(environment) });
      }}
      onClose={onClose}
    />
  );
}
