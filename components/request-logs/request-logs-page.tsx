"use client";

import { useQuery } from "@tanstack/react-query";
import { basePaths, type TEnvironment } from "@/lib/environment";
import { consoleFetch, queryKeys, type TApiKey, type TRequestLog } from "../console/api";
import { listFilterQuery } from "../console/list-filters";
import { NavIcon } from "../console/nav-icon";
import { PagedTable } from "../console/paged-table";
import { useFilteredList } from "../console/use-filtered-list";
import { PageHeader } from "../ui/page-header";
import { EmptyState } from "../ui/states";
import ui from "../ui/ui.module.css";
import { RequestLogRow, requestLogColumns } from "./request-log-row";

type TFilters = {
  requestId: string;
  status: string;
  keyId: string;
  path: string;
  createdAfter: string;
  createdBefore: string;
};
const noFilters: TFilters = {
  requestId: "",
  status: "",
  keyId: "",
  path: "",
  createdAfter: "",
  createdBefore: "",
};

const statuses = ["2xx", "4xx", "5xx", "400", "401", "403", "404", "409", "429", "500"];

export function RequestLogsPage({ environment }: { environment: TEnvironment }) {
  const { filters, change, list, filtered } = useFilteredList<TRequestLog, TFilters>({
    defaults: noFilters,
    toQuery: (current) => {
      // The days become instants by the lists' one rule; the rest is sent trimmed.
      const query = listFilterQuery(current);
      for (const name of ["requestId", "keyId", "path"] as const)
        if (current[name].trim()) query[name] = current[name].trim();
      return query;
    },
    queryKey: (query) => queryKeys.requestLogs(environment, query),
    path: "/api/console/request-logs",
    environment,
  });
  const keys = useQuery({
    queryKey: queryKeys.keys(environment),
    queryFn: () =>
      consoleFetch<{ data: TApiKey[] }>(`/api/console/keys?environment=${environment}`),
  });
  return (
    <>
      <PageHeader
        title="Request logs"
        description={
          <>
            Authenticated requests to <code>{basePaths[environment]}</code>, newest first, with the
            error each failure answered. Headers and request bodies are never stored.
          </>
        }
      />
      <form
        className={ui.filters}
        aria-label="Filters"
        onSubmit={(event) => event.preventDefault()}
      >
        <label>
          Request ID
          <input
            className={ui.input}
            placeholder="req-…"
            value={filters.requestId}
            onChange={(event) => change({ requestId: event.target.value })}
          />
        </label>
        <label>
          Path
          <input
            className={ui.input}
            placeholder="/agents"
            value={filters.path}
            onChange={(event) => change({ path: event.target.value })}
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
            {statuses.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </label>
        <label>
          Key
          <select
            className={ui.input}
            value={filters.keyId}
            onChange={(event) => change({ keyId: event.target.value })}
          >
            <option value="">Any</option>
            {keys.data?.data.map((key, _, all) => (
              <option key={key.id} value={key.id}>
                {/* A rolled key keeps its name: the secret's last four tell the two apart. */}
                {all.some((other) => other.id !== key.id && other.name === key.name)
                  ? `${key.name} · …${key.last4}`
                  : key.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input
            type="date"
            className={ui.input}
            value={filters.createdAfter}
            onChange={(event) => change({ createdAfter: event.target.value })}
          />
        </label>
        <label>
          To
          <input
            type="date"
            className={ui.input}
            value={filters.createdBefore}
            onChange={(event) => change({ createdBefore: event.target.value })}
          />
        </label>
        {filtered ? (
          <button type="button" className={ui.button} onClick={() => change(noFilters)}>
            Clear filters
          </button>
        ) : null}
      </form>
      <PagedTable
        list={list}
        columns={requestLogColumns}
        empty={
          <EmptyState
            icon={<NavIcon name="logs" />}
            title={filtered ? "No requests match these filters" : `No ${environment} requests yet`}
          >
            {filtered
              ? "Change or clear the filters."
              : "Requests made with an API key or an agent token appear here within seconds."}
          </EmptyState>
        }
        row={(log) => <RequestLogRow log={log} environment={environment} />}
      />
    </>
  );
}
