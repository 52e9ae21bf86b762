"use client";

import Link from "next/link";
import { basePaths, type TEnvironment } from "@/lib/environment";
import { queryKeys, type TAgent } from "../console/api";
import { NavIcon } from "../console/nav-icon";
import { PagedTable } from "../console/paged-table";
import { usePagedList } from "../console/use-paged-list";
import { PageHeader } from "../ui/page-header";
import { EmptyState } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { AgentStatus } from "./agent-status";
import styles from "./agents.module.css";

export function AgentsPage({ environment }: { environment: TEnvironment }) {
  const list = usePagedList<TAgent>({
    queryKey: queryKeys.agentPages(environment),
    path: "/api/console/agents",
    params: { environment },
  });
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
      <PagedTable
        list={list}
        columns={["Name", "Capabilities", "Status", "Discoverable", "Created"]}
        empty={
          <EmptyState icon={<NavIcon name="agents" />} title={`No ${environment} agents yet`}>
            Register one with <code>POST {basePaths[environment]}/agents</code> and an API key.
          </EmptyState>
        }
        row={(agent) => (
          <tr>
            <td>
              <Link href={`/console/${environment}/agents/${agent.id}`} className={ui.rowLink}>
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
        )}
      />
    </>
  );
}
