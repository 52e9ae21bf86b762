"use client";

import Link from "next/link";
import type { TEnvironment } from "@/lib/environment";
import { queryKeys, type TAuditEntry } from "../console/api";
import {
  createdRangeQuery,
  DayFilter,
  FilterBar,
  filterBinder,
  SelectFilter,
  TextFilter,
  trimmedQuery,
} from "../console/filter-bar";
import { PagedTable } from "../console/paged-table";
import { usePagedList } from "../console/use-paged-list";
import { useUrlFilters } from "../console/use-url-filters";
import { Badge } from "../ui/badge";
import { PageHeader } from "../ui/page-header";
import { EmptyState, NoMatches } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";

type TFilters = {
  action: string;
  actor: string;
  targetId: string;
  environment: string;
  createdAfter: string;
  createdBefore: string;
};
const noFilters: TFilters = {
  action: "",
  actor: "",
  targetId: "",
  environment: "",
  createdAfter: "",
  createdBefore: "",
};

/** The audit routes' query: text filters trimmed, days as instants. */
const auditQuery = (filters: TFilters) => ({
  ...trimmedQuery(filters, ["action", "actor", "targetId", "environment"]),
  ...createdRangeQuery(filters),
});

export function AuditLogPage({ environment }: { environment: TEnvironment }) {
  const { filters, change } = useUrlFilters(noFilters);
  const query = auditQuery(filters);
  const filtered = Object.keys(query).length > 0;
  const list = usePagedList<TAuditEntry>({
    queryKey: queryKeys.audit(query),
    path: "/api/console/team/audit",
    params: query,
  });
  const field = filterBinder(filters, change);
  return (
    <>
      <PageHeader
        back={<Link href={`/console/${environment}/team`}>← Team</Link>}
        title="Audit log"
        description="Every change made in the console, by whom and when, newest first."
      />
      <FilterBar
        filtered={filtered}
        onClear={() => change(noFilters)}
        after={
          <a
            className={ui.button}
            href={`/api/console/team/audit/export?${new URLSearchParams(query)}`}
            download
          >
            Export CSV
          </a>
        }
      >
        <TextFilter label="Action" placeholder="keys, keys.roll…" {...field("action")} />
        <TextFilter label="Actor" placeholder="Email" {...field("actor")} />
        <TextFilter label="Target" placeholder="key-…, wh-…" {...field("targetId")} />
        <SelectFilter
          label="Environment"
          options={[
            { value: "sandbox", label: "Sandbox" },
            { value: "production", label: "Production" },
            { value: "organization", label: "Organization (team)" },
          ]}
          {...field("environment")}
        />
        <DayFilter label="Created from" {...field("createdAfter")} />
        <DayFilter label="Created to" {...field("createdBefore")} />
      </FilterBar>
      <PagedTable
        list={list}
        columns={["Time", "Actor", "Action", "Target", "Environment"]}
        label="Audit log entries"
        empty={
          filtered ? (
            <NoMatches things="entries" />
          ) : (
            <EmptyState title="Nothing changed yet">
              Changes made in the console appear here.
            </EmptyState>
          )
        }
        row={(entry) => (
          <tr data-testid="audit-row" data-action={entry.action}>
            <td>
              <Time value={entry.createdAt} />
            </td>
            <td>
              {entry.actor.email} <Badge>{entry.actor.role}</Badge>
            </td>
            <td className={ui.mono}>{entry.action}</td>
            <td className={ui.mono}>{entry.targetId ?? "—"}</td>
            <td className={ui.muted}>{entry.environment ?? "organization"}</td>
          </tr>
        )}
      />
    </>
  );
}
