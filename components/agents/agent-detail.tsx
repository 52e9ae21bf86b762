"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { TEnvironment } from "@/lib/environment";
import { consoleFetch, queryKeys, type TAgent } from "../console/api";
import { DetailList, DetailRow, none } from "../console/detail-list";
import { EventsLink } from "../console/events-link";
import { CopyButton } from "../ui/copy-button";
import { PageHeader } from "../ui/page-header";
import { EmptyState, ErrorState } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { AgentActions } from "./agent-actions";
import { AgentStatus } from "./agent-status";
import { AgentWallet } from "./agent-wallet";
import styles from "./agents.module.css";

export function AgentDetail({
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
  const back = <Link href={`/console/${environment}/agents`}>← Agents</Link>;
  if (agent.error) {
    const missing = "status" in agent.error && agent.error.status === 404;
    return (
      <>
        <PageHeader title="Agent" back={back} />
        <div className={ui.card}>
          {missing ? (
            <EmptyState icon="?" title="No such agent">
              There is no agent <code>{agentId}</code> in {environment}.
            </EmptyState>
          ) : (
            <ErrorState error={agent.error} onRetry={() => agent.refetch()} />
          )}
        </div>
      </>
    );
  }
  const data = agent.data;
  return (
    <>
      <PageHeader
        back={back}
        title={
          data ? (
            <>
              {data.name} <AgentStatus status={data.status} />
            </>
          ) : (
            <span className={ui.skeleton} style={{ width: 220, height: 28, display: "block" }} />
          )
        }
        description={data?.description ?? undefined}
        actions={data ? <AgentActions environment={environment} agent={data} /> : null}
      />
      <div className={ui.card}>
        <DetailList busy={agent.isPending}>
          <DetailRow label="ID">
            <span className={styles.inline}>
              <code>{agentId}</code> <CopyButton value={agentId} />
            </span>
          </DetailRow>
          {data ? (
            <>
              <DetailRow label="Capabilities">
                {data.capabilities.length ? (
                  <div className={styles.capabilities}>
                    {data.capabilities.map((capability) => (
                      <span key={capability} className={styles.capability}>
                        {capability}
                      </span>
                    ))}
                  </div>
                ) : (
                  none
                )}
              </DetailRow>
              <DetailRow label="Endpoint">
                {data.endpointUrl ? <code>{data.endpointUrl}</code> : none}
              </DetailRow>
              <DetailRow label="Discoverable">
                {data.discoverable ? "Yes, other organizations can find it" : "No"}
              </DetailRow>
              <DetailRow label="Metadata">
                {Object.keys(data.metadata).length ? (
                  <table className={styles.metadata}>
                    <tbody>
                      {Object.entries(data.metadata).map(([key, value]) => (
                        <tr key={key}>
                          <th>{key}</th>
                          <td>{value}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                ) : (
                  none
                )}
              </DetailRow>
              <DetailRow label="Created">
                <Time value={data.createdAt} />
              </DetailRow>
              <DetailRow label="Updated">
                <Time value={data.updatedAt} />
              </DetailRow>
              <DetailRow label="Events">
                <EventsLink environment={environment} objectId={agentId} />
              </DetailRow>
            </>
          ) : null}
        </DetailList>
      </div>
      <AgentWallet environment={environment} agentId={agentId} />
    </>
  );
}
