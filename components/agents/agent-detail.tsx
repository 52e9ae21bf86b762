"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import type { Environment } from "@/lib/environment";
import { consoleFetch, queryKeys, type TAgent } from "../console/api";
import { CopyButton } from "../ui/copy-button";
import { PageHeader } from "../ui/page-header";
import { EmptyState, ErrorState } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { AgentStatus } from "./agent-status";
import styles from "./agents.module.css";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const none = <span className={ui.muted}>None</span>;

export function AgentDetail({
  environment,
  agentId,
}: {
  environment: Environment;
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
      />
      <div className={ui.card}>
        <dl className={styles.details} aria-busy={agent.isPending}>
          <Row label="ID">
            <span className={styles.inline}>
              <code>{agentId}</code> <CopyButton value={agentId} />
            </span>
          </Row>
          {data ? (
            <>
              <Row label="Capabilities">
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
              </Row>
              <Row label="Endpoint">
                {data.endpointUrl ? <code>{data.endpointUrl}</code> : none}
              </Row>
              <Row label="Discoverable">
                {data.discoverable ? "Yes, other organizations can find it" : "No"}
              </Row>
              <Row label="Metadata">
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
              </Row>
              <Row label="Created">
                <Time value={data.createdAt} />
              </Row>
              <Row label="Updated">
                <Time value={data.updatedAt} />
              </Row>
            </>
          ) : null}
        </dl>
      </div>
    </>
  );
}
