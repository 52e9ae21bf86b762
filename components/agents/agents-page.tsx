"use client";

import Link from "next/link";
import { basePaths, type TEnvironment } from "@/lib/environment";
import { queryKeys, type TAgent } from "../console/api";
import {
  FilterBar,
  filterBinder,
  SelectFilter,
  TextFilter,
  trimmedQuery,
} from "../console/filter-bar";
import { NavIcon } from "../console/nav-icon";
import { PagedTable } from "../console/paged-table";
import { useFilteredList } from "../console/use-filtered-list";
import { PageHeader } from "../ui/page-header";
import { EmptyState, NoMatches } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { AgentStatus } from "./agent-status";
import styles from "./agents.module.css";

type TFilters = { q: string; status: string };
const noFilters: TFilters = { q: "", status: "" };

export function AgentsPage({ environment }: { environment: TEnvironment }) {
  const { filters, change, list, filtered } = useFilteredList<TAgent, TFilters>({
    defaults: noFilters,
    toQuery: (current) => trimmedQuery(current, ["q", "status"]),
    queryKey: (query) => queryKeys.agentPages(environment, query),
    path: "/api/console/agents",
    environment,
  });
  const field = filterBinder(filters, change);
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
      <FilterBar filtered={filtered} onClear={() => change(noFilters)}>
        <TextFilter
          label="Search"
          type="search"
          placeholder="Name or description"
          {...field("q")}
        />
        <SelectFilter
          label="Status"
          options={[
            { value: "active", label: "Active" },
            { value: "suspended", label: "Suspended" },
          ]}
          {...field("status")}
        />
      </FilterBar>
      <PagedTable
        list={list}
        columns={["Name", "Capabilities", "Status", "Discoverable", "Created"]}
        empty={
          filtered ? (
            <NoMatches things="agents" icon={<NavIcon name="agents" />} />
          ) : (
            <EmptyState icon={<NavIcon name="agents" />} title={`No ${environment} agents yet`}>
              Register one with <code>POST {basePaths[environment]}/agents</code> and an API key.
            </EmptyState>
          )
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
