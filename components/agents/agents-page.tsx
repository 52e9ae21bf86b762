"use client";

import Link from "next/link";
import { basePaths, type TEnvironment } from "@/lib/environment";
import { queryKeys, type TAgent } from "../console/api";
import { NavIcon } from "../console/nav-icon";
import { PagedTable } from "../console/paged-table";
import { useFilteredList } from "../console/use-filtered-list";
import { PageHeader } from "../ui/page-header";
import { EmptyState } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { AgentStatus } from "./agent-status";
import styles from "./agents.module.css";

type TFilters = { q: string; status: string };
const noFilters: TFilters = { q: "", status: "" };

export function AgentsPage({ environment }: { environment: TEnvironment }) {
  const { filters, change, list, filtered } = useFilteredList<TAgent, TFilters>({
    defaults: noFilters,
    toQuery: (current) => {
      const query: Record<string, string> = {};
      if (current.q.trim()) query.q = current.q.trim();
      if (current.status) query.status = current.status;
      return query;
    },
    queryKey: (query) => queryKeys.agentPages(environment, query),
    path: "/api/console/agents",
    environment,
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
      <form
        className={ui.filters}
        aria-label="Filters"
        onSubmit={(event) => event.preventDefault()}
      >
        <label>
          Search
          <input
            type="search"
            className={ui.input}
            placeholder="Name or description"
            value={filters.q}
            onChange={(event) => change({ q: event.target.value })}
          />
        </label>
        <label>
          Status
          <select
            className={ui.input}
            value={filters.status}
            onChange={(event) => change({ status: event.target.value })}
          >
            <option value="">Any</option>
            <option value="active">Active</option>
            <option value="suspended">Suspended</option>
          </select>
        </label>
        {filtered ? (
          <button type="button" className={ui.button} onClick={() => change(noFilters)}>
            Clear filters
          </button>
        ) : null}
      </form>
      <PagedTable
        list={list}
        columns={["Name", "Capabilities", "Status", "Discoverable", "Created"]}
        empty={
          <EmptyState
            icon={<NavIcon name="agents" />}
            title={filtered ? "No agents match these filters" : `No ${environment} agents yet`}
          >
            {filtered ? (
              "Change or clear the filters."
            ) : (
              <>
                Register one with <code>POST {basePaths[environment]}/agents</code> and an API key.
              </>
            )}
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
