"use client";

import { useQueryClient } from "@tanstack/react-query";
import type { TEnvironment } from "@/lib/environment";
import { ActionDialog } from "../console/action-dialog";
import { consoleFetch, queryKeys, type TAgent } from "../console/api";

/** Suspends an active agent or resumes a suspended one, as PATCH /v1/agents/:id with a status. */
export function AgentStatusDialog({
  environment,
  agent,
  onClose,
}: {
  environment: TEnvironment;
  agent: TAgent;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const suspend = agent.status === "active";
  return (
    <ActionDialog
      title={suspend ? `Suspend “${agent.name}”?` : `Resume “${agent.name}”?`}
      description={
        suspend
          ? "A suspended agent cannot open or answer negotiations until it is resumed."
          : "The agent can negotiate again."
      }
      confirmLabel={suspend ? "Suspend agent" : "Resume agent"}
      busyLabel={suspend ? "Suspending…" : "Resuming…"}
      variant={suspend ? "danger" : "primary"}
      action={() =>
        consoleFetch<TAgent>(
          `/api/console/agents/${encodeURIComponent(agent.id)}?environment=${environment}`,
          { method: "PATCH", body: { status: suspend ? "suspended" : "active" } },
        )
      }
      onDone={(updated) => {
        queryClient.setQueryData(queryKeys.agent(environment, agent.id), updated);
        return queryClient.invalidateQueries({ queryKey: queryKeys.agentPages(environment) });
      }}
      onClose={onClose}
    />
  );
}
