"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { basePaths, type Environment } from "@/lib/environment";
import { consoleFetch, type Page, queryKeys, type TAgent } from "../console/api";
import { NavIcon } from "../console/nav-icon";
import { Button } from "../ui/button";
import { PageHeader } from "../ui/page-header";
import { EmptyState, ErrorState, LoadingRows } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { AgentStatus } from "./agent-status";
import styles from "./agents.module.css";

const PAGE_SIZE = 20;

export function AgentsPage({ environment }: { environment: Environment }) {
  // The cursors of the pages before the current one, so that "Previous" needs no backwards API.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const agents = useQuery({
    queryKey: queryKeys.agentPage(environment, cursor),
    queryFn: () => {
      const query = new URLSearchParams({ environment, limit: String(PAGE_SIZE) });
      if (cursor) query.set("cursor", cursor);
      return consoleFetch<Page<TAgent>>(`/api/console/agents?${query}`);
    },
    placeholderData: keepPreviousData,
  });
  const page = agents.data;
  return (
    <>
      <PageHeader
        title="Agents"
        description={
          <>
            Agents your organization registered in {environment}. Register and change them through{" "}
            <code>{basePaths[environment]}/agents</code>.
          </>
        }
      />
      <div className={ui.card}>
        {agents.error ? (
          <ErrorState error={agents.error} onRetry={() => agents.refetch()} />
        ) : page?.data.length === 0 && cursors.length === 1 ? (
          <EmptyState icon={<NavIcon name="agents" />} title={`No ${environment} agents yet`}>
            Register one with <code>POST {basePaths[environment]}/agents</code> and an API key.
          </EmptyState>
        ) : (
          <table className={ui.table} aria-busy={agents.isFetching}>
            <thead>
              <tr>
                <th>Name</th>
                <th>Capabilities</th>
                <th>Status</th>
                <th>Discoverable</th>
                <th>Created</th>
              </tr>
            </thead>
            <tbody>
              {!page ? (
                <LoadingRows columns={5} />
              ) : (
                page.data.map((agent) => (
                  <tr key={agent.id}>
                    <td>
                      <Link
                        href={`/console/${environment}/agents/${agent.id}`}
                        className={ui.rowLink}
                      >
                        {agent.name}
                      </Link>
                      <div className={`${ui.mono} ${ui.muted}`}>{agent.id}</div>
                    </td>
                    <td>
                      <div className={styles.capabilities}>
                        {agent.capabilities.slice(0, 4).map((capability) => (
                          <span key={capability} className={styles.capability}>
                            {capability}
                          </span>
                        ))}
                        {agent.capabilities.length > 4 ? (
                          <span className={ui.muted}>+{agent.capabilities.length - 4}</span>
                        ) : null}
                      </div>
                    </td>
                    <td>
                      <AgentStatus status={agent.status} />
                    </td>
                    <td className={ui.muted}>{agent.discoverable ? "Yes" : "No"}</td>
                    <td>
                      <Time value={agent.createdAt} />
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        )}
      </div>
      {page && (page.hasMore || cursors.length > 1) ? (
        <nav className={styles.pager} aria-label="Pages">
          <span className={ui.muted}>Page {cursors.length}</span>
          <Button
            size="small"
            disabled={cursors.length === 1}
            onClick={() => setCursors((list) => list.slice(0, -1))}
          >
            Previous
          </Button>
          <Button
            size="small"
            disabled={!page.hasMore || agents.isPlaceholderData}
            onClick={() => setCursors((list) => [...list, page.cursor])}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </>
  );
}
