"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { TEnvironment } from "@/lib/environment";
import { consoleFetch, queryKeys, type TAgent } from "../console/api";
import ui from "../ui/ui.module.css";

/**
 * An agent's name next to its id, linked to its page. Each agent is read once and shared with
 * its detail page; another organization's agent (a 404) shows its id alone.
 */
export function AgentLink({
  environment,
  agentId,
}: {
  environment: TEnvironment;
  agentId: string;
}) {
  const agent = useQuery({
    queryKey: queryKeys.agent(environment, agentId),
    queryFn: () =>
      consoleFetch<TAgent>(
        `/api/console/agents/${encodeURIComponent(agentId)}?environment=${environment}`,
      ),
  });
  return (
    <Link href={`/console/${environment}/agents/${agentId}`} data-testid="agent-link">
      {agent.data ? <strong>{agent.data.name} </strong> : null}
      <span className={`${ui.mono} ${ui.muted}`}>{agentId}</span>
    </Link>
  );
}
