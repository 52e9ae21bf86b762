"use client";

import { useQuery } from "@tanstack/react-query";
import { basePaths, type TEnvironment } from "@/lib/environment";
import { consoleFetch, queryKeys, type TApiKey, type TRequestLog } from "../console/api";
import {
  createdRangeQuery,
  DayFilter,
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
    toQuery: (current) => ({
      ...trimmedQuery(current, ["requestId", "status", "keyId", "path"]),
      ...createdRangeQuery(current),
    }),
    queryKey: (query) => queryKeys.requestLogs(environment, query),
    path: "/api/console/request-logs",
    environment,
  });
  const keys = useQuery({
    queryKey: queryKeys.keys(environment),
    queryFn: () =>
      consoleFetch<{ data: TApiKey[] }>(`/api/console/keys?environment=${environment}`),
  });
  const field = filterBinder(filters, change);
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
      <FilterBar filtered={filtered} onClear={() => change(noFilters)}>
        <TextFilter label="Request ID" placeholder="req-…" {...field("requestId")} />
        <TextFilter label="Path" placeholder="/agents" {...field("path")} />
        <SelectFilter label="Status" options={statuses} {...field("status")} />
        <SelectFilter
          label="Key"
          options={(keys.data?.data ?? []).map((key, _, all) => ({
            value: key.id,
            // A rolled key keeps its name: the secret's last four tell the two apart.
            label: all.some((other) => other.id !== key.id && other.name === key.name)
              ? `${key.name} · …${key.last4}`
              : key.name,
          }))}
          {...field("keyId")}
        />
        <DayFilter label="From" {...field("createdAfter")} />
        <DayFilter label="To" {...field("createdBefore")} />
      </FilterBar>
      <PagedTable
        list={list}
        columns={requestLogColumns}
        empty={
          filtered ? (
            <NoMatches things="requests" icon={<NavIcon name="logs" />} />
          ) : (
            <EmptyState icon={<NavIcon name="logs" />} title={`No ${environment} requests yet`}>
              Requests made with an API key or an agent token appear here within seconds.
            </EmptyState>
          )
        }
        row={(log) => <RequestLogRow log={log} environment={environment} />}
      />
    </>
  );
}
